import { describe, expect, it } from "vitest"
import {
  applyReport,
  BUSY_STALE_MS,
  initialReadyState,
  noteDelivered,
  noteKeys,
  noteOutput,
  noteReportsTurns,
  QUIET_MS,
  type ReadyState,
  verdict
} from "./Readiness.js"
import { SETUP_DONE_MARKER } from "./SetupMarker.js"

const bytes = (s: string) => Buffer.from(s, "latin1")
const oneByOne = (state: ReadyState, batch: ReadonlyArray<Uint8Array>, now: number) =>
  batch.reduce((st, b) => noteOutput(st, b, now), state)
/** The session's inbox hands the actor a batch's reads as one run of bytes. */
const noteOutputs = (state: ReadyState, batch: ReadonlyArray<Uint8Array>, now: number) => noteOutput(state, Buffer.concat(batch), now)

describe("a batch of output noted at once", () => {
  it("is the same as noting each read in turn once setup is over", () => {
    const batch = ["a", "bc", "def"].map(bytes)
    const state = initialReadyState(0, false)
    expect(noteOutputs(state, batch, 50)).toEqual(oneByOne(state, batch, 50))
    expect(noteOutputs(state, batch, 50).lastOut).toBe(50)
  })

  it("still finds a setup marker cut across the batch's reads, and what came after it", () => {
    const cut = SETUP_DONE_MARKER.length >> 1
    for (const after of ["", "$ "]) {
      const batch = [bytes(`setting up…${SETUP_DONE_MARKER.slice(0, cut)}`), bytes(SETUP_DONE_MARKER.slice(cut) + after)]
      const state = initialReadyState(0, true)
      const noted = noteOutputs(state, batch, 50)
      expect(noted).toEqual(oneByOne(state, batch, 50))
      expect([noted.settingUp, noted.lastOut]).toEqual([false, after === "" ? null : 50])
    }
  })
})

describe("a message lich typed into a session", () => {
  const reportedDone = applyReport(initialReadyState(0, false), "done")

  it("holds a session whose hooks report turns until its next report, however quiet it stays", () => {
    const typed = noteDelivered(reportedDone, 1_000)
    expect(verdict(typed, 1_000 + QUIET_MS)._tag).toBe("NotYet")
    expect(verdict(typed, 1_000 + BUSY_STALE_MS - 1)).toEqual({ _tag: "NotYet", recheckInMs: 1 })
    // Whatever the report says, it answers the expected turn: busy holds on, done lets go.
    expect(verdict(applyReport(typed, "busy"), 1_000 + QUIET_MS)._tag).toBe("NotYet")
    expect(verdict(applyReport(typed, "done"), 1_000)._tag).toBe("Ready")
  })

  it("holds a first task the same way once the provider's session-start said it reports turns", () => {
    const started = noteReportsTurns(initialReadyState(0, false))
    expect(verdict(noteDelivered(started, 1_000), 1_000 + QUIET_MS)._tag).toBe("NotYet")
  })

  it("is judged by the quiet rule alone in a session that never reported, and after the stale bound", () => {
    const silent = noteDelivered(initialReadyState(0, false), 1_000)
    expect(verdict(silent, 1_000 + QUIET_MS)._tag).toBe("Ready")
    expect(verdict(noteDelivered(reportedDone, 1_000), 1_000 + BUSY_STALE_MS)._tag).toBe("Ready")
  })

  it("is not what a person's Enter does: that keeps the quiet rule", () => {
    const pressed = noteKeys(reportedDone, bytes("\r"), 1_000)
    expect(verdict(pressed, 1_000 + QUIET_MS)._tag).toBe("Ready")
  })
})
