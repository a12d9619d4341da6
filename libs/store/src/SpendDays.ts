/**
 * A project's spend per local day (migration 6): the sum of what its sessions' ledger rows grew by
 * on that day. Added to, never recomputed — a session deleted later takes its ledger rows with it,
 * but the money it spent that day was still spent. Written only while the project exists.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import { type StoreError, storeErrors } from "./StoreError.js"

export interface SpendDaysShape {
  /** Adds `usd` to the project's `day` ('YYYY-MM-DD'). */
  readonly add: (projectId: string, day: string, usd: number) => Effect.Effect<void, StoreError>
  /** The project's spend on `day`; 0 when nothing was counted. */
  readonly get: (projectId: string, day: string) => Effect.Effect<number, StoreError>
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const add = Effect.fn("SpendDays.add")(function* (projectId: string, day: string, usd: number) {
    yield* sql`INSERT INTO spend_days (project_id, day, cost_usd)
      SELECT ${projectId}, ${day}, ${usd} WHERE EXISTS (SELECT 1 FROM projects WHERE id = ${projectId})
      ON CONFLICT (project_id, day) DO UPDATE SET cost_usd = cost_usd + excluded.cost_usd`
  }, storeErrors("SpendDays.add"))

  const get = Effect.fn("SpendDays.get")(function* (projectId: string, day: string) {
    const rows = yield* sql<{ readonly cost_usd: number }>`SELECT cost_usd FROM spend_days WHERE project_id = ${projectId} AND day = ${day}`
    return rows[0]?.cost_usd ?? 0
  }, storeErrors("SpendDays.get"))

  return SpendDays.of({ add, get })
})

export class SpendDays extends Context.Tag("lich/store/SpendDays")<SpendDays, SpendDaysShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<SpendDays, never, SqlClient.SqlClient> = Layer.effect(SpendDays, make)
}
