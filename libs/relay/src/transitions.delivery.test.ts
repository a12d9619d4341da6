/**
 * The hand-off as a per-target state machine, every report in the phase that awaits it: pure, no
 * runtime. This file has the lanes, the route (typed, the mod, held behind a question, the grace)
 * and the mod's part (collected or withdrawn, its turn started or not); the typed route is in
 * transitions.typing.test.ts. A lane exists only while a ticket holds or waits for its target.
 */
import { ENDED } from "@lich/contract"
import type { AckOutcome } from "@lich/mod"
import { Deferred, FiberId } from "effect"
import { describe, expect, it } from "vitest"
import { emptyState, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS, type RelayState } from "./state.js"
import { laneJoin, laneLeft } from "./steps/lanes.js"
import type { Probe } from "./steps/route.js"
import { errand, handingOff, ios, NOW, published, resolved, run, SEQ, state, tags } from "./testState.js"

const lanes = (...xs: Array<[string, Array<string>]>) => new Map(xs)
const PROBE = { _tag: "probe", reply: "Probed" } as const
const PROMPT = { _tag: "awaitPrompt", ms: QUEUE_LIMIT_MS, reply: "Prompted" } as const
const at = { ticket: "t1", seq: SEQ } as const
const claude = (over: Partial<Probe> = {}): Probe => ({
  mod: true,
  attached: false,
  plugin: "",
  dialog: undefined,
  live: true,
  graceMs: 15_000,
  ...over
})
const probed = (s: RelayState, probe: Probe) => run(s, { _tag: "Probed", ...at, probe })
const routing = handingOff({ _tag: "routing", afterGrace: false })
const ack = () => Deferred.unsafeMake<AckOutcome>(FiberId.none)

describe("the lanes", () => {
  it("hands a new errand over at once when its target's lane is free, and queues it behind one under way", () => {
    const first = run(emptyState(), { _tag: "Opened", errand: errand() })
    expect(ios(first)).toEqual([["t1", 1, PROBE]])
    expect(first.state.deliveries.get("t1")).toEqual({ targetId: "w", seq: 1, phase: { _tag: "routing", afterGrace: false } })
    const second = run(first.state, { _tag: "Opened", errand: errand({ ticket: "t2" }) })
    expect(second.state.lanes.get("w")).toEqual(["t1", "t2"])
    expect(ios(second)).toEqual([])
  })

  it("passes the target to the next ticket in line when the holder is done", () => {
    const n = laneLeft(state([], { lanes: lanes(["w", ["t1", "t2", "t3"]]) }), "t1", "w")
    expect(n.state.lanes.get("w")).toEqual(["t2", "t3"])
    expect(ios(n)).toEqual([["t2", 1, PROBE]])
  })

  it("takes a ticket out of the line without disturbing the holder, and ignores one in no lane", () => {
    const n = laneLeft(state([], { lanes: lanes(["w", ["t1", "t2"]]) }), "t2", "w")
    expect(n.state.lanes.get("w")).toEqual(["t1"])
    expect(n.acts).toEqual([])
    const s = state([], { lanes: lanes(["w", ["t1"]]) })
    expect(laneLeft(s, "t5", "w").state).toBe(s)
    expect(laneJoin(s, "t1", "w").state).toBe(s)
  })

  it("drops a lane nobody holds or waits on, and is back to none after N hand-offs to N targets end", () => {
    let s: RelayState = emptyState()
    for (let i = 0; i < 50; i++) s = run(s, { _tag: "Opened", errand: errand({ ticket: `t${i}`, targetId: `w${i}` }) }).state
    expect(s.lanes.size).toBe(50)
    // Each target reports it is no Claude Code, its prompt is there, and the write went in.
    for (let i = 0; i < 50; i++) {
      const ticket = `t${i}`
      s = run(s, { _tag: "Probed", ticket, seq: 1, probe: claude({ mod: false }) }).state
      s = run(s, { _tag: "Prompted", ticket, seq: 2, ready: true }).state
      s = run(s, { _tag: "Typed", ticket, seq: 3, ok: true }).state
    }
    expect([s.lanes.size, s.deliveries.size]).toEqual([0, 0])
  })

  it("hands N tickets for one target over one at a time, in order, and then drops the lane", () => {
    let s: RelayState = emptyState()
    const handed: Array<string> = []
    const note = (n: ReturnType<typeof run>) => {
      for (const [ticket] of ios(n)) if (!handed.includes(ticket)) handed.push(ticket)
      s = n.state
    }
    for (let i = 0; i < 5; i++) note(run(s, { _tag: "Opened", errand: errand({ ticket: `t${i}` }) }))
    expect(handed).toEqual(["t0"])
    for (let i = 0; i < 5; i++) {
      const ticket = `t${i}`
      note(run(s, { _tag: "Probed", ticket, seq: 1, probe: claude({ mod: false }) }))
      note(run(s, { _tag: "Prompted", ticket, seq: 2, ready: true }))
      note(run(s, { _tag: "Typed", ticket, seq: 3, ok: true }))
    }
    expect(handed).toEqual(["t0", "t1", "t2", "t3", "t4"])
    expect(s.lanes.size).toBe(0)
  })

  it("changes nothing on a report for an act that is no longer the one out", () => {
    expect(run(routing, { _tag: "Probed", ticket: "t1", seq: SEQ - 1, probe: claude() }).state).toBe(routing)
    expect(run(routing, { _tag: "Polled", ...at, polled: true, plugin: "" }).state).toBe(routing)
  })
})

describe("the route", () => {
  it("types at a session no mod can be in", () => {
    const n = probed(routing, claude({ mod: false }))
    expect(ios(n)).toEqual([["t1", SEQ + 1, PROMPT]])
    expect(n.state.deliveries.get("t1")!.phase).toEqual({ _tag: "prompting", screen: undefined })
  })

  it("offers the task to a polling mod, stamped delivered and awaiting its turn", () => {
    const n = probed(handingOff({ _tag: "routing", afterGrace: false }, {}, { turn: new Map([["w", "busy"]]) }), claude({ attached: true }))
    expect(ios(n)).toEqual([["t1", SEQ + 1, { _tag: "offer", text: "[lich] do it", reply: "Offered" }]])
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: true, awaitingStart: true })
    expect(n.state.deliveries.get("t1")!.phase).toEqual({ _tag: "offered", busy: true })
  })

  it("gives a worker whose mod answers by itself (0.17.0 on) the bare task", () => {
    const worker = handingOff({ _tag: "routing", afterGrace: false }, { subagent: true, workerMessage: "bare" })
    expect(ios(probed(worker, claude({ attached: true, plugin: "0.17.0" })))[0]![2]).toMatchObject({ text: "bare" })
    expect(ios(probed(worker, claude({ attached: true, plugin: "0.16.2" })))[0]![2]).toMatchObject({ text: "[lich] do it" })
  })

  it("holds a task behind the trust question for the rest of the queue, and says so on the card at once", () => {
    const n = probed(routing, claude({ dialog: "trust?" }))
    expect(n.state.waiting.get("w")).toBe("trust?")
    expect(published(n)).toEqual([{ _tag: "session-status", id: "w", state: "waiting", tool: "", detail: "", reason: "trust?" }])
    expect(ios(n)).toEqual([["t1", SEQ + 1, { _tag: "awaitPoll", ms: QUEUE_LIMIT_MS - 15_000, reply: "Polled" }]])
    // Even at a session known to run no mod: typing there would answer the question.
    expect(ios(probed({ ...routing, modless: new Set(["w"]) }, claude({ dialog: "trust?" })))[0]![2]._tag).toBe("awaitPoll")
  })

  it("types at once at a session known to run no mod", () => {
    expect(ios(probed({ ...routing, modless: new Set(["w"]) }, claude()))).toEqual([["t1", SEQ + 1, PROMPT]])
  })

  it("waits out the grace for a first poll, then asks again", () => {
    const n = probed(routing, claude())
    expect(ios(n)).toEqual([["t1", SEQ + 1, { _tag: "awaitPoll", ms: 15_000, reply: "Polled" }]])
    const after = run(n.state, { _tag: "Polled", ticket: "t1", seq: SEQ + 1, polled: false, plugin: "" })
    expect(ios(after)).toEqual([["t1", SEQ + 2, PROBE]])
    expect(after.state.deliveries.get("t1")!.phase).toEqual({ _tag: "routing", afterGrace: true })
  })

  it("after the grace, or with none, remembers the session as one without a mod and types — unless it is gone", () => {
    const after = handingOff({ _tag: "routing", afterGrace: true })
    const n = probed(after, claude())
    expect(n.state.modless.has("w")).toBe(true)
    expect(ios(n)).toEqual([["t1", SEQ + 1, PROMPT]])
    expect(probed(routing, claude({ graceMs: 0 })).state.modless.has("w")).toBe(true)
    const gone = probed(after, claude({ live: false }))
    expect(resolved(gone)).toEqual([{ status: "undelivered", answer: "" }])
    expect([gone.state.lanes.size, gone.state.deliveries.size]).toEqual([0, 0])
  })

  it("lets the lane go for an errand that ended before its route was known", () => {
    const n = probed(handingOff({ _tag: "routing", afterGrace: false }, { ticket: "other" }), claude())
    expect([n.state.lanes.size, n.state.deliveries.size]).toEqual([0, 0])
  })
})

describe("knowing sooner that no mod will come", () => {
  const grace = handingOff({ _tag: "grace" })

  it("cuts the grace short when the session's start is reported before any poll, and ignores the grace's own end", () => {
    const n = run(grace, { _tag: "SessionStarted", id: "w", polled: false, live: true })
    expect(n.state.modless.has("w")).toBe(true)
    expect(ios(n)).toEqual([["t1", SEQ + 1, PROBE]])
    const typed = run(n.state, { _tag: "Probed", ticket: "t1", seq: SEQ + 1, probe: claude() }).state
    expect(typed.deliveries.get("t1")!.phase._tag).toBe("prompting")
    const late = run(n.state, { _tag: "Polled", ...at, polled: false, plugin: "" })
    expect(late.state).toBe(n.state)
  })

  it("reads nothing into a start that followed a poll, or came from a session that is gone", () => {
    expect(run(grace, { _tag: "SessionStarted", id: "w", polled: true, live: true }).state).toBe(grace)
    expect(run(grace, { _tag: "SessionStarted", id: "w", polled: false, live: false }).state).toBe(grace)
  })

  it("remembers a session without a mod, without a journal write, and cuts a grace at it short", () => {
    const n = run(emptyState(), { _tag: "Modless", id: "w" })
    expect(n.state.modless.has("w")).toBe(true)
    expect(n.acts).toEqual([])
    expect(ios(run(grace, { _tag: "Modless", id: "w" }))).toEqual([["t1", SEQ + 1, PROBE]])
    expect(ios(run(handingOff({ _tag: "held", reason: "q" }), { _tag: "Modless", id: "w" }))).toEqual([])
  })
})

describe("the mod's part", () => {
  it("offers the task once the first poll comes, in the grace or behind a question (whose reason then goes)", () => {
    expect(ios(run(handingOff({ _tag: "grace" }), { _tag: "Polled", ...at, polled: true, plugin: "" }))[0]![2]._tag).toBe("offer")
    const held = handingOff({ _tag: "held", reason: "trust?" }, {}, { waiting: new Map([["w", "trust?"]]) })
    const n = run(held, { _tag: "Polled", ...at, polled: true, plugin: "" })
    expect(ios(n)[0]![2]._tag).toBe("offer")
    expect(n.state.waiting.has("w")).toBe(false)
  })

  it("calls a task held behind a question for the whole queue undelivered, and keeps a reason that replaced its own", () => {
    const held = handingOff({ _tag: "held", reason: "trust?" }, {}, { waiting: new Map([["w", "a permission prompt"]]) })
    const n = run(held, { _tag: "Polled", ...at, polled: false, plugin: "" })
    expect(resolved(n)).toEqual([{ status: "undelivered", answer: "" }])
    expect(n.state.waiting.get("w")).toBe("a permission prompt")
    expect(n.state.lanes.size).toBe(0)
  })

  it("marks both cards once a poll collected it, and waits a receipt window for its turn", () => {
    const a = ack()
    const n = run(handingOff({ _tag: "offered", busy: true }), { _tag: "Offered", ...at, ack: a })
    expect(n.state.errands.get("t1")!.entered).toBe(true)
    expect(published(n).map((e) => e._tag)).toEqual(["session-relay", "session-relay"])
    expect(ios(n)).toEqual([["t1", SEQ + 1, { _tag: "awaitAck", ack: a, ms: RECEIPT_WINDOW_MS, reply: "Acked" }]])
    expect(n.state.deliveries.get("t1")!.phase).toEqual({ _tag: "starting", ack: a, deadline: NOW + QUEUE_LIMIT_MS, sawBusy: true })
  })

  it("takes the stamps back when no poll collected it, and types it instead", () => {
    const s = handingOff({ _tag: "offered", busy: false }, { delivered: true, awaitingStart: true })
    const n = run(s, { _tag: "Offered", ...at, ack: undefined })
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: false, awaitingStart: false, entered: false })
    expect(ios(n)).toEqual([["t1", SEQ + 1, PROMPT]])
  })

  const starting = (sawBusy: boolean, more: Partial<RelayState> = {}, deadline = NOW + 1) =>
    handingOff({ _tag: "starting", ack: ack(), deadline, sawBusy }, { delivered: true, awaitingStart: true, entered: true }, more)
  const acked = (s: RelayState, o: AckOutcome | undefined) => run(s, { _tag: "Acked", ...at, ack: o })

  it("reads the session's turns against it once the mod's turn on it started, and lets the lane go", () => {
    const n = acked(starting(false), { _tag: "acked", ok: true, error: "", answer: "" })
    expect(n.state.errands.get("t1")).toMatchObject({ awaitingStart: false, sawBusy: true })
    expect([resolved(n), n.state.lanes.size, n.state.deliveries.size]).toEqual([[], 0, 0])
  })

  it("calls it unread when the mod refused or dropped it, and never delivered when the session ended", () => {
    expect(resolved(acked(starting(false), { _tag: "acked", ok: false, error: "x", answer: "" }))).toEqual([
      { status: "unread", answer: "" }
    ])
    expect(resolved(acked(starting(false), { _tag: "ended" }))).toEqual([{ status: "undelivered", answer: "", detail: ENDED }])
  })

  it("waits on while a turn runs, and calls it unread at a prompt after a window with none, or past the queue", () => {
    const busy = { turn: new Map([["w", "busy" as const]]) }
    const again = acked(starting(false, busy, NOW + 60_000), undefined)
    expect(ios(again)[0]![2]._tag).toBe("awaitAck")
    expect(again.state.deliveries.get("t1")!.phase).toMatchObject({ sawBusy: true })
    // The turn that ran may have been what the mod queued ours behind: one more window.
    expect(ios(acked(starting(true, {}, NOW + 60_000), undefined))[0]![2]._tag).toBe("awaitAck")
    expect(resolved(acked(starting(false, {}, NOW + 60_000), undefined))).toEqual([{ status: "unread", answer: "" }])
    expect(resolved(acked(starting(true, busy, NOW), undefined))).toEqual([{ status: "unread", answer: "" }])
  })

  it("lets the lane go without a word for an errand that ended meanwhile", () => {
    const n = run(handingOff({ _tag: "starting", ack: ack(), deadline: NOW, sawBusy: false }, { ticket: "gone" }), {
      _tag: "Acked",
      ...at,
      ack: undefined
    })
    expect([tags(n), n.state.lanes.size]).toEqual([[], 0])
  })
})
