/**
 * The relay's journal (migration 3): records by kind and ticket, written as a batch of changes in one
 * transaction so a crash between two of them never leaves half a transition on disk. Storage only:
 * what a record holds, and when one is written, is the relay's business (libs/relay/src/journal.ts).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export type JournalKind = "errand" | "tomb" | "inbox"

export interface JournalRow {
  readonly kind: JournalKind
  readonly ticket: string
  readonly body: string
}

export interface JournalChanges {
  readonly put: ReadonlyArray<JournalRow>
  readonly remove: ReadonlyArray<{ readonly kind: JournalKind; readonly ticket: string }>
}

export interface JournalShape {
  /** Every record, errands first, each kind in ticket order. */
  readonly load: () => Effect.Effect<ReadonlyArray<JournalRow>, StoreError>
  /** Writes and removes records, all or nothing. */
  readonly apply: (changes: JournalChanges) => Effect.Effect<void, StoreError>
}

/** 200 rows: 600 bound values a statement, far under SQLite's limit on variables (32,766). */
const BATCH_ROWS = 200

export const batches = <A>(rows: ReadonlyArray<A>): Array<ReadonlyArray<A>> => {
  const out: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < rows.length; i += BATCH_ROWS) out.push(rows.slice(i, i + BATCH_ROWS))
  return out
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const storeErrors = (yield* StoreHealth).errors

  const load = Effect.fn("Journal.load")(function* () {
    return yield* sql<JournalRow>`SELECT kind, ticket, body FROM relay_journal ORDER BY kind = 'errand' DESC, kind, ticket`
  }, storeErrors("Journal.load"))

  const apply = Effect.fn("Journal.apply")(
    function* (changes: JournalChanges) {
      for (const r of changes.remove) yield* sql`DELETE FROM relay_journal WHERE kind = ${r.kind} AND ticket = ${r.ticket}`
      // A statement per batch of rows, not per row: a flush in a 200-way fan-out writes hundreds, and
      // each statement costs ~80 Effect steps (docs/ceilings.md, "The relay's fan-out"). Rows apply in
      // order, as one upsert each.
      for (const rows of batches(changes.put)) {
        yield* sql`INSERT INTO relay_journal ${sql.insert(rows.map((r) => ({ kind: r.kind, ticket: r.ticket, body: r.body })))}
        ON CONFLICT (kind, ticket) DO UPDATE SET body = excluded.body`
      }
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Journal.apply")
  )

  return Journal.of({ load, apply })
})

export class Journal extends Context.Tag("lich/store/Journal")<Journal, JournalShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<Journal, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(Journal, make)
}
