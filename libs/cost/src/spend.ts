/**
 * Spend per day, from the ledger as it grows. The ledger holds running totals per (session,
 * transcript); a daily cap needs what was spent today. So after every scan and every reported figure
 * the ledger's sessions are priced as the report prices them (a reported conversation replacing its
 * priced transcripts), and what each session's figure moved by since the last look is added to its
 * project's day. A figure that moves down (a provider's own figure replacing lich's pricing) moves
 * the day down too, so the sum stays the report's; a session that is gone takes nothing back.
 */
import type { CostedSession, Ledger, SpendDays } from "@lich/store"
import { Clock, Effect } from "effect"
import { effectiveRows } from "./report.js"

/** The backend machine's local day of `ms`: 'YYYY-MM-DD'. A person's "per day" is their midnight. */
export const dayOf = (ms: number): string => {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** ms since the local midnight that began `ms`'s day. */
export const sinceMidnight = (ms: number): number => {
  const d = new Date(ms)
  return ms - new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

const figureOf = (s: CostedSession): number => effectiveRows(s.rows).reduce((sum, r) => sum + r.costUsd, 0)

/** The per-session figures last seen; `moves` turns a fresh look at the ledger into per-project amounts. */
export const makeSpendTracker = () => {
  const seen = new Map<string, number>()
  return {
    /** Takes the figures as they stand without counting them: what was spent before lich started is not today's. */
    prime: (all: ReadonlyArray<CostedSession>) => {
      for (const s of all) seen.set(s.id, figureOf(s))
    },
    /** What each project's sessions moved by since the last look. */
    moves: (all: ReadonlyArray<CostedSession>): ReadonlyMap<string, number> => {
      const by = new Map<string, number>()
      for (const s of all) {
        const now = figureOf(s)
        const delta = now - (seen.get(s.id) ?? 0)
        seen.set(s.id, now)
        if (Math.abs(delta) > 1e-12) by.set(s.projectId, (by.get(s.projectId) ?? 0) + delta)
      }
      return by
    }
  }
}

/**
 * The step the ledger runs after each scan or record: what moved, into today's rows. What the
 * ledger held before this backend started was spent before it and is taken as it stands; a catch-up
 * read after a restart is counted, as today's.
 */
export const daySpend = (ledger: Ledger["Type"], days: SpendDays["Type"]) =>
  Effect.gen(function* () {
    const tracker = makeSpendTracker()
    let last = yield* Effect.orElseSucceed(ledger.sessions(), () => [])
    tracker.prime(last)
    return Effect.gen(function* () {
      const now = yield* ledger.sessions()
      // The store hands out the same rows while nothing was written (generations.ts): nothing moved.
      if (now === last) return now
      last = now
      const moves = tracker.moves(now)
      const day = dayOf(yield* Clock.currentTimeMillis)
      yield* Effect.forEach(moves, ([projectId, usd]) => days.add(projectId, day, usd), { discard: true })
      return now
    })
  })
