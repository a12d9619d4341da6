/**
 * Telling a sender its results are ready, every event in the states it meets: pure, no runtime.
 */
import { describe, expect, it } from "vitest"
import { entry, inboxOf, published, run, state, tags, work } from "./testState.js"

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
