/**
 * Turns read from hook reports, exits, closes and a worker's own answer, every report in every
 * state it can meet: pure, no runtime.
 */
import { ENDED } from "@lich/contract"
import { describe, expect, it } from "vitest"
import type { Errand, RelayState } from "./state.js"
import { DEFAULT_WAITING, type TurnState } from "./steps/turns.js"
import { entry, errand, inboxOf, published, resolved, run, state, work } from "./testState.js"

const report = (s: RelayState, st: TurnState, reason = "", id = "w") => run(s, { _tag: "Reported", id, state: st, reason })

describe("a busy report", () => {
  const errands = [errand({ delivered: true }), errand({ ticket: "t2", delivered: true, awaitingStart: true }), errand({ ticket: "t3" })]

  it("opens a turn, clears the block, and marks the delivered errands picked up", () => {
    const n = report(state(errands, { waiting: new Map([["w", "x"]]), noted: new Set(["w"]) }), "busy")
    expect([n.state.turn.get("w"), n.state.waiting.has("w"), n.state.reporting.has("w"), n.state.noted.has("w")]).toEqual([
      "busy",
      false,
      true,
      false
    ])
    expect([...n.state.errands.values()].map((e) => e.sawBusy)).toEqual([true, false, false])
  })

  it("reads a compaction as a turn, without starting the worker's next block", () => {
    const n = report(state(errands, { noted: new Set(["w"]) }), "compacting")
    expect(n.state.turn.get("w")).toBe("busy")
    expect(n.state.noted.has("w")).toBe(true)
  })
})

describe("a waiting report", () => {
  const worker = errand({ subagent: true, entered: true, delivered: true })

  it("records why a session inside a turn is blocked, and tells a worker's caller once", () => {
    const n = report(state([worker], { turn: new Map([["w", "busy"]]) }), "waiting", "")
    expect(n.state.waiting.get("w")).toBe(DEFAULT_WAITING)
    expect(work(n)).toEqual([{ _tag: "tell", id: "s", text: expect.stringContaining(`"beta" is waiting on a permission prompt`) }])
    expect(work(report(n.state, "waiting", "again"))).toEqual([])
  })

  it("ignores a notice at an idle prompt", () => {
    const n = report(state([worker]), "waiting", "idle prompt")
    expect(n.state.waiting.has("w")).toBe(false)
    expect(work(n)).toEqual([])
  })

  it("tells nobody for a session that is no caller's worker", () => {
    expect(work(report(state([errand({ entered: true })], { turn: new Map([["w", "busy"]]) }), "waiting", "why"))).toEqual([])
  })
})

describe("an idle report", () => {
  it("closes what the ended session had: stopped if it started, undelivered if not, both ended", () => {
    const s = state([errand({ delivered: true, sawBusy: true }), errand({ ticket: "t2", delivered: true }), errand({ ticket: "t3" })], {
      turn: new Map([["w", "busy"]])
    })
    const n = report(s, "idle")
    expect(resolved(n)).toEqual([
      { status: "stopped", answer: "", detail: ENDED },
      { status: "undelivered", answer: "", detail: ENDED }
    ])
    expect([...n.state.errands.keys()]).toEqual(["t3"])
    expect(n.state.turn.has("w")).toBe(false)
  })

  it("stops a worker's errand aloud", () => {
    const n = report(state([errand({ delivered: true, subagent: true })]), "idle")
    expect(resolved(n)).toEqual([{ status: "stopped", answer: "" }])
    expect(n.state.inbox.get("s")).toHaveLength(1)
  })
})

describe("a done report", () => {
  it("closes as unanswered every errand that saw the turn, and notes two at the worker", () => {
    const s = state([
      errand({ delivered: true, sawBusy: true }),
      errand({ ticket: "t2", delivered: true, sawBusy: true, senderId: "", senderLabel: "" })
    ])
    const n = report(s, "done")
    expect(n.state.errands.size).toBe(0)
    expect(n.state.tombs.get("t1")!.lateOk).toBe(true)
    expect(published(n).filter((e) => e._tag === "session-relay-stalled")).toHaveLength(2)
    const note = work(n).find((a) => a._tag === "type")
    expect(note).toMatchObject({ id: "w", text: expect.stringContaining(`ticket t2 from "the command line"`) })
  })

  it("counts down a skipped turn instead, and leaves mod hand-offs, workers and undelivered errands be", () => {
    const s = state([
      errand({ delivered: true, sawBusy: true, skipTurns: 1 }),
      errand({ ticket: "t2", delivered: true, sawBusy: true, awaitingStart: true }),
      errand({ ticket: "t3", delivered: true, sawBusy: true, subagent: true }),
      errand({ ticket: "t4", sawBusy: true })
    ])
    const n = report(s, "done")
    expect(n.state.errands.size).toBe(4)
    expect(n.state.errands.get("t1")).toMatchObject({ skipTurns: 0, sawBusy: false })
    expect(work(n)).toEqual([])
  })

  it("says nothing while the session waits on an errand of its own", () => {
    const s = state([errand({ delivered: true, sawBusy: true }), errand({ ticket: "own", senderId: "w", targetId: "x" })])
    expect(report(s, "done").state.errands.size).toBe(2)
  })

  it("lets a nudge held for the sender's turn go, and parks a worker whose answer is in", () => {
    const n = report(state([], { nudgeHeld: new Set(["w"]), answeredWorkers: new Set(["w"]) }), "done")
    expect(work(n)).toEqual([
      { _tag: "flushNudge", senderId: "w", afterMs: 0 },
      { _tag: "park", id: "w" }
    ])
    expect(n.state.answeredWorkers.has("w")).toBe(false)
  })

  it("does not park an answered worker that still has an errand open at it or its own out", () => {
    const at = state([errand({ ticket: "t9" })], { answeredWorkers: new Set(["w"]) })
    expect(work(report(at, "done"))).toEqual([])
    const own = state([errand({ ticket: "t9", senderId: "w", targetId: "x" })], { answeredWorkers: new Set(["w"]) })
    expect(work(report(own, "done"))).toEqual([])
  })
})

describe("Ended", () => {
  it("closes what the exited session had gone in, and every worker errand, and forgets the session", () => {
    const s = state([errand({ delivered: true }), errand({ ticket: "t2", subagent: true }), errand({ ticket: "t3" })], {
      turn: new Map([["w", "done"]]),
      waiting: new Map([["w", "x"]]),
      answeredWorkers: new Set(["w"]),
      closing: new Map([["w", "z"]]),
      modless: new Set(["w"]),
      noted: new Set(["w"])
    })
    const n = run(s, { _tag: "Ended", id: "w" })
    expect([...n.state.errands.keys()]).toEqual(["t3"])
    expect(resolved(n)).toEqual([
      { status: "undelivered", answer: "", detail: ENDED },
      { status: "stopped", answer: "" }
    ])
    const { turn, waiting, answeredWorkers, closing, modless, noted } = n.state
    expect([turn, waiting, answeredWorkers, closing, modless, noted].map((x) => x.size)).toEqual([0, 0, 0, 0, 0, 0])
  })

  it("ends a worker its own caller closed in silence, unless that caller is itself a worker waited on", () => {
    const closedBy = (...others: Array<Errand>) =>
      run(state([errand({ subagent: true }), ...others], { closing: new Map([["w", "s"]]) }), { _tag: "Ended", id: "w" })
    expect(closedBy().state.inbox.size).toBe(0)
    expect(closedBy(errand({ ticket: "up", subagent: true, senderId: "boss", targetId: "s" })).state.inbox.get("s")).toHaveLength(1)
  })

  it("remembers who closes a session", () => {
    expect(run(state(), { _tag: "Closing", targetId: "w", from: "s" }).state.closing.get("w")).toBe("s")
  })
})

describe("WorkerAnswered", () => {
  const worker = errand({ subagent: true, entered: true, delivered: true })
  const answer = (s: RelayState) => run(s, { _tag: "WorkerAnswered", id: "w", answer: "report" })

  it("answers the one subagent errand at the worker with its final message", () => {
    const n = answer(state([worker]))
    expect(n.result).toBe(true)
    expect(n.state.inbox.get("s")![0]).toMatchObject({ answer: "report", report: { label: "beta", branch: "" } })
    expect(n.state.answeredWorkers.has("w")).toBe(true)
    expect(work(n)).toEqual([{ _tag: "flushNudge", senderId: "s", afterMs: 2000 }])
  })

  it("parks the worker at once when its Stop report came first", () => {
    const n = answer(state([worker], { turn: new Map([["w", "done"]]) }))
    expect(work(n).map((a) => a._tag)).toEqual(["flushNudge", "park"])
  })

  it("is ignored with no errand entered, two, errands of its own out, or results it has not read", () => {
    expect(answer(state([errand({ subagent: true })])).result).toBe(false)
    expect(answer(state([worker, { ...worker, ticket: "t2" }])).result).toBe(false)
    expect(answer(state([worker, errand({ ticket: "own", senderId: "w", targetId: "x" })])).result).toBe(false)
    expect(answer(state([worker], { inbox: inboxOf(entry({ senderId: "w" })) })).result).toBe(false)
  })
})
