/**
 * What a Crush session cost, as Crush computed it: its `sessions` table keeps a running `cost`
 * (USD) per session in `crush.db`, in the nearest `.crush/` folder above where the session runs
 * (Crush's default data directory). Read whole at each scan, read-only, and recorded as
 * *reported*: a total is not a log to resume in, and lich has no prices of its own to add.
 */

import * as fs from "node:fs"
import * as path from "node:path"
import type { TotalReader } from "@lich/cost"
import Database from "better-sqlite3"

/** The nearest `.crush/crush.db` from `dir` upwards. */
export const crushDb = (dir: string): string | undefined => {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const db = path.join(at, ".crush", "crush.db")
    if (fs.existsSync(db)) return db
    if (path.dirname(at) === at) return undefined
  }
}

/** Crush stores times as Unix seconds; a millisecond figure is taken as it is. */
const millis = (t: unknown): number => {
  const n = typeof t === "number" && Number.isFinite(t) ? t : 0
  return n > 0 && n < 1e12 ? n * 1000 : n
}

export const crushTotal = (db: string, sessionId: string): { costUsd: number; activityAt: number } | undefined => {
  let conn: Database.Database | undefined
  try {
    conn = new Database(db, { readonly: true, fileMustExist: true })
    // Crush writes while it runs: wait out its lock briefly rather than miss the figure.
    conn.pragma("busy_timeout = 1000")
    const row = conn.prepare("SELECT cost, updated_at FROM sessions WHERE id = ?").get(sessionId) as
      | { cost: unknown; updated_at: unknown }
      | undefined
    if (row === undefined || typeof row.cost !== "number" || !Number.isFinite(row.cost) || row.cost < 0) return undefined
    return { costUsd: row.cost, activityAt: millis(row.updated_at) }
  } catch {
    // A database Crush has not made yet, or one of another shape: nothing to record this time.
    return undefined
  } finally {
    conn?.close()
  }
}

export const crushCost: TotalReader = {
  source: "reported",
  total: (s) => {
    const db = crushDb(s.dir)
    return db === undefined ? undefined : crushTotal(db, s.providerSessionId)
  }
}
