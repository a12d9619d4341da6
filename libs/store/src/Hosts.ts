/**
 * Hosts (migration 5): the machines the user added, in the order they were added. Storage only:
 * connecting to one, and what its name and destination may hold, is libs/hosts's and the contract's.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clock, Context, Effect, Layer } from "effect"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export interface HostRow {
  readonly name: string
  readonly destination: string
  /** the lich command on that host; "" = `lich` on its PATH */
  readonly lich: string
}

export interface HostsShape {
  /** Every host, oldest first. */
  readonly list: () => Effect.Effect<ReadonlyArray<HostRow>, StoreError>
  /** Adds `row`; false, and nothing written, when a host of that name (in any case) exists. */
  readonly add: (row: HostRow) => Effect.Effect<boolean, StoreError>
  /** Removes the host of that name (in any case); the row removed, or undefined when there was none. */
  readonly remove: (name: string) => Effect.Effect<HostRow | undefined, StoreError>
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Every call asks the store's health first: a deleted database file is noticed, never written into.
  const storeErrors = (yield* StoreHealth).errors

  const list = Effect.fn("Hosts.list")(function* () {
    return yield* sql<HostRow>`SELECT name, destination, lich FROM hosts ORDER BY created_at, rowid`
  }, storeErrors("Hosts.list"))

  const add = Effect.fn("Hosts.add")(function* (row: HostRow) {
    const now = yield* Clock.currentTimeMillis
    const written = yield* sql`
      INSERT INTO hosts (name, destination, lich, created_at) VALUES (${row.name}, ${row.destination}, ${row.lich}, ${now})
      ON CONFLICT (name) DO NOTHING RETURNING name`
    return written.length > 0
  }, storeErrors("Hosts.add"))

  const remove = Effect.fn("Hosts.remove")(function* (name: string) {
    const [row] = yield* sql<HostRow>`DELETE FROM hosts WHERE name = ${name} RETURNING name, destination, lich`
    return row
  }, storeErrors("Hosts.remove"))

  return Hosts.of({ list, add, remove })
})

export class Hosts extends Context.Tag("lich/store/Hosts")<Hosts, HostsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Hosts, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Hosts, make)
}
