/**
 * A listing kept in memory for as long as the tables it reads are unchanged. The store_generations
 * counters (migration 8) are raised by triggers on every write to those tables; a read asks for
 * them first (one row each) and answers from memory while they match what they were when the
 * listing was last read. The counters are read before the listing, never after: a write landing
 * between the two then leaves a listing that is newer than its key, which only costs one more read.
 *
 * What is handed out is shared between callers: the rows are readonly and nobody may change them.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"

export type Generation = "sessions" | "costs"

export const cachedRead = <A, E, R>(
  sql: SqlClient.SqlClient,
  names: ReadonlyArray<Generation>,
  read: Effect.Effect<A, E, R>
): Effect.Effect<A, E | SqlError, R> => {
  let held: { readonly key: string; readonly value: A } | undefined
  return Effect.gen(function* () {
    const rows = yield* sql<{ readonly n: number }>`SELECT n FROM store_generations WHERE name IN ${sql.in(names)} ORDER BY name`
    const key = rows.map((r) => r.n).join(":")
    if (held !== undefined && held.key === key) return held.value
    const value = yield* read
    held = { key, value }
    return value
  })
}
