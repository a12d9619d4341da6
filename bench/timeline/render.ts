/**
 * bench/timeline.mjs's drawing half, bundled for the browser: N synthetic errands across 20 lanes
 * over a day, drawn by the window's own pure functions (logic/timeline.ts) into the page with the
 * panel's look, timed from the call to the frame after layout. A run of 0 errands is the floor.
 */
import type { ErrandRecord } from "@lich/contract"
import { layout, timelineSvg, visible } from "../../apps/shell/src/logic/timeline.js"

const STATUSES = ["answered", "answered", "answered", "unanswered", "unread", "undelivered", "open"] as const

const records = (n: number, now: number): Array<ErrandRecord> =>
  Array.from({ length: n }, (_, i) => {
    const createdAt = now - 86_400_000 + Math.floor((i / Math.max(1, n)) * 86_400_000)
    const status = STATUSES[i % STATUSES.length]!
    return {
      ticket: `e${i.toString(16).padStart(7, "0")}`,
      projectId: "p",
      project: "demo",
      via: "session",
      senderId: `s${i % 4}`,
      senderLabel: `lead-${i % 4}`,
      targetId: `w${i % 16}`,
      targetLabel: `worker-${i % 16}`,
      private: false,
      promptHead: `task ${i}`,
      promptBytes: 10,
      answerHead: "",
      answerBytes: 0,
      status,
      createdAt,
      endedAt: status === "open" ? 0 : createdAt + 30_000 + (i % 11) * 20_000,
      steps: [{ at: createdAt, step: "sent", detail: "" }]
    }
  })

const draw = (n: number): Promise<number> => {
  const now = Date.now()
  const all = records(n, now)
  const host = document.getElementById("canvas")!
  host.innerHTML = ""
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const t0 = performance.now()
      const view = { end: now, spanMs: 86_400_000 * 1.05, width: 1_000, session: "", status: "" }
      host.innerHTML = timelineSvg(layout(visible(all, view), view), view, "")
      host.getBoundingClientRect()
      requestAnimationFrame(() => resolve(performance.now() - t0))
    })
  })
}

;(window as unknown as { bench: unknown }).bench = { draw }
