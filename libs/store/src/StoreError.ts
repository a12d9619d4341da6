/**
 * The one failure the store's callers see. SQLite speaks in SqlError, whose own message is always
 * "Failed to execute statement"; the useful words ("UNIQUE constraint failed: sessions.id") sit in
 * its cause. StoreError lifts them into a message a person can act on and names the operation, so
 * a log line says which repository call broke without a stack trace. Not-found is never an error
 * here: lookups return Option, and updates report whether a row was touched.
 */
import { SqlError } from "@effect/sql/SqlError"
import { Data, Effect } from "effect"

export class StoreError extends Data.TaggedError("StoreError")<{
  /** The repository call that failed, e.g. "Sessions.insert". */
  readonly operation: string
  readonly message: string
  readonly cause?: unknown
}> {}

/**
 * A readable reason for a failure. SqlError's own message says nothing, so its cause replaces it;
 * any other error with a cause (the Migrator's "Migration 1_initial failed") keeps its message and
 * gains the cause's, so neither the step nor the reason is lost.
 */
export const describeCause = (cause: unknown): string => {
  if (cause instanceof SqlError && cause.cause !== undefined) return describeCause(cause.cause)
  if (cause instanceof Error) {
    const inner = (cause as { readonly cause?: unknown }).cause
    return inner === undefined ? cause.message : `${cause.message}: ${describeCause(inner)}`
  }
  return String(cause)
}

/**
 * Pipeable for `Effect.fn(name)(body, storeErrors(name))`: turns SqlError into StoreError and lets
 * every other error through untouched.
 */
export const storeErrors =
  (operation: string) =>
  <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, StoreError | Exclude<E, SqlError>, R> =>
    Effect.mapError(self, (error) =>
      error instanceof SqlError
        ? new StoreError({ operation, message: `${operation} failed: ${describeCause(error)}`, cause: error })
        : (error as Exclude<E, SqlError>)
    )
