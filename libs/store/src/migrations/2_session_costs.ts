/**
 * Migration 2: the cost ledger. One row per (session, transcript) — a transcript a provider wrote
 * (priced by lich) or a conversation its provider reported a cost for (`reported:<id>`). A running
 * total with where the reader stopped, never per-turn history: `lich cost --since` filters sessions
 * by activity, it cannot slice money by day (docs/ceilings.md). ON DELETE CASCADE: a session deleted
 * for good takes its spend with it, which is the contract's ceiling, not an accident.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const sessionCosts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // byte_offset: the end of the last complete line read; cursor: the reader's own resume state
  // (Claude Code: the last counted message id; Codex: the running token total and model);
  // stuck 1 = the reader stopped at a turn it could not price and will retry it, so the session
  // is counted unpriced; activity_at: the last counted turn's own timestamp (ms).
  yield* sql`CREATE TABLE session_costs (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    transcript_id TEXT NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('priced', 'reported')),
    byte_offset INTEGER NOT NULL DEFAULT 0,
    cursor TEXT NOT NULL DEFAULT '',
    cost_usd REAL NOT NULL DEFAULT 0,
    stuck INTEGER NOT NULL DEFAULT 0 CHECK (stuck IN (0, 1)),
    activity_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, transcript_id)
  )`
})
