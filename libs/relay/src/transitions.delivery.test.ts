/**
 * The hand-off's transitions, every event in every state it can meet: pure, no runtime. Lanes are
 * the per-target lock the relay had as a map of semaphores that never shrank; here a lane exists
 * only while a ticket holds or waits for its target.
 */
import { describe, expect, it } from "vitest"
import { emptyState, type RelayState } from "./state.js"
import { entry, errand, inboxOf, published, run, state, tags, work } from "./testState.js"

const lanes = (...xs: Array<[string, Array<string>]>) => new Map(xs)

describe("LaneLeft", () => {
  it("passes the target to the next ticket in line when the holder is done", () => {
    const n = run(state([], { lanes: lanes(["w", ["t1", "t2", "t3"]]) }), { _tag: "LaneLeft", ticket: "t1", targetId: "w" })
    expect(n.state.lanes.get("w")).toEqual(["t2", "t3"])
    expect(n.acts).toEqual([{ _tag: "handOff", ticket: "t2", targetId: "w" }])
  })

  it("takes a ticket out of the line without disturbing the holder", () => {
    const n = run(state([], { lanes: lanes(["w", ["t1", "t2"]]) }), { _tag: "LaneLeft", ticket: "t2", targetId: "w" })
    expect(n.state.lanes.get("w")).toEqual(["t1"])
    expect(n.acts).toEqual([])
  })

  it("drops a lane nobody holds or waits on", () => {
    const n = run(state([], { lanes: lanes(["w", ["t1"]], ["x", ["t9"]]) }), { _tag: "LaneLeft", ticket: "t1", targetId: "w" })
    expect([...n.state.lanes.keys()]).toEqual(["x"])
  })

  it("ignores a ticket that is in no lane", () => {
    const s = state([], { lanes: lanes(["w", ["t1"]]) })
    expect(run(s, { _tag: "LaneLeft", ticket: "t5", targetId: "w" }).state).toBe(s)
  })

  it("is back to no lanes at all after N hand-offs to N targets", () => {
    const n = 50
    let s: RelayState = emptyState()
    for (let i = 0; i < n; i++) s = run(s, { _tag: "Opened", errand: errand({ ticket: `t${i}`, targetId: `w${i}` }) }).state
    expect(s.lanes.size).toBe(n)
    for (let i = 0; i < n; i++) s = run(s, { _tag: "LaneLeft", ticket: `t${i}`, targetId: `w${i}` }).state
    expect(s.lanes.size).toBe(0)
  })

  it("hands N tickets for one target over one at a time, in order, and then drops the lane", () => {
    let s: RelayState = emptyState()
    const handed: Array<string> = []
    for (let i = 0; i < 5; i++) {
      const o = run(s, { _tag: "Opened", errand: errand({ ticket: `t${i}` }) })
      for (const a of o.acts) if (a._tag === "handOff") handed.push(a.ticket)
      s = o.state
    }
    expect(handed).toEqual(["t0"])
    for (let i = 0; i < 5; i++) {
      const o = run(s, { _tag: "LaneLeft", ticket: `t${i}`, targetId: "w" })
      for (const a of o.acts) if (a._tag === "handOff") handed.push(a.ticket)
      s = o.state
    }
    expect(handed).toEqual(["t0", "t1", "t2", "t3", "t4"])
    expect(s.lanes.size).toBe(0)
  })
})

describe("Stamped", () => {
  it("stamps the errand delivered before the write, at a target at its prompt", () => {
    const n = run(state([errand()]), { _tag: "Stamped", ticket: "t1" })
    expect(n.result).toEqual({ busy: false, reporting: false })
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: true, skipTurns: 0 })
  })

  it("skips the turn already running at a busy target, and says the target reports", () => {
    const s = state([errand()], { turn: new Map([["w", "busy"]]), reporting: new Set(["w"]) })
    const n = run(s, { _tag: "Stamped", ticket: "t1" })
    expect(n.result).toEqual({ busy: true, reporting: true })
    expect(n.state.errands.get("t1")!.skipTurns).toBe(1)
  })

  it("answers nothing for an errand that ended before its write", () => {
    expect(run(state(), { _tag: "Stamped", ticket: "t1" }).result).toBeUndefined()
  })
})

describe("Entered", () => {
  it("lets a ticketless reply pick the errand and marks both cards", () => {
    const n = run(state([errand()]), { _tag: "Entered", ticket: "t1" })
    expect(n.state.errands.get("t1")!.entered).toBe(true)
    expect(published(n)).toEqual([
      { _tag: "session-relay", id: "w", peer: "alpha", direction: "in", ticket: "t1" },
      { _tag: "session-relay", id: "s", peer: "beta", direction: "out", ticket: "t1" }
    ])
  })

  it("marks only the target for a command line's task, and nothing for an ended one", () => {
    expect(published(run(state([errand({ senderId: "", senderLabel: "" })]), { _tag: "Entered", ticket: "t1" }))).toHaveLength(1)
    expect(run(state(), { _tag: "Entered", ticket: "t1" }).acts).toEqual([])
  })
})

describe("ReceiptDue and Retyped", () => {
  const due = (s: RelayState) => run(s, { _tag: "ReceiptDue", ticket: "t1" }).result
  it("reads the window: started or ended is read, retyped once is unread, else retype", () => {
    expect(due(state())).toBe("read")
    expect(due(state([errand({ sawBusy: true })]))).toBe("read")
    expect(due(state([errand({ retyped: true })]))).toBe("unread")
    expect(due(state([errand()]))).toBe("retype")
  })

  it("changes nothing by looking, and marks a retype", () => {
    const s = state([errand()])
    expect(run(s, { _tag: "ReceiptDue", ticket: "t1" }).state).toBe(s)
    expect(run(s, { _tag: "Retyped", ticket: "t1" }).state.errands.get("t1")!.retyped).toBe(true)
  })
})

describe("a hand-over to a mod", () => {
  it("stamps it delivered and awaiting its turn, and says whether a turn runs now", () => {
    const n = run(state([errand()], { turn: new Map([["w", "busy"]]) }), { _tag: "HandedOver", ticket: "t1" })
    expect(n.result).toBe(true)
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: true, awaitingStart: true })
    expect(run(state([errand()]), { _tag: "HandedOver", ticket: "t1" }).result).toBe(false)
    expect(run(state(), { _tag: "HandedOver", ticket: "t1" }).result).toBe(false)
  })

  it("takes the stamps back when no poll collected it", () => {
    const n = run(state([errand({ delivered: true, awaitingStart: true })]), { _tag: "Withdrawn", ticket: "t1" })
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: false, awaitingStart: false })
  })

  it("reads the session's turns against it once the mod's turn on it started", () => {
    const n = run(state([errand({ delivered: true, awaitingStart: true })]), { _tag: "Started", ticket: "t1" })
    expect(n.state.errands.get("t1")).toMatchObject({ awaitingStart: false, sawBusy: true })
  })

  it("holds the reason a task waits behind a startup question, until that very hold lets go", () => {
    const held = run(emptyState(), { _tag: "Held", id: "w", reason: "trust?" }).state
    expect(held.waiting.get("w")).toBe("trust?")
    expect(run(held, { _tag: "Unheld", id: "w", reason: "other" }).state.waiting.get("w")).toBe("trust?")
    expect(run(held, { _tag: "Unheld", id: "w", reason: "trust?" }).state.waiting.has("w")).toBe(false)
  })

  it("remembers a Claude Code session that never polled, without a journal write", () => {
    const n = run(emptyState(), { _tag: "Modless", id: "w" })
    expect(n.state.modless.has("w")).toBe(true)
    expect(n.acts).toEqual([])
  })
})

describe("nudges", () => {
  it("holds the nudge for a sender inside its own turn", () => {
    const s = state([], { turn: new Map([["s", "busy"]]), nudgeArmed: new Set(["s"]), inbox: inboxOf(entry()) })
    const n = run(s, { _tag: "NudgeDue", senderId: "s" })
    expect(n.result).toBeUndefined()
    expect([n.state.nudgeArmed.has("s"), n.state.nudgeHeld.has("s")]).toEqual([false, true])
  })

  it("gives the results not yet told of, and marks them told", () => {
    const s = state([], {
      nudgeHeld: new Set(["s"]),
      inbox: inboxOf(
        entry(),
        entry({ ticket: "t2", nudged: true }),
        entry({ ticket: "t3", private: true }),
        entry({ ticket: "t4", handed: true })
      )
    })
    const n = run(s, { _tag: "NudgeDue", senderId: "s" })
    expect(n.result!.map((x) => x.ticket)).toEqual(["t1"])
    expect(n.state.inbox.get("s")!.map((x) => x.nudged)).toEqual([true, true, false, false])
    expect(n.state.nudgeHeld.has("s")).toBe(false)
    expect(run(n.state, { _tag: "NudgeDue", senderId: "s" }).result).toBeUndefined()
  })

  it("leaves results whose nudge could not be typed for the next batch", () => {
    const s = state([], { inbox: inboxOf(entry({ nudged: true }), entry({ ticket: "t2", nudged: true })) })
    const n = run(s, { _tag: "NudgeFailed", senderId: "s", tickets: ["t2"] })
    expect(n.state.inbox.get("s")!.map((x) => x.nudged)).toEqual([true, false])
    expect(tags(n)).toEqual(["journal"])
  })

  it("takes a report handed to the caller's mod out of the no-ticket count", () => {
    const s = state([], { inbox: inboxOf(entry(), entry({ ticket: "t2" })) })
    const n = run(s, { _tag: "ReportHanded", senderId: "s", ticket: "t1" })
    expect(n.state.inbox.get("s")![0]!.handed).toBe(true)
    expect(published(n)).toEqual([{ _tag: "session-inbox", id: "s", count: 1 }])
    expect(work(n)).toEqual([])
  })
})
