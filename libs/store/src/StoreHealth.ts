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

import * as fs from "node:fs"
import * as path from "node:path"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer, Option, Ref } from "effect"
import { describeCause, readOnlyWords, StoreError, sqliteCode, storeErrors } from "./StoreError.js"

export interface StoreHealthShape {
  /** Why the store cannot keep writes any more, once it knows; None while it is healthy. */
  readonly problem: Effect.Effect<Option.Option<string>>
  /** Notices the database file gone or replaced (one stat); run before every repository call. */
  readonly guard: Effect.Effect<void>
  /** `storeErrors(operation)` behind `guard`: what every repository method is wrapped in. */
  readonly errors: (operation: string) => <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, StoreError | Exclude<E, SqlError>, R>
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

interface Watch {
  readonly sql: SqlClient.SqlClient
  readonly file: string
  readonly problem: Ref.Ref<Option.Option<string>>
  /** The file the connection opened; undefined for an in-memory database, which cannot vanish. */
  readonly opened: Identity | undefined
  readonly once: Effect.Semaphore
}

/** The file is gone: refuse writes at the connection, save a copy if the path is free, say so once. */
const lost = ({ sql, file }: Watch) =>
  Effect.gen(function* () {
    // The copy first: query_only would refuse VACUUM INTO as well.
    const free = identityOf(file) === undefined
    // A copy that cannot be made (no room, no permission in the directory) is not a second failure
    // to raise: the store already refuses every write, and the message then leaves out "put back".
    // Its reason goes to the log so the person restoring lich.db can read why.
    const restored = free
      ? yield* sql.unsafe(`VACUUM INTO '${file.replace(/'/g, "''")}'`).pipe(
          Effect.as(true),
          Effect.catchTag("SqlError", (e) =>
            Effect.as(Effect.logWarning(`store: could not put a copy back at ${file}: ${describeCause(e)}`), false)
          )
        )
      : false
    yield* sql.unsafe("PRAGMA query_only = ON").pipe(Effect.ignore)
    const message = vanishedMessage(file, restored)
    yield* Effect.logWarning(`store: ${message}`)
    return message
  })

/** Notices a vanished file (once): the copy is made, writes are refused from then on. */
const guardOf = (w: Watch): Effect.Effect<void> =>
  Effect.gen(function* () {
    if (w.opened === undefined || Option.isSome(yield* Ref.get(w.problem))) return
    const now = identityOf(w.file)
    if (now !== undefined && now.dev === w.opened.dev && now.ino === w.opened.ino) return
    yield* w.once.withPermits(1)(
      Effect.flatMap(Ref.get(w.problem), (seen) =>
        Option.isSome(seen) ? Effect.void : Effect.flatMap(lost(w), (m) => Ref.set(w.problem, Option.some(m)))
      )
    )
  }).pipe(Effect.uninterruptible)

// Only for a disk that refused the write: a constraint failure is the caller's to handle,
// possibly inside a transaction of its own that must stay open.
const rollbackAfter = (sql: SqlClient.SqlClient) => (e: StoreError) => {
  const code = sqliteCode(e.cause) ?? ""
  return code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR") ? Effect.ignore(sql.unsafe("ROLLBACK")) : Effect.void
}

/** A write refused because the file vanished is reported as that, in the words every surface shows. */
const explain = (problem: Ref.Ref<Option.Option<string>>, operation: string) => (e: StoreError) =>
  (sqliteCode(e.cause) ?? "").startsWith("SQLITE_READONLY")
    ? Effect.flatMap(Ref.get(problem), (p) =>
        Effect.fail(Option.isSome(p) ? new StoreError({ operation, message: p.value, cause: e.cause }) : e)
      )
    : Effect.fail(e)

const isStoreError = (e: unknown): e is StoreError => e instanceof StoreError

// Reads go on from what the connection holds (sessions keep their names, the relay its
// targets); writes fail, each with the reason. A COMMIT that failed (a full disk) can leave
// the one connection inside its transaction, so it is rolled back before the error goes up.
const errorsOf =
  (w: Watch, guard: Effect.Effect<void>) =>
  (operation: string) =>
  <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.zipRight(guard, storeErrors(operation)(self)).pipe(
      Effect.tapError((e) => (isStoreError(e) ? rollbackAfter(w.sql)(e) : Effect.void)),
      Effect.catchIf(isStoreError, explain(w.problem, operation))
    ) as Effect.Effect<A, StoreError | Exclude<E, SqlError>, R>

// A database that opened read-only (a 0444 file, a read-only mount) is known from the start:
// SQLite falls back to reading without a word. One header write, rolled back, tells (a write
// lock alone does not: in WAL mode it lives in the -shm file).
const probeWritable = ({ sql, problem }: Watch) =>
  Effect.gen(function* () {
    // The header is read to write the same value back. The connection just ran the migrations, so a
    // database that cannot answer this is broken, not read-only: it fails the open with the reason,
    // where a made-up 0 would go on to probe (and, should the rollback fail, keep) a wrong version.
    const [row] = yield* storeErrors("open")(sql.unsafe<{ user_version: number }>("PRAGMA user_version"))
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
  })

const make = (file: string) =>
  Effect.gen(function* () {
    const w: Watch = {
      sql: yield* SqlClient.SqlClient,
      file,
      problem: yield* Ref.make(Option.none<string>()),
      opened: file === ":memory:" || file === "" ? undefined : identityOf(file),
      once: yield* Effect.makeSemaphore(1)
    }
    const guard = guardOf(w)
    if (w.opened !== undefined) yield* probeWritable(w)
    return { problem: Ref.get(w.problem), guard, errors: errorsOf(w, guard) }
  })

export class StoreHealth extends Context.Tag("lich/store/StoreHealth")<StoreHealth, StoreHealthShape>() {
  /** Watches the database at `file` (":memory:" is always healthy). Requires the SqlClient on it. */
  static readonly layer = (file: string): Layer.Layer<StoreHealth, StoreError, SqlClient.SqlClient> => Layer.effect(StoreHealth, make(file))
}
