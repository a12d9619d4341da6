/**
 * An errand for a session on another host (libs/hosts), in the pure transitions: never handed over
 * here, nothing said about a target that reports to another lich, and otherwise the same errand —
 * filed, announced, expired and journaled as a local one is.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { recordsOf, restoreFrom } from "./journal.js"
import { emptyState, TICKET_TTL_MS } from "./state.js"
import { errand, NOW, run, state, tags } from "./testState.js"

const far = (over: Parameters<typeof errand>[0] = {}) =>
  errand({ targetId: "host:devbox:w", far: { host: "devbox", ticket: "f1" }, ...over })

describe("an errand for another host's session", () => {
  it("is filed without a lane or a hand-off: the far lich delivers it", () => {
    const e = far()
    const n = run(emptyState(), { _tag: "Opened", errand: e })
    expect(n.state.errands.get("t1")).toBe(e)
    expect(n.state.lanes.size).toBe(0)
    expect(tags(n)).toEqual(["journal"])
  })

  it("says nothing of its target when a wait lets go: only the far lich hears that session's reports", () => {
    const n = run(state([far({ attended: 1 })]), { _tag: "LetGo", ticket: "t1", targetId: "host:devbox:w", gaveUp: true })
    expect(n.result).toBeUndefined()
    expect(n.state.errands.get("t1")).toMatchObject({ attended: 0, releasedAt: NOW })
  })

  it("files its outcome for an absent sender and announces it, as a local errand's", () => {
    const n = run(state([far()]), { _tag: "Closed", ticket: "t1", outcome: { status: "answered", answer: "done" } })
    expect(n.state.inbox.get("s")).toMatchObject([{ ticket: "t1", target: "beta", status: "answered", answer: "done" }])
    expect(tags(n)).toContain("flushNudge")
  })

  it("expires after its hour with nobody holding the line", () => {
    const n = run(state([far()]), { _tag: "Swept" }, TICKET_TTL_MS)
    expect(n.state.errands.has("t1")).toBe(false)
    expect(n.state.tombs.get("t1")?.status).toBe("expired")
  })

  it("keeps its far half across the journal", async () => {
    const rows = [...recordsOf(state([far()]))].map(([k, body]) => ({ kind: "errand" as const, ticket: k.slice(k.indexOf(":") + 1), body }))
    const back = await Effect.runPromise(restoreFrom(rows))
    expect(back.errands.get("t1")?.far).toEqual({ host: "devbox", ticket: "f1" })
  })
})
