/**
 * What a project's caps say about new work, pure: its caps, what it spent today and the plan windows
 * of the account the work would run on, in; the refusal's one line out, or undefined to let it in.
 * A window whose reset time has passed says nothing any more (the window started again); any other
 * reading still counts however old it is, because a window's use only grows until it resets — an old
 * reading is a floor, never an overstatement.
 */
import type { AccountWindows } from "@lich/contract"

export interface Caps {
  readonly dayUsd?: number | undefined
  readonly windowPercent?: number | undefined
}

export interface Standing {
  readonly project: string
  readonly caps: Caps
  readonly spentTodayUsd: number
  /** sessions of the project lich cannot price: the spend is then a lower bound */
  readonly unpriced: number
  readonly account: AccountWindows | undefined
  readonly now: number
}

const HOW = "raise or lift it in Settings › Budgets (work already running is not stopped)"

export const usd = (n: number): string => `$${n.toFixed(2)}`

/** "five_hour" → "5-hour", so the line reads as a person says it. */
export const windowName = (kind: string): string =>
  kind === "five_hour" ? "5-hour" : kind === "seven_day" ? "7-day" : kind.replace(/_/g, " ")

const ago = (ms: number): string => {
  const m = Math.round(ms / 60_000)
  return m < 1 ? "just now" : m < 60 ? `${m} min ago` : `${Math.round(m / 60)} h ago`
}

/** The windows that still speak: those whose reset is unknown or still ahead. */
export const liveWindows = (a: AccountWindows | undefined, now: number) =>
  (a?.windows ?? []).filter((w) => w.resetsAt === 0 || w.resetsAt > now)

export const refusal = (s: Standing): string | undefined => {
  const { dayUsd, windowPercent } = s.caps
  if (dayUsd !== undefined && s.spentTodayUsd >= dayUsd) {
    const unpriced = `${s.unpriced} unpriced session${s.unpriced === 1 ? "" : "s"} not counted`
    const spent = s.unpriced > 0 ? `at least ${usd(s.spentTodayUsd)} (${unpriced})` : usd(s.spentTodayUsd)
    return `project "${s.project}" is over its daily spend cap: ${spent} spent today of ${usd(dayUsd)} — ${HOW}`
  }
  if (windowPercent === undefined || s.account === undefined) return undefined
  const over = liveWindows(s.account, s.now).find((w) => w.percentUsed >= windowPercent)
  if (over === undefined) return undefined
  const when = `read ${ago(s.now - s.account.readAt)}`
  return `project "${s.project}" takes no new work above ${windowPercent} % of a plan window: the ${windowName(over.kind)} window of ${s.account.provider} is at ${Math.round(over.percentUsed)} % (${when}) — ${HOW}`
}
