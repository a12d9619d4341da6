/**
 * The one failure the store's callers see. SQLite speaks in SqlError, whose own message is always
 * "Failed to execute statement"; the useful words ("UNIQUE constraint failed: sessions.id") sit in
 * its cause. StoreError lifts them into a message a person can act on and names the operation, so
 * a log line says which repository call broke without a stack trace. Not-found is never an error
 * here: lookups return Option, and updates report whether a row was touched.
 */
import { SqlError } from "@effect/sql/SqlError"
import { Data, Effect, Option } from "effect"

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
    Effect.mapError(self, (error) => (error instanceof SqlError ? fromSqlError(operation, error) : (error as Exclude<E, SqlError>))).pipe(
      // @effect/sql turns a failed COMMIT into a defect (a full disk fails there first); it is still
      // this operation's failure, in the same words, not "failed inside lich".
      Effect.catchSomeDefect((defect) =>
        defect instanceof SqlError ? Option.some(Effect.fail(fromSqlError(operation, defect))) : Option.none()
      )
    )

/** The SQLite result code under a SqlError (SQLITE_FULL, SQLITE_READONLY…), when there is one. */
export const sqliteCode = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === "string" && code.startsWith("SQLITE_")) return code
  }
  return undefined
}

export const readOnlyWords = "lich's database cannot be written (read-only file or disk)"

const fromSqlError = (operation: string, error: SqlError): StoreError => {
  const code = sqliteCode(error) ?? ""
  const message =
    code === "SQLITE_FULL"
      ? "the disk holding lich's database is full, so this change was not saved — free some space and try again"
      : code.startsWith("SQLITE_READONLY")
        ? `${readOnlyWords}, so this change was not saved — make lich.db and its directory writable, then restart lich`
        : `${operation} failed: ${describeCause(error)}`
  return new StoreError({ operation, message, cause: error })
}
