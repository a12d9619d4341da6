/**
 * Settings: string values under dotted keys (`provider.claude.bin`, `usage.cost`, …), global or per
 * project. A project's value overrides the global one, which is how a project pins its own binary
 * while every other project follows the machine's. Values stay strings: each reader knows its own
 * key's type, and the store would only guess.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Array as Arr, Context, Effect, Layer, Option } from "effect"
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

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Every call asks the store's health first: a deleted database file is noticed, never written into.
  const storeErrors = (yield* StoreHealth).errors

  const get = Effect.fn("Settings.get")(function* (key: string, projectId?: string) {
    // `project_id = ''` sorts after the project's own row, so the project value wins when present.
    const rows = yield* sql<{ readonly value: string }>`
      SELECT value FROM settings WHERE key = ${key} AND project_id IN (${projectId ?? GLOBAL}, ${GLOBAL})
      ORDER BY project_id = ${GLOBAL} LIMIT 1`
    return Option.map(Arr.head(rows), (row) => row.value)
  }, storeErrors("Settings.get"))

  const set = Effect.fn("Settings.set")(function* (key: string, value: string, projectId?: string) {
    yield* sql`
      INSERT INTO settings (key, project_id, value) VALUES (${key}, ${projectId ?? GLOBAL}, ${value})
      ON CONFLICT (key, project_id) DO UPDATE SET value = excluded.value`
  }, storeErrors("Settings.set"))

  const remove = Effect.fn("Settings.remove")(function* (key: string, projectId?: string) {
    const rows = yield* sql`
      DELETE FROM settings WHERE key = ${key} AND project_id = ${projectId ?? GLOBAL} RETURNING key`
    return rows.length > 0
  }, storeErrors("Settings.remove"))

  return Settings.of({ get, set, remove })
})

export class Settings extends Context.Tag("lich/store/Settings")<Settings, SettingsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Settings, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Settings, make)
}
