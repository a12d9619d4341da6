import { describe, expect, it } from "vitest"
import { TICKET_TTL_MS, type Tomb } from "./state.js"
import { entry, errand, inboxOf, NOW, published, resolved, run, state } from "./testState.js"

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

describe("Taken", () => {
  it("takes a result out of the inbox and tells the sender how many are left", () => {
    const s = state([], { inbox: inboxOf(entry(), entry({ ticket: "t2" })) })
    const n = run(s, { _tag: "Taken", ticket: "t1" })
    expect(n.result).toEqual({ _tag: "entry", entry: entry() })
    expect(n.state.inbox.get("s")!.map((x) => x.ticket)).toEqual(["t2"])
    expect(published(n)).toEqual([{ _tag: "session-inbox", id: "s", count: 1 }])
  })

  it("takes a private result, or a command line's, without a word", () => {
    expect(published(run(state([], { inbox: inboxOf(entry({ private: true })) }), { _tag: "Taken", ticket: "t1" }))).toEqual([])
    const cli = run(state([], { inbox: inboxOf(entry({ senderId: "" })) }), { _tag: "Taken", ticket: "t1" })
    expect(published(cli)).toEqual([])
    expect(cli.state.inbox.size).toBe(0)
  })

  it("finds an open errand, an ended one, an answered one and none", () => {
    const e = errand()
    expect(run(state([e]), { _tag: "Taken", ticket: "t1" }).result).toEqual({ _tag: "open", errand: e })
    const ended = tomb({ status: "expired" })
    expect(run(state([], { tombs: new Map([["t1", ended]]) }), { _tag: "Taken", ticket: "t1" }).result).toEqual({
      _tag: "tomb",
      tomb: ended
    })
    expect(run(state([], { tombs: new Map([["t1", tomb({ status: "answered" })]]) }), { _tag: "Taken", ticket: "t1" }).result).toEqual({
      _tag: "none",
      answered: true
    })
    expect(run(state(), { _tag: "Taken", ticket: "t1" }).result).toEqual({ _tag: "none", answered: false })
  })
})

describe("Drained", () => {
  it("takes every public result, leaves the private ones, and names the targets still out", () => {
    const errands = [
      errand({ ticket: "o1", targetLabel: "zeta" }),
      errand({ ticket: "o2", targetLabel: "gamma" }),
      errand({ ticket: "o3", targetLabel: "zeta" }),
      errand({ ticket: "o4", private: true })
    ]
    const s = state(errands, { inbox: inboxOf(entry(), entry({ ticket: "t2", private: true }), entry({ ticket: "t3", handed: true })) })
    const n = run(s, { _tag: "Drained", senderId: "s" })
    expect(n.result.ready.map((x) => x.ticket)).toEqual(["t1", "t3"])
    expect(n.result.open).toEqual(["gamma", "zeta"])
    expect(n.state.inbox.get("s")!.map((x) => x.ticket)).toEqual(["t2"])
    expect(published(n)).toEqual([{ _tag: "session-inbox", id: "s", count: 0 }])
  })

  it("says nothing when nothing is ready", () => {
    const n = run(state([errand()]), { _tag: "Drained", senderId: "s" })
    expect(n.result).toEqual({ ready: [], open: ["beta"] })
    expect(n.acts).toEqual([])
  })
})

describe("Swept", () => {
  it("drops what outlived its hour and expires errands nobody held for one, silently", () => {
    const old = NOW - TICKET_TTL_MS
    const s = state(
      [
        errand({ ticket: "gone", releasedAt: old }),
        errand({ ticket: "held", releasedAt: old, attended: 1 }),
        errand({ ticket: "worker", releasedAt: old, subagent: true }),
        errand({ ticket: "young", releasedAt: old + 1 })
      ],
      {
        tombs: new Map([
          ["dead", tomb({ ticket: "dead", until: NOW })],
          ["live", tomb({ ticket: "live" })]
        ]),
        inbox: inboxOf(entry({ readyAt: old }), entry({ ticket: "t2", readyAt: old + 1 }))
      }
    )
    const n = run(s, { _tag: "Swept" })
    expect([...n.state.errands.keys()]).toEqual(["held", "worker", "young"])
    expect([...n.state.tombs.keys()]).toEqual(["live", "gone"])
    expect(n.state.tombs.get("gone")!.status).toBe("expired")
    expect(n.state.inbox.get("s")!.map((x) => x.ticket)).toEqual(["t2"])
    expect(resolved(n)).toEqual([{ status: "expired", answer: "" }])
    expect(published(n).some((e) => e._tag === "session-inbox")).toBe(false)
  })

  it("leaves a state with nothing due as it was", () => {
    const s = state([errand({ releasedAt: NOW })], { tombs: new Map([["live", tomb()]]), inbox: inboxOf(entry()) })
    const n = run(s, { _tag: "Swept" })
    expect(n.state).toBe(s)
    expect(n.acts).toEqual([])
  })
})
