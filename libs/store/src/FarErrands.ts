/**
 * FarErrands (migration 5): the errands this lich runs for a sender on another host, each with its
 * outcome once it ended, until that sender's lich acknowledges it. Storage only: what an outcome
 * holds is the contract's RelayResult, written and read as JSON by libs/hosts.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clock, Context, Effect, Layer } from "effect"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export interface FarErrandRow {
  readonly ticket: string
  /** the outcome as JSON; "" while the errand runs */
  readonly outcome: string
  readonly createdAt: number
}

export interface FarErrandsShape {
  /** Every record, oldest first. */
  readonly list: () => Effect.Effect<ReadonlyArray<FarErrandRow>, StoreError>
  /** Records a new errand with no outcome yet. */
  readonly open: (ticket: string) => Effect.Effect<void, StoreError>
  /** Writes the errand's outcome; false when it was forgotten meanwhile (acknowledged, swept). */
  readonly settle: (ticket: string, outcome: string) => Effect.Effect<boolean, StoreError>
  /** Forgets the errand; whether there was one. */
  readonly forget: (ticket: string) => Effect.Effect<boolean, StoreError>
  /** Forgets every record made before `before` (ms); how many. */
  readonly sweep: (before: number) => Effect.Effect<number, StoreError>
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const storeErrors = (yield* StoreHealth).errors

  const list = Effect.fn("FarErrands.list")(function* () {
    return yield* sql<FarErrandRow>`SELECT ticket, outcome, created_at AS "createdAt" FROM far_errands ORDER BY created_at, rowid`
  }, storeErrors("FarErrands.list"))

  const open = Effect.fn("FarErrands.open")(function* (ticket: string) {
    const now = yield* Clock.currentTimeMillis
    yield* sql`INSERT INTO far_errands (ticket, outcome, created_at) VALUES (${ticket}, '', ${now})
      ON CONFLICT (ticket) DO UPDATE SET outcome = '', created_at = excluded.created_at`
  }, storeErrors("FarErrands.open"))

  const settle = Effect.fn("FarErrands.settle")(function* (ticket: string, outcome: string) {
    const rows = yield* sql`UPDATE far_errands SET outcome = ${outcome} WHERE ticket = ${ticket} RETURNING ticket`
    return rows.length > 0
  }, storeErrors("FarErrands.settle"))

  const forget = Effect.fn("FarErrands.forget")(function* (ticket: string) {
    const rows = yield* sql`DELETE FROM far_errands WHERE ticket = ${ticket} RETURNING ticket`
    return rows.length > 0
  }, storeErrors("FarErrands.forget"))

  const sweep = Effect.fn("FarErrands.sweep")(function* (before: number) {
    const rows = yield* sql`DELETE FROM far_errands WHERE created_at < ${before} RETURNING ticket`
    return rows.length
  }, storeErrors("FarErrands.sweep"))

  return FarErrands.of({ list, open, settle, forget, sweep })
})

export class FarErrands extends Context.Tag("lich/store/FarErrands")<FarErrands, FarErrandsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<FarErrands, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(FarErrands, make)
}
