import { describe, expect, it } from "vitest"
import { initialReadyState, noteOutput, noteOutputs, type ReadyState } from "./Readiness.js"
import { SETUP_DONE_MARKER } from "./SetupMarker.js"

const bytes = (s: string) => Buffer.from(s, "latin1")
const oneByOne = (state: ReadyState, batch: ReadonlyArray<Uint8Array>, now: number) => batch.reduce((st, b) => noteOutput(st, b, now), state)

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
      const batch = [bytes("setting up…" + SETUP_DONE_MARKER.slice(0, cut)), bytes(SETUP_DONE_MARKER.slice(cut) + after)]
      const state = initialReadyState(0, true)
      const noted = noteOutputs(state, batch, 50)
      expect(noted).toEqual(oneByOne(state, batch, 50))
      expect([noted.settingUp, noted.lastOut]).toEqual([false, after === "" ? null : 50])
    }
  })
})
