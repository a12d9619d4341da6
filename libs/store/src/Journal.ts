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

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const storeErrors = (yield* StoreHealth).errors

  const load = Effect.fn("Journal.load")(function* () {
    return yield* sql<JournalRow>`SELECT kind, ticket, body FROM relay_journal ORDER BY kind = 'errand' DESC, kind, ticket`
  }, storeErrors("Journal.load"))

  const apply = Effect.fn("Journal.apply")(
    function* (changes: JournalChanges) {
      for (const r of changes.remove) yield* sql`DELETE FROM relay_journal WHERE kind = ${r.kind} AND ticket = ${r.ticket}`
      for (const r of changes.put) {
        yield* sql`INSERT INTO relay_journal (kind, ticket, body) VALUES (${r.kind}, ${r.ticket}, ${r.body})
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
