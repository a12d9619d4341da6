/**
 * Migration 8: a counter per group of tables, raised by triggers on every write to them, so a
 * repository can keep a listing in memory and know, with one one-row read, whether it still holds
 * (generations.ts). A relay hand-off reads the open sessions three times and the ledger's sessions
 * about nine; with 400 sessions each read was ~14 ms of a loaded backend's CPU.
 *
 * Triggers, not a counter in the repositories: they see every write whatever module or connection
 * makes it (a cascade from deleting a project, `lich doctor` on its own connection), and a write
 * rolled back takes its raise with it.
 *
 * `sessions` counts writes to sessions and projects (what the cards are made of); `costs` writes to
 * session_costs (what the ledger adds to them).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

const watched = [
  ["sessions", "sessions"],
  ["projects", "sessions"],
  ["session_costs", "costs"]
] as const

export const storeGenerations = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE store_generations (name TEXT PRIMARY KEY NOT NULL, n INTEGER NOT NULL DEFAULT 0)`
  yield* sql`INSERT INTO store_generations (name) VALUES ('sessions'), ('costs')`
  for (const [table, name] of watched) {
    for (const event of ["INSERT", "UPDATE", "DELETE"]) {
      yield* sql.unsafe(
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_generation AFTER ${event} ON ${table}
         BEGIN UPDATE store_generations SET n = n + 1 WHERE name = '${name}'; END`
      )
    }
  }
})
