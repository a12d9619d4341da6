/**
 * What the footer and the budget toasts make of the plan windows and budgets, pure: the gauge's
 * tone (amber from 80 %, red from 95 %), whether a reading is stale, the toast when a window crosses
 * 80 % while work runs, and the toast when a cap refused new work. The thresholds and staleness are
 * the contract's, so the window and the backend's words agree.
 */
import type { SuccessOf } from "@lich/contract"
import type { Card } from "./model.js"

export type BudgetsWire = SuccessOf<"system.Budgets">
export type AccountWire = BudgetsWire["accounts"][number]
export type PlanWindowWire = AccountWire["windows"][number]
export type ProjectBudgetWire = BudgetsWire["projects"][number]

/** libs/contract budget.ts: PLAN_WINDOW_WARN_PERCENT, PLAN_WINDOW_ALARM_PERCENT, PLAN_WINDOW_STALE_MS (types only reach the window). */
export const WARN_PERCENT = 80
export const ALARM_PERCENT = 95
export const STALE_MS = 15 * 60_000

export type Tone = "ok" | "warn" | "alarm"
export const toneOf = (percent: number): Tone => (percent >= ALARM_PERCENT ? "alarm" : percent >= WARN_PERCENT ? "warn" : "ok")

/** A reading past its window's reset says nothing of the window now; one read long ago may be behind. */
export const freshness = (a: AccountWire, w: PlanWindowWire, now: number): "fresh" | "stale" | "reset" =>
  w.resetsAt > 0 && w.resetsAt <= now ? "reset" : now - a.readAt > STALE_MS ? "stale" : "fresh"

export const windowLabel = (kind: string): string => (kind === "five_hour" ? "5h" : kind === "seven_day" ? "7d" : kind.replace(/_/g, " "))

/** "resets 15:00" in the person's own clock; "" when the provider did not say. */
export const resetsLabel = (resetsAt: number): string =>
  resetsAt > 0 ? `resets ${new Date(resetsAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : ""

export interface SpendToast {
  readonly kind: "info" | "cap"
  readonly text: string
  readonly detail: string
  /** a card to open ("info"), or the project whose budgets to open ("cap") */
  readonly target: string
}

/** A window that went from under 80 % to 80 % or more while a session on that account is busy: say so once. */
export const crossingToast = (before: AccountWire | undefined, after: AccountWire, cards: ReadonlyArray<Card>): SpendToast | undefined => {
  const busy = cards.find((c) => c.kind === after.provider && c.state === "busy")
  if (busy === undefined) return undefined
  const crossed = after.windows.find(
    (w) => w.percentUsed >= WARN_PERCENT && (before?.windows.find((b) => b.kind === w.kind)?.percentUsed ?? 0) < WARN_PERCENT
  )
  if (crossed === undefined) return undefined
  return {
    kind: "info",
    text: `${after.provider}'s ${windowLabel(crossed.kind)} plan window is at ${Math.round(crossed.percentUsed)} %`,
    detail: `${resetsLabel(crossed.resetsAt)} — work is running on it`.replace(/^ — /, ""),
    target: busy.id
  }
}

export const capToast = (project: string, projectId: string, line: string): SpendToast => ({
  kind: "cap",
  text: `${project} is over its cap: new work refused`,
  detail: line,
  target: projectId
})

/** "$0.42", or "—" before the provider said. */
export const costLabel = (usd: number | undefined): string => (usd === undefined ? "—" : `$${usd.toFixed(2)}`)
