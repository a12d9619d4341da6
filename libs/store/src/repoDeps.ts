/**
 * What every repository's methods are built from: the one connection and the store's health
 * wrapper. Gathered once per layer build and handed to module-level method factories, so a
 * repository's `make` only collects these and names its methods.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { StoreHealth, type StoreHealthShape } from "./StoreHealth.js"

export interface RepoDeps {
  readonly sql: SqlClient.SqlClient
  /** Every call asks the store's health first: a deleted database file is noticed, never written into. */
  readonly storeErrors: StoreHealthShape["errors"]
}

export const repoDeps: Effect.Effect<RepoDeps, never, SqlClient.SqlClient | StoreHealth> = Effect.gen(function* () {
  return { sql: yield* SqlClient.SqlClient, storeErrors: (yield* StoreHealth).errors }
})
