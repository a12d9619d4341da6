/**
 * Settings: string values under dotted keys (`provider.claude.bin`, `usage.cost`, …), global or per
 * project. A project's value overrides the global one, which is how a project pins its own binary
 * while every other project follows the machine's. Values stay strings: each reader knows its own
 * key's type, and the store would only guess.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer, Option } from "effect"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

/** The project_id of a global setting. */
const GLOBAL = ""

export interface SettingsShape {
  /** With a projectId, that project's value if set, else the global one; without, the global one. */
  readonly get: (key: string, projectId?: string) => Effect.Effect<Option.Option<string>, StoreError>
  /** Writes the value globally, or for one project. */
  readonly set: (key: string, value: string, projectId?: string) => Effect.Effect<void, StoreError>
  /** Removes the global value, or one project's; the other scope is untouched. Returns whether one existed. */
  readonly remove: (key: string, projectId?: string) => Effect.Effect<boolean, StoreError>
}

/** The table as held in memory: value by key, then by project_id ("" the global one). */
type Held = Map<string, Map<string, string>>

/** The project's value when it has one, else the global one (the rule the SQL read used to apply). */
const pick = (held: Held, key: string, projectId: string | undefined) => {
  const byProject = held.get(key)
  const value = byProject?.get(projectId ?? GLOBAL) ?? byProject?.get(GLOBAL)
  return value === undefined ? Option.none<string>() : Option.some(value)
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Every call asks the store's health first: a deleted database file is noticed, never written into.
  const storeErrors = (yield* StoreHealth).errors

  // Read once and kept: this service is the table's only writer (the CLI and the window reach it
  // through the backend's procedures, migrations run before it), and a hand-off reads ~11 settings
  // — each one an SQL statement and ~125 Effect steps before (docs/ceilings.md, "The relay's fan-out").
  // Memory changes only after the write landed, so a refused write leaves what is read unchanged.
  const held: Held = new Map()
  const rows = yield* sql<{ readonly key: string; readonly project_id: string; readonly value: string }>`
    SELECT key, project_id, value FROM settings`.pipe(Effect.orDie)
  const keep = (key: string, projectId: string, value: string | undefined) => {
    const byProject = held.get(key) ?? new Map<string, string>()
    if (value === undefined) byProject.delete(projectId)
    else byProject.set(projectId, value)
    if (byProject.size === 0) held.delete(key)
    else held.set(key, byProject)
  }
  for (const r of rows) keep(r.key, r.project_id, r.value)

  // Behind the health check like every call (it notices a deleted file); no span: it is a lookup.
  const guarded = storeErrors("Settings.get")
  const get = (key: string, projectId?: string) => guarded(Effect.sync(() => pick(held, key, projectId)))

  const set = Effect.fn("Settings.set")(function* (key: string, value: string, projectId?: string) {
    yield* sql`
      INSERT INTO settings (key, project_id, value) VALUES (${key}, ${projectId ?? GLOBAL}, ${value})
      ON CONFLICT (key, project_id) DO UPDATE SET value = excluded.value`
    keep(key, projectId ?? GLOBAL, value)
  }, storeErrors("Settings.set"))

  const remove = Effect.fn("Settings.remove")(function* (key: string, projectId?: string) {
    const rows = yield* sql`
      DELETE FROM settings WHERE key = ${key} AND project_id = ${projectId ?? GLOBAL} RETURNING key`
    keep(key, projectId ?? GLOBAL, undefined)
    return rows.length > 0
  }, storeErrors("Settings.remove"))

  return Settings.of({ get, set, remove })
})

export class Settings extends Context.Tag("lich/store/Settings")<Settings, SettingsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Settings, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Settings, make)
}
