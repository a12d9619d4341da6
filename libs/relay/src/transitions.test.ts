/**
 * The errand's transitions, every event in every state it can meet: pure, no runtime. The steps a
 * delivery and a turn take are in transitions.delivery.test.ts and transitions.turns.test.ts.
 */
import { UNREPORTED, UNTYPED } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { emptyState, NUDGE_DEBOUNCE_MS, TOMB_MS, type Tomb } from "./state.js"
import { entry, errand, NOW, published, resolved, run, state, tags, work } from "./testState.js"
import type { RelayEvent } from "./transitions.js"

const tomb = (over: Partial<Tomb> = {}): Tomb => ({
  ticket: "t1",
  senderId: "s",
  targetLabel: "beta",
  status: "unanswered",
  private: false,
  until: NOW + 10,
  lateOk: true,
  ...over
})

describe("Opened", () => {
  it("files the errand and hands it over at once when its target's lane is free", () => {
    const e = errand()
    const n = run(emptyState(), { _tag: "Opened", errand: e })
    expect(n.result).toBe(e)
    expect(n.state.errands.get("t1")).toBe(e)
    expect(n.state.lanes.get("w")).toEqual(["t1"])
    expect(n.acts).toEqual([
      { _tag: "io", ticket: "t1", targetId: "w", seq: 1, io: { _tag: "probe", reply: "Probed" } },
      { _tag: "journal" }
    ])
  })

  it("queues it behind a hand-off already under way at that target", () => {
    const n = run(state([], { lanes: new Map([["w", ["t0"]]]) }), { _tag: "Opened", errand: errand() })
    expect(n.state.lanes.get("w")).toEqual(["t0", "t1"])
    expect(tags(n)).toEqual(["journal"])
  })
})

describe("Attended and LetGo", () => {
  it("counts a waiter on an open errand", () => {
    expect(run(state([errand()]), { _tag: "Attended", ticket: "t1" }).state.errands.get("t1")!.attended).toBe(1)
  })

  it("leaves the state alone for a ticket that is not open", () => {
    const s = state()
    const n = run(s, { _tag: "Attended", ticket: "t1" })
    expect(n.state).toBe(s)
    expect(n.acts).toEqual([])
  })

  it("restarts the hour when a wait gives up, and says the target reports nothing", () => {
    const n = run(state([errand({ attended: 2, releasedAt: 5, delivered: true })]), {
      _tag: "LetGo",
      ticket: "t1",
      targetId: "w",
      gaveUp: true
    })
    expect(n.state.errands.get("t1")).toMatchObject({ attended: 1, releasedAt: NOW })
    expect(n.result).toBe(UNREPORTED)
  })

  it("says a task still held for a silent target's prompt was not typed there, not that nothing came back", () => {
    const n = run(state([errand({ attended: 1 })], { lanes: new Map([["w", ["t1"]]]) }), {
      _tag: "LetGo",
      ticket: "t1",
      targetId: "w",
      gaveUp: true
    })
    expect(n.result).toBe(UNTYPED)
  })

  it("keeps the hour when the wait ended otherwise (answered, or interrupted)", () => {
    const n = run(state([errand({ attended: 1, releasedAt: 5 })]), { _tag: "LetGo", ticket: "t1", targetId: "w", gaveUp: false })
    expect(n.state.errands.get("t1")).toMatchObject({ attended: 0, releasedAt: 5 })
  })

  it("says why a reporting target is blocked, and nothing when it is merely working", () => {
    const reporting = new Set(["w"])
    const blocked = state([errand()], { reporting, waiting: new Map([["w", "a permission prompt"]]) })
    expect(run(blocked, { _tag: "LetGo", ticket: "t1", targetId: "w", gaveUp: true }).result).toBe("a permission prompt")
    expect(run(state([errand()], { reporting }), { _tag: "LetGo", ticket: "t1", targetId: "w", gaveUp: true }).result).toBeUndefined()
  })

  it("changes nothing for an errand that ended meanwhile, and still reads the target", () => {
    const s = state([], { reporting: new Set(["w"]) })
    const n = run(s, { _tag: "LetGo", ticket: "t1", targetId: "w", gaveUp: true })
    expect(n.state).toBe(s)
    expect(n.result).toBeUndefined()
  })
})

describe("Closed", () => {
  const answered = { status: "answered", answer: "yes" } as const
  const close = (over = {}, outcome: RelayEvent & { _tag: "Closed" } = { _tag: "Closed", ticket: "t1", outcome: answered }) =>
    run(state([errand(over)]), outcome)

  it("files an unattended result for its session sender, tells it, and arms one nudge", () => {
    const n = close()
    expect(n.result).toBe(true)
    expect(n.state.errands.size).toBe(0)
    expect(n.state.tombs.get("t1")).toMatchObject({ status: "answered", until: NOW + TOMB_MS, lateOk: false })
    expect(n.state.inbox.get("s")).toEqual([entry({ answer: "yes" })])
    expect(resolved(n)).toEqual([answered])
    expect(published(n)).toEqual([
      { _tag: "session-relay", id: "w", peer: "", direction: "", ticket: "" },
      { _tag: "session-relay", id: "s", peer: "", direction: "", ticket: "" },
      { _tag: "session-inbox", id: "s", count: 1 }
    ])
    expect(work(n)).toEqual([{ _tag: "flushNudge", senderId: "s", afterMs: NUDGE_DEBOUNCE_MS }])
    expect(n.state.nudgeArmed.has("s")).toBe(true)
    expect(tags(n).at(-1)).toBe("journal")
  })

  it("shares a nudge already armed", () => {
    const n = run(state([errand()], { nudgeArmed: new Set(["s"]) }), { _tag: "Closed", ticket: "t1", outcome: answered })
    expect(work(n)).toEqual([])
  })

  it("gives the outcome to whoever holds the line, and files nothing", () => {
    const n = close({ attended: 1 })
    expect(resolved(n)).toEqual([answered])
    expect(n.state.inbox.size).toBe(0)
    expect(published(n).map((e) => e._tag)).toEqual(["session-relay", "session-relay"])
  })

  it("files nothing for a silent close (an expiry, a caller closing its own worker)", () => {
    const n = run(state([errand()]), { _tag: "Closed", ticket: "t1", outcome: answered, silent: true })
    expect(n.state.inbox.size).toBe(0)
    expect(n.state.tombs.has("t1")).toBe(true)
  })

  it("files a private result without announcing it", () => {
    const n = close({ private: true })
    expect(n.state.inbox.get("s")![0]!.private).toBe(true)
    expect(published(n).some((e) => e._tag === "session-inbox")).toBe(false)
    expect(work(n)).toEqual([])
  })

  it("files a command line's result under no session, with no sender mark and no nudge", () => {
    const n = close({ senderId: "" })
    expect(n.state.inbox.get("")).toHaveLength(1)
    expect(published(n)).toEqual([{ _tag: "session-relay", id: "w", peer: "", direction: "", ticket: "" }])
    expect(work(n)).toEqual([])
  })

  it("keeps an unanswered errand open to a late answer, and says the target stalled", () => {
    const n = close({}, { _tag: "Closed", ticket: "t1", outcome: { status: "unanswered", answer: "" } })
    expect(n.state.tombs.get("t1")!.lateOk).toBe(true)
    expect(published(n)).toContainEqual({ _tag: "session-relay-stalled", id: "s", targetId: "w", target: "beta" })
  })

  it("files a worker's answer as its report and marks the worker answered", () => {
    const n = close({ subagent: true, targetBranch: "feat" })
    expect(n.state.inbox.get("s")![0]!.report).toEqual({ label: "beta", branch: "feat" })
    expect(n.state.answeredWorkers.has("w")).toBe(true)
    expect(
      close({ subagent: true }, { _tag: "Closed", ticket: "t1", outcome: { status: "stopped", answer: "" } }).state.answeredWorkers.size
    ).toBe(0)
  })

  it("loses to whatever closed the errand first", () => {
    const s = state()
    const n = run(s, { _tag: "Closed", ticket: "t1", outcome: answered })
    expect([n.result, n.state, n.acts]).toEqual([false, s, []])
  })
})

describe("Resumed", () => {
  it("takes an errand the last backend handed to a mod as started, and does not hand it over again", () => {
    const n = run(state([errand({ delivered: true, awaitingStart: true })]), { _tag: "Resumed", ticket: "t1" })
    expect(n.state.errands.get("t1")).toMatchObject({ awaitingStart: false, sawBusy: true })
    expect(work(n)).toEqual([])
  })

  it("sends one never handed over out again", () => {
    const n = run(state([errand()]), { _tag: "Resumed", ticket: "t1" })
    expect(work(n)).toEqual([{ _tag: "io", ticket: "t1", targetId: "w", seq: 1, io: { _tag: "probe", reply: "Probed" } }])
    expect(n.state.lanes.get("w")).toEqual(["t1"])
  })

  it("ignores a ticket that is no longer open", () => {
    const s = state()
    expect(run(s, { _tag: "Resumed", ticket: "t1" }).state).toBe(s)
  })
})

describe("Answering", () => {
  const answering = (s = state(), ticket = "t1", from = "w") => run(s, { _tag: "Answering", from, ticket, answer: "late news" })

  it("offers a ticketless reply the errands whose task went in at the replying session", () => {
    const open = [errand({ entered: true }), errand({ ticket: "t2" }), errand({ ticket: "t3", targetId: "x", entered: true })]
    const n = answering(state(open), "")
    expect(n.result).toEqual({ _tag: "ticketless", open: [open[0]] })
  })

  it("finds an open errand by its ticket", () => {
    const e = errand()
    expect(answering(state([e])).result).toEqual({ _tag: "open", errand: e })
  })

  it("files a late answer once, announced and nudged like any result", () => {
    const n = answering(state([], { tombs: new Map([["t1", tomb()]]) }))
    expect(n.result).toEqual({ _tag: "late" })
    expect(n.state.tombs.get("t1")).toMatchObject({ lateOk: false, status: "answered" })
    expect(n.state.inbox.get("s")).toEqual([entry({ answer: "late news" })])
    expect(published(n)).toEqual([{ _tag: "session-inbox", id: "s", count: 1 }])
    expect(work(n)).toEqual([{ _tag: "flushNudge", senderId: "s", afterMs: NUDGE_DEBOUNCE_MS }])
    expect(answering(n.state).result).toEqual({ _tag: "none", answered: true })
  })

  it("files a private late answer without a word", () => {
    const n = answering(state([], { tombs: new Map([["t1", tomb({ private: true })]]) }))
    expect(n.result).toEqual({ _tag: "late" })
    expect(published(n)).toEqual([])
  })

  it("refuses a late answer after the hour, and a ticket it never knew", () => {
    expect(answering(state([], { tombs: new Map([["t1", tomb({ until: NOW })]]) })).result).toEqual({ _tag: "none", answered: false })
    expect(answering().result).toEqual({ _tag: "none", answered: false })
  })
})
