/**
 * The footer's and the toasts' reading of plan windows, pure: the tones at 80 and 95, a reading
 * stale after 15 minutes or void once its window reset, and the crossing toast only when a window
 * goes past 80 % while a session on that account is busy.
 */
import { describe, expect, it } from "vitest"
import type { Card } from "./model.js"
import { type AccountWire, crossingToast, freshness, toneOf } from "./spend.js"

const account = (percentUsed: number, readAt = 1_000_000, resetsAt = 0): AccountWire => ({
  account: "claude:/h",
  provider: "claude",
  readAt,
  windows: [{ kind: "five_hour", percentUsed, resetsAt, windowMinutes: 0 }]
})
const card = (state: string) => ({ id: "s1", kind: "claude", state }) as Card

describe("plan windows in the window", () => {
  it("tones a gauge amber from 80 % and red from 95 %", () => {
    expect([79.9, 80, 94.9, 95].map(toneOf)).toEqual(["ok", "warn", "warn", "alarm"])
  })

  it("marks a reading stale after 15 minutes, and void once its window reset", () => {
    const a = account(50, 1_000_000, 5_000_000)
    expect(freshness(a, a.windows[0]!, 1_000_000 + 15 * 60_000)).toBe("fresh")
    expect(freshness(a, a.windows[0]!, 1_000_001 + 15 * 60_000)).toBe("stale")
    expect(freshness(a, a.windows[0]!, 5_000_000)).toBe("reset")
  })

  it("toasts a window crossing 80 % only while work runs on that account, and only once", () => {
    expect(crossingToast(account(70), account(85), [card("busy")])?.text).toBe("claude's 5h plan window is at 85 %")
    expect(crossingToast(account(70), account(85), [card("idle")])).toBeUndefined()
    expect(crossingToast(account(82), account(85), [card("busy")])).toBeUndefined()
    expect(crossingToast(undefined, account(90), [card("busy")])?.target).toBe("s1")
  })
})
