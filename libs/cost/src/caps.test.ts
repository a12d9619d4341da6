/**
 * The caps' verdict, pure: under every cap nothing is said; a day cap reached names the spend and
 * the cap (a lower bound said as one); a window ceiling names the window, its reading and its age;
 * a window whose reset has passed no longer refuses.
 */
import { describe, expect, it } from "vitest"
import { refusal, type Standing } from "./caps.js"

const base: Standing = { project: "lich", caps: {}, spentTodayUsd: 0, unpriced: 0, account: undefined, now: 10_000_000 }
const account = (percentUsed: number, resetsAt = 0) => ({
  account: "claude:/h",
  provider: "claude",
  readAt: 10_000_000 - 5 * 60_000,
  windows: [{ kind: "five_hour", percentUsed, resetsAt, windowMinutes: 0 }]
})

describe("the caps", () => {
  it("let work in under every cap", () => {
    expect(refusal({ ...base, caps: { dayUsd: 5, windowPercent: 90 }, spentTodayUsd: 4.99, account: account(89.9) })).toBeUndefined()
  })

  it("refuse at the day cap, saying so as a lower bound when sessions are unpriced", () => {
    expect(refusal({ ...base, caps: { dayUsd: 5 }, spentTodayUsd: 5 })).toBe(
      'project "lich" is over its daily spend cap: $5.00 spent today of $5.00 — raise or lift it in Settings › Budgets (work already running is not stopped)'
    )
    expect(refusal({ ...base, caps: { dayUsd: 5 }, spentTodayUsd: 6, unpriced: 2 })).toContain(
      "at least $6.00 (2 unpriced sessions not counted)"
    )
  })

  it("refuse at a window ceiling until the window resets", () => {
    expect(refusal({ ...base, caps: { windowPercent: 90 }, account: account(93) })).toBe(
      'project "lich" takes no new work above 90 % of a plan window: the 5-hour window of claude is at 93 % (read 5 min ago) — raise or lift it in Settings › Budgets (work already running is not stopped)'
    )
    expect(refusal({ ...base, caps: { windowPercent: 90 }, account: account(93, base.now - 1) })).toBeUndefined()
  })
})
