/**
 * Whether the store can still keep what it is told. SQLite in WAL mode keeps writing to a database
 * file that was deleted while it was open — the inode lives on until the connection closes — so a
 * deleted lich.db made every rename, open and file answer "done" while all of it vanished at the next
 * start. Every repository call asks `guard` first: one stat of the path (microseconds), compared with
 * the file the connection opened. Once the file is gone or replaced, a copy of everything the
 * connection still holds is put back at the path when the path is free (a restart loses nothing
 * saved before), SQLite itself refuses writes from then on (query_only), and every write fails with
 * the reason — a StoreError the CLI prints, the window shows and the log records; `problem` is what
 * `lich doctor` reads. Reads go on, so the sessions that run keep their names and the relay works.
 *
 * A full disk is the other way writes stop landing: that one SQLite reports itself (SQLITE_FULL),
 * and StoreError's message names it; it is not sticky, since freeing space fixes it.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer, Option, Ref } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { readOnlyWords, sqliteCode, StoreError, storeErrors } from "./StoreError.js"

export interface StoreHealthShape {
  /** Why the store cannot keep writes any more, once it knows; None while it is healthy. */
  readonly problem: Effect.Effect<Option.Option<string>>
  /** Notices the database file gone or replaced (one stat); run before every repository call. */
  readonly guard: Effect.Effect<void>
  /** `storeErrors(operation)` behind `guard`: what every repository method is wrapped in. */
  readonly errors: (
    operation: string
  ) => <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, StoreError | Exclude<E, SqlError>, R>
}

interface Identity {
  readonly dev: number
  readonly ino: number
}

const identityOf = (file: string): Identity | undefined => {
  try {
    const s = fs.statSync(file)
    return { dev: s.dev, ino: s.ino }
  } catch {
    return undefined
  }
}

/** The sentence every surface shows. Says what happened, what was kept, and what to do. */
export const vanishedMessage = (file: string, restored: boolean): string =>
  `${path.basename(file)} was deleted or replaced while lich was running (${file}), so nothing more can be saved` +
  (restored ? ` — what was saved until then has been put back there;` : ";") +
  ` quit lich and start it again (lich quit, then lich) to keep saving`

/** What a read-only database is called on every surface (StoreError.ts words the write refusals the same). */
export const readOnlyMessage = `${readOnlyWords}, so no change is saved — make lich.db and its directory writable, then restart lich`

export class StoreHealth extends Context.Tag("lich/store/StoreHealth")<StoreHealth, StoreHealthShape>() {
  /** Watches the database at `file` (":memory:" is always healthy). Requires the SqlClient on it. */
  static readonly layer = (file: string): Layer.Layer<StoreHealth, never, SqlClient.SqlClient> =>
    Layer.effect(
      StoreHealth,
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const problem = yield* Ref.make(Option.none<string>())
        const opened = file === ":memory:" || file === "" ? undefined : identityOf(file)

        /** The file is gone: refuse writes at the connection, save a copy if the path is free, say so once. */
        const lost = Effect.gen(function* () {
          // The copy first: query_only would refuse VACUUM INTO as well.
          const free = identityOf(file) === undefined
          const restored = free
            ? yield* sql.unsafe(`VACUUM INTO '${file.replace(/'/g, "''")}'`).pipe(Effect.as(true), Effect.orElseSucceed(() => false))
            : false
          yield* sql.unsafe("PRAGMA query_only = ON").pipe(Effect.ignore)
          const message = vanishedMessage(file, restored)
          yield* Effect.logWarning(`store: ${message}`)
          return message
        })

        const once = yield* Effect.makeSemaphore(1)

        /** Notices a vanished file (once): the copy is made, writes are refused from then on. */
        const guard: Effect.Effect<void> = Effect.gen(function* () {
          if (opened === undefined || Option.isSome(yield* Ref.get(problem))) return
          const now = identityOf(file)
          if (now !== undefined && now.dev === opened.dev && now.ino === opened.ino) return
          yield* once.withPermits(1)(
            Effect.flatMap(Ref.get(problem), (seen) =>
              Option.isSome(seen) ? Effect.void : Effect.flatMap(lost, (m) => Ref.set(problem, Option.some(m)))
            )
          )
        }).pipe(Effect.uninterruptible)

        // Only for a disk that refused the write: a constraint failure is the caller's to handle,
        // possibly inside a transaction of its own that must stay open.
        const rollbackAfter = (e: StoreError) => {
          const code = sqliteCode(e.cause) ?? ""
          return code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR") ? Effect.ignore(sql.unsafe("ROLLBACK")) : Effect.void
        }

        /** A write refused because the file vanished is reported as that, in the words every surface shows. */
        const explain = (operation: string) => (e: StoreError) =>
          (sqliteCode(e.cause) ?? "").startsWith("SQLITE_READONLY")
            ? Effect.flatMap(Ref.get(problem), (p) => Effect.fail(Option.isSome(p) ? new StoreError({ operation, message: p.value, cause: e.cause }) : e))
            : Effect.fail(e)

        const isStoreError = (e: unknown): e is StoreError => e instanceof StoreError

        // Reads go on from what the connection holds (sessions keep their names, the relay its
        // targets); writes fail, each with the reason. A COMMIT that failed (a full disk) can leave
        // the one connection inside its transaction, so it is rolled back before the error goes up.
        const errors =
          (operation: string) =>
          <A, E, R>(self: Effect.Effect<A, E, R>) =>
            Effect.zipRight(guard, storeErrors(operation)(self)).pipe(
              Effect.tapError((e) => (isStoreError(e) ? rollbackAfter(e) : Effect.void)),
              Effect.catchIf(isStoreError, explain(operation))
            ) as Effect.Effect<A, StoreError | Exclude<E, SqlError>, R>

        // A database that opened read-only (a 0444 file, a read-only mount) is known from the start:
        // SQLite falls back to reading without a word. One header write, rolled back, tells (a write
        // lock alone does not: in WAL mode it lives in the -shm file).
        if (opened !== undefined) {
          const [row] = yield* sql.unsafe<{ user_version: number }>("PRAGMA user_version").pipe(Effect.orElseSucceed(() => []))
          const writable = yield* sql.unsafe("BEGIN IMMEDIATE").pipe(
            Effect.zipRight(sql.unsafe(`PRAGMA user_version = ${Number(row?.user_version ?? 0)}`)),
            Effect.ensuring(Effect.ignore(sql.unsafe("ROLLBACK"))),
            Effect.as(true),
            Effect.catchAll((e) => Effect.succeed(!(sqliteCode(e) ?? "").startsWith("SQLITE_READONLY")))
          )
          if (!writable) {
            yield* Ref.set(problem, Option.some(readOnlyMessage))
            yield* Effect.logWarning(`store: ${readOnlyMessage}`)
          }
        }

        return { problem: Ref.get(problem), guard, errors }
      })
    )
}
