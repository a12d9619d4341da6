/**
 * The schema, as numbered migrations for @effect/sql's Migrator. The Migrator records each applied
 * id in `effect_sql_migrations` inside the same transaction that runs it, so reopening a database
 * runs nothing twice. Never edit a migration that has shipped: add the next number instead, because
 * a user's database already holds the old one and will not run it again.
 *
 * Flags are INTEGER 0/1 with CHECKs (SQLite has no boolean); times are ms since the epoch, written
 * from Effect's Clock so tests can drive them with TestClock.
 */
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { sessionCosts } from "./migrations/2_session_costs.js"
import { relayJournal } from "./migrations/3_relay_journal.js"
import { sessionReview } from "./migrations/4_session_review.js"
import { hosts } from "./migrations/5_hosts.js"
import { errandRecords } from "./migrations/6_errand_records.js"
import { budgets } from "./migrations/7_budgets.js"
import { storeGenerations } from "./migrations/8_store_generations.js"

const initial = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // id = hex of the first 6 bytes of sha256(path): stable across close/reopen, so a project opened
  // again by path comes back as the same tab with the same worktree root.
  yield* sql`CREATE TABLE projects (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL UNIQUE,
    is_open INTEGER NOT NULL DEFAULT 1 CHECK (is_open IN (0, 1)),
    next_seq INTEGER NOT NULL DEFAULT 1,
    active_session_id TEXT NOT NULL DEFAULT '',
    position INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL DEFAULT 0
  )`
  // path '' = the project's own directory; branch '' = no worktree; is_open 0 = parked (kept for
  // resume and the History tab); activity_at drives `lich cost --since`.
  yield* sql`CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    label_auto INTEGER NOT NULL DEFAULT 1 CHECK (label_auto IN (0, 1)),
    kind TEXT NOT NULL DEFAULT 'claude',
    path TEXT NOT NULL DEFAULT '',
    branch TEXT NOT NULL DEFAULT '',
    folder TEXT NOT NULL DEFAULT '',
    color TEXT NOT NULL DEFAULT '',
    is_open INTEGER NOT NULL DEFAULT 1 CHECK (is_open IN (0, 1)),
    position INTEGER NOT NULL DEFAULT 0,
    model TEXT NOT NULL DEFAULT '',
    effort TEXT NOT NULL DEFAULT '',
    ultracode INTEGER NOT NULL DEFAULT 0 CHECK (ultracode IN (0, 1)),
    origin_session_id TEXT NOT NULL DEFAULT '',
    origin_label TEXT NOT NULL DEFAULT '',
    confined INTEGER NOT NULL DEFAULT 0 CHECK (confined IN (0, 1)),
    provider_session_id TEXT NOT NULL DEFAULT '',
    subagent_depth INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    created_at INTEGER NOT NULL DEFAULT 0,
    activity_at INTEGER NOT NULL DEFAULT 0,
    parked_at INTEGER NOT NULL DEFAULT 0
  )`
  // Every session query is scoped to one project and ordered by position; closes look rows up by
  // checkout path.
  yield* sql`CREATE INDEX sessions_by_project ON sessions (project_id, position)`
  yield* sql`CREATE INDEX sessions_by_path ON sessions (project_id, path)`
  // project_id '' = global; a project's row overrides the global one.
  yield* sql`CREATE TABLE settings (
    key TEXT NOT NULL,
    project_id TEXT NOT NULL DEFAULT '',
    value TEXT NOT NULL,
    PRIMARY KEY (key, project_id)
  )`
  // UNIQUE port: two checkouts handed the same LICH_WORKTREE_PORT would fight over one dev server.
  yield* sql`CREATE TABLE worktree_ports (
    path TEXT PRIMARY KEY NOT NULL,
    port INTEGER NOT NULL UNIQUE
  )`
})

export const migrations: Migrator.Loader = Migrator.fromRecord({
  "1_initial": initial,
  "2_session_costs": sessionCosts,
  "3_relay_journal": relayJournal,
  "4_session_review": sessionReview,
  "5_hosts": hosts,
  "6_errand_records": errandRecords,
  "7_budgets": budgets,
  "8_store_generations": storeGenerations
})
