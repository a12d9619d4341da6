import type { ErrandRecord } from "@lich/contract"
import { describe, expect, it } from "vitest"
import { countsOf, fitSpan, hit, layout, stepLines, timelineSvg, visible } from "./timeline.js"

const rec = (n: number, over: Partial<ErrandRecord> = {}): ErrandRecord => ({
  ticket: `t${n}`,
  projectId: "p",
  project: "demo",
  via: "session",
  senderId: "lead",
  senderLabel: "lead",
  targetId: "w",
  targetLabel: "worker",
  private: false,
  promptHead: `task ${n}`,
  promptBytes: 6,
  answerHead: "",
  answerBytes: 0,
  status: "answered",
  createdAt: 1_000 + n,
  endedAt: 2_000 + n,
  steps: [
    { at: 1_000 + n, step: "sent", detail: "" },
    { at: 1_500 + n, step: "ended", detail: "answered" }
  ],
  ...over
})

const view = { end: 10_000, spanMs: 10_000, width: 1_000, session: "", status: "" }

describe("the timeline's drawing", () => {
  it("gives errands that overlap on one target rows of their own, and one that follows an ended one its row again", () => {
    const l = layout(visible([rec(0), rec(1), rec(5_000)], view), view)
    expect(l.lanes.map((x) => x.label)).toEqual(["lead", "worker"])
    const ys = l.bars.map((b) => b.y)
    expect(ys[0]).not.toBe(ys[1])
    expect(ys[2]).toBe(ys[0])
    expect(l.bars.every((b) => b.fromY < b.y)).toBe(true)
  })

  it("filters by session and outcome, keeps an open errand that began before the window, and sorts by time", () => {
    const open = rec(2, { status: "open", endedAt: 0, createdAt: -50_000 })
    const all = [rec(3), rec(1, { status: "unread" }), open, rec(4, { targetId: "x", targetLabel: "other" })]
    expect(visible(all, view).map((r) => r.ticket)).toEqual(["t2", "t1", "t3", "t4"])
    expect(visible(all, { ...view, status: "unread" }).map((r) => r.ticket)).toEqual(["t1"])
    expect(visible(all, { ...view, session: "x" }).map((r) => r.ticket)).toEqual(["t4"])
    expect(visible([rec(1)], { ...view, end: 50_000 })).toEqual([])
  })

  it("escapes what a person named a session, draws each outcome as one path, and finds the errand under a point", () => {
    const r = rec(1, { targetLabel: '<b onload="x">' })
    const l = layout([r, rec(2, { status: "unread" }), rec(3)], view)
    const svg = timelineSvg(l, view, "t1")
    expect(svg).not.toContain("<b onload")
    expect(svg.match(/<path class="bars s-answered"/g)?.length).toBe(1)
    expect(svg).toContain('<path class="bars s-unread"')
    expect(svg).toContain('class="selected"')
    const b = l.bars[1]!
    expect(hit(l, b.x0 + 1, b.y + 2)?.r.ticket).toBe("t2")
    expect(hit(l, b.x0, (b.fromY + b.y) / 2)?.r.ticket).toBeDefined()
    expect(hit(l, 5, 5)).toBeUndefined()
    expect(countsOf(l)).toBe("answered:2 unread:1")
  })

  it("says how long each step took after the one before, and fits the view to the oldest errand", () => {
    expect(stepLines(rec(0))).toEqual(["+0 ms  sent", "+500 ms  ended — answered"])
    expect(fitSpan([rec(0)], 101_000)).toBeCloseTo(108_000)
    expect(fitSpan([], 5)).toBe(10_000)
  })
})
