/**
 * Codex's plan windows, from its rollouts. Codex 0.169 turns the `x-codex-primary-*` and
 * `x-codex-secondary-*` response headers (used-percent, window-minutes, reset-at) into the
 * `rate_limits` of each `token_count` event it records: `{primary: {used_percent, window_minutes,
 * resets_at}, secondary: …}`, resets_at in epoch seconds, a window it was not told of null. Read
 * incrementally: each rollout from where the last read stopped, complete lines only, the newest
 * reading winning. The offsets live in memory, so a restarted lich reads a rollout once from the
 * start — the windows themselves are kept in the store.
 */

import type { PlanWindow } from "@lich/contract"
import {
  type CostReader,
  fresh,
  num,
  obj,
  readFrom,
  type ScanState,
  SKIP,
  type Step,
  scanLines,
  timeOf,
  type WindowReader,
  type WindowReading
} from "@lich/cost"

/** A window named by its length where it has a familiar one, so a ceiling reads the same for every provider. */
const kindOf = (slot: string, minutes: number): string => (minutes === 300 ? "five_hour" : minutes === 10_080 ? "seven_day" : slot)

const windowOf = (slot: string, v: unknown): PlanWindow | undefined => {
  const w = obj(v)
  if (typeof w.used_percent !== "number" || !Number.isFinite(w.used_percent)) return undefined
  const minutes = num(w.window_minutes)
  return {
    kind: kindOf(slot, minutes),
    percentUsed: Math.min(Math.max(w.used_percent, 0), 100),
    resetsAt: num(w.resets_at) * 1000,
    windowMinutes: minutes
  }
}

/** One rollout line: a token_count event with at least one window is a reading (kept in the cursor as JSON). */
export const stepWindows = (line: unknown, s: ScanState): Step => {
  const l = obj(line)
  const p = obj(l.payload)
  if (l.type !== "event_msg" || p.type !== "token_count") return SKIP
  const limits = obj(p.rate_limits)
  const windows = [windowOf("primary", limits.primary), windowOf("secondary", limits.secondary)].filter((w) => w !== undefined)
  if (windows.length === 0) return SKIP
  const at = timeOf(l.timestamp, s.activityAt)
  return { _tag: "count", state: { ...s, cursor: JSON.stringify(windows), activityAt: at, counted: s.counted + 1 } }
}

/** `transcripts` is the cost reader's lookup: the same rollout, found once. */
export const codexWindows = (account: string, transcripts: CostReader["transcripts"]): WindowReader => {
  const at = new Map<string, ScanState>()
  return {
    account,
    read: (s): WindowReading | undefined => {
      let newest: WindowReading | undefined
      for (const t of transcripts(s)) {
        const next = readFrom(t.file, at.get(t.file) ?? fresh, (chunk, st) => scanLines(chunk, st, stepWindows))
        if (next === undefined) continue
        at.set(t.file, next)
        if (next.counted > 0) newest = { windows: JSON.parse(next.cursor) as ReadonlyArray<PlanWindow>, at: next.activityAt }
      }
      return newest
    }
  }
}
