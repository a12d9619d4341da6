/**
 * Migration 7: budgets — the plan windows each provider account last reported, and each project's
 * spend per day, which a daily cap is measured against.
 *
 * `plan_windows`: one row per (account, window kind), the latest reading only, with when lich read
 * it (read_at) so a stale one says so. Kept across restarts: a window's use only grows until it
 * resets, so an old reading still bounds it from below. resets_at and window_minutes 0 = not said.
 *
 * `spend_days`: what a project's sessions spent on one local day (day = 'YYYY-MM-DD'), added up from
 * the ledger's rows as they grow, so a session that runs across midnight is split where it ran.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const budgets = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE plan_windows (
    account TEXT NOT NULL,
    kind TEXT NOT NULL,
    provider TEXT NOT NULL,
    percent_used REAL NOT NULL,
    resets_at INTEGER NOT NULL DEFAULT 0,
    window_minutes INTEGER NOT NULL DEFAULT 0,
    read_at INTEGER NOT NULL,
    PRIMARY KEY (account, kind)
  )`
  yield* sql`CREATE TABLE spend_days (
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    cost_usd REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, day)
  )`
})
