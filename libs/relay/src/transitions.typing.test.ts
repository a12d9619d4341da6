/**
 * The typed route of a hand-off, every report in the phase that awaits it: pure, no runtime. Waiting
 * for the prompt (and saying why when a question of the provider's own holds it), the stamps before
 * the write, the marks after it, and the receipt window that retypes once and then calls it unread.
 */
import { describe, expect, it } from "vitest"
import { RECEIPT_WINDOW_MS, type RelayState } from "./state.js"
import { handingOff, ios, published, resolved, run, SEQ, tags } from "./testState.js"

const at = { ticket: "t1", seq: SEQ } as const
const TYPE = { _tag: "type", text: "[lich] do it", reply: "Typed" } as const
const RECEIPT = { _tag: "receipt", ms: RECEIPT_WINDOW_MS, reply: "ReceiptDue" } as const
const prompting = (screen?: string, more: Partial<RelayState> = {}) => handingOff({ _tag: "prompting", screen }, {}, more)

describe("waiting for the prompt", () => {
  it("says why while a question of the provider's own holds it, and follows it as it changes and goes", () => {
    const held = run(prompting(), { _tag: "ScreenHeld", ...at, reason: "Codex asks" })
    expect(held.state.waiting.get("w")).toBe("Codex asks")
    expect(held.state.deliveries.get("t1")).toMatchObject({ seq: SEQ, phase: { screen: "Codex asks" } })
    const other = run(held.state, { _tag: "ScreenHeld", ...at, reason: "review hooks" })
    expect(other.state.waiting.get("w")).toBe("review hooks")
    expect(run(other.state, { _tag: "ScreenHeld", ...at, reason: undefined }).state.waiting.has("w")).toBe(false)
    expect(run(held.state, { _tag: "ScreenHeld", ...at, reason: "Codex asks" }).state).toBe(held.state)
    expect(held.acts).toEqual([])
  })

  it("stamps the errand delivered before the write, and watches the receipt at a reporting target", () => {
    const n = run(prompting("Codex asks", { reporting: new Set(["w"]), waiting: new Map([["w", "Codex asks"]]) }), {
      _tag: "Prompted",
      ...at,
      ready: true
    })
    expect(n.state.errands.get("t1")).toMatchObject({ delivered: true, skipTurns: 0, entered: false })
    expect(n.state.waiting.has("w")).toBe(false)
    expect(ios(n)).toEqual([["t1", SEQ + 1, TYPE]])
    expect(n.state.deliveries.get("t1")!.phase).toEqual({ _tag: "typing", watch: true, retype: false })
  })

  it("skips the turn already running at a busy target, and watches no receipt there nor at a silent one", () => {
    const busy = run(prompting(undefined, { turn: new Map([["w", "busy"]]), reporting: new Set(["w"]) }), {
      _tag: "Prompted",
      ...at,
      ready: true
    })
    expect(busy.state.errands.get("t1")!.skipTurns).toBe(1)
    expect(busy.state.deliveries.get("t1")!.phase).toMatchObject({ watch: false })
    expect(run(prompting(), { _tag: "Prompted", ...at, ready: true }).state.deliveries.get("t1")!.phase).toMatchObject({ watch: false })
  })

  it("calls it undelivered when no prompt came within the queue, and lets the lane go for an errand that ended", () => {
    const n = run(prompting("q", { waiting: new Map([["w", "q"]]) }), { _tag: "Prompted", ...at, ready: false })
    expect(resolved(n)).toEqual([{ status: "undelivered", answer: "" }])
    expect([n.state.waiting.has("w"), n.state.lanes.size, n.state.deliveries.size]).toEqual([false, 0, 0])
    const gone = run(handingOff({ _tag: "prompting", screen: undefined }, { ticket: "x" }), { _tag: "Prompted", ...at, ready: true })
    expect([tags(gone), gone.state.lanes.size]).toEqual([[], 0])
  })
})

describe("the write", () => {
  const typing = (watch: boolean, retype = false, over = {}, more: Partial<RelayState> = {}) =>
    handingOff({ _tag: "typing", watch, retype }, { delivered: true, ...over }, more)

  it("lets a ticketless reply pick the errand, marks both cards, and passes the lane on", () => {
    const more = { lanes: new Map([["w", ["t1", "t2"]]]) }
    const n = run(typing(false, false, {}, more), { _tag: "Typed", ...at, ok: true })
    expect(n.state.errands.get("t1")!.entered).toBe(true)
    expect(published(n)).toEqual([
      { _tag: "session-relay", id: "w", peer: "alpha", direction: "in", ticket: "t1" },
      { _tag: "session-relay", id: "s", peer: "beta", direction: "out", ticket: "t1" }
    ])
    expect(ios(n)).toEqual([["t2", 1, { _tag: "probe", reply: "Probed" }]])
    expect(n.state.deliveries.has("t1")).toBe(false)
  })

  it("marks only the target for a command line's task", () => {
    expect(published(run(typing(false, false, { senderId: "", senderLabel: "" }), { _tag: "Typed", ...at, ok: true }))).toHaveLength(1)
  })

  it("passes the lane on and opens the receipt window at a target that reports turns", () => {
    const n = run(typing(true), { _tag: "Typed", ...at, ok: true })
    expect(n.state.lanes.size).toBe(0)
    expect(ios(n)).toEqual([["t1", SEQ + 1, RECEIPT]])
  })

  it("calls a task whose write failed undelivered, and a failed retype unread", () => {
    expect(resolved(run(typing(true), { _tag: "Typed", ...at, ok: false }))).toEqual([{ status: "undelivered", answer: "" }])
    expect(resolved(run(typing(true, true), { _tag: "Typed", ...at, ok: false }))).toEqual([{ status: "unread", answer: "" }])
    const retyped = run(typing(true, true), { _tag: "Typed", ...at, ok: true })
    expect([published(retyped), ios(retyped)]).toEqual([[], [["t1", SEQ + 1, RECEIPT]]])
  })
})

describe("the receipt window", () => {
  const receipt = (over = {}) => handingOff({ _tag: "receipt" }, { delivered: true, entered: true, ...over }, { lanes: new Map() })
  const due = (s: RelayState, ready = true) => run(s, { _tag: "ReceiptDue", ...at, ready })

  it("reads a started or ended errand as read, and lets it be", () => {
    const started = due(receipt({ sawBusy: true }))
    expect([tags(started), started.state.deliveries.size]).toEqual([[], 0])
    expect(due(receipt({ ticket: "x" })).state.deliveries.size).toBe(0)
  })

  it("retypes once at a prompt, then calls it unread", () => {
    const n = due(receipt())
    expect(n.state.errands.get("t1")!.retyped).toBe(true)
    expect(ios(n)).toEqual([["t1", SEQ + 1, TYPE]])
    expect(n.state.deliveries.get("t1")!.phase).toEqual({ _tag: "typing", watch: true, retype: true })
    expect(resolved(due(receipt({ retyped: true })))).toEqual([{ status: "unread", answer: "" }])
  })

  it("calls it unread when the target is not at a prompt to retype at", () => {
    expect(resolved(due(receipt(), false))).toEqual([{ status: "unread", answer: "" }])
  })
})
