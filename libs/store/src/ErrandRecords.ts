/**
 * The relay's timeline on disk (migration 6): one row per errand, its record as JSON. Storage only:
 * what a record holds, when it is written and how long it is kept are the relay's business
 * (libs/relay/src/errandLog.ts). A batch is one transaction, so a crash never leaves half of one.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import { batches } from "./Journal.js"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export interface ErrandRecordRow {
  readonly ticket: string
  readonly createdAt: number
  readonly body: string
}

export interface ErrandRecordChanges {
  readonly put: ReadonlyArray<ErrandRecordRow>
  readonly remove: ReadonlyArray<string>
}

export interface ErrandRecordsShape {
  /** Every row, oldest first. */
  readonly load: () => Effect.Effect<ReadonlyArray<ErrandRecordRow>, StoreError>
  /** Writes and removes rows, all or nothing. */
  readonly apply: (changes: ErrandRecordChanges) => Effect.Effect<void, StoreError>
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const storeErrors = (yield* StoreHealth).errors

  const load = Effect.fn("ErrandRecords.load")(function* () {
    const rows = yield* sql<{ readonly ticket: string; readonly created_at: number; readonly body: string }>`
      SELECT ticket, created_at, body FROM errand_records ORDER BY created_at, ticket`
    return rows.map((r): ErrandRecordRow => ({ ticket: r.ticket, createdAt: r.created_at, body: r.body }))
  }, storeErrors("ErrandRecords.load"))

  const apply = Effect.fn("ErrandRecords.apply")(
    function* (changes: ErrandRecordChanges) {
      for (const ticket of changes.remove) yield* sql`DELETE FROM errand_records WHERE ticket = ${ticket}`
      // In batches, as the journal writes (Journal.ts says why).
      for (const rows of batches(changes.put)) {
        yield* sql`INSERT INTO errand_records ${sql.insert(rows.map((r) => ({ ticket: r.ticket, created_at: r.createdAt, body: r.body })))}
        ON CONFLICT (ticket) DO UPDATE SET created_at = excluded.created_at, body = excluded.body`
      }
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("ErrandRecords.apply")
  )

  return ErrandRecords.of({ load, apply })
})

export class ErrandRecords extends Context.Tag("lich/store/ErrandRecords")<ErrandRecords, ErrandRecordsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<ErrandRecords, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(ErrandRecords, make)
}
