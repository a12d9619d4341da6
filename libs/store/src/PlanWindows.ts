/**
 * The plan windows each provider account last reported (migration 6): the latest reading per
 * (account, window kind), replaced whole per account, since a reading is one moment of that account.
 * What the windows mean and when they are read is libs/cost's; this is storage only.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import { type StoreError, storeErrors } from "./StoreError.js"

/** One account's reading, as libs/contract's AccountWindows has it (the store stays free of the wire). */
export interface AccountWindows {
  readonly account: string
  readonly provider: string
  readonly readAt: number
  readonly windows: ReadonlyArray<{
    readonly kind: string
    readonly percentUsed: number
    readonly resetsAt: number
    readonly windowMinutes: number
  }>
}

export interface PlanWindowsShape {
  /** Replaces the account's windows with this reading. */
  readonly put: (a: AccountWindows) => Effect.Effect<void, StoreError>
  /** Every account's latest reading. */
  readonly all: () => Effect.Effect<ReadonlyArray<AccountWindows>, StoreError>
}

interface Row {
  readonly account: string
  readonly kind: string
  readonly provider: string
  readonly percent_used: number
  readonly resets_at: number
  readonly window_minutes: number
  readonly read_at: number
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const put = Effect.fn("PlanWindows.put")(function* (a: AccountWindows) {
    yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`DELETE FROM plan_windows WHERE account = ${a.account}`
        for (const w of a.windows) {
          yield* sql`INSERT INTO plan_windows (account, kind, provider, percent_used, resets_at, window_minutes, read_at)
            VALUES (${a.account}, ${w.kind}, ${a.provider}, ${w.percentUsed}, ${w.resetsAt}, ${w.windowMinutes}, ${a.readAt})`
        }
      })
    )
  }, storeErrors("PlanWindows.put"))

  const all = Effect.fn("PlanWindows.all")(function* () {
    const rows = yield* sql<Row>`SELECT * FROM plan_windows ORDER BY account, kind`
    const by = new Map<string, AccountWindows>()
    for (const r of rows) {
      const had: AccountWindows = by.get(r.account) ?? { account: r.account, provider: r.provider, readAt: r.read_at, windows: [] }
      const w = { kind: r.kind, percentUsed: r.percent_used, resetsAt: r.resets_at, windowMinutes: r.window_minutes }
      by.set(r.account, { ...had, windows: [...had.windows, w] })
    }
    return [...by.values()]
  }, storeErrors("PlanWindows.all"))

  return PlanWindows.of({ put, all })
})

export class PlanWindows extends Context.Tag("lich/store/PlanWindows")<PlanWindows, PlanWindowsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<PlanWindows, never, SqlClient.SqlClient> = Layer.effect(PlanWindows, make)
}
