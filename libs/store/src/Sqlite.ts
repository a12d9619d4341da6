/**
 * The database handle: one better-sqlite3 connection (the client serialises every statement and
 * transaction behind a single permit), configured, then migrated before anything can query it.
 * Opening is all-or-nothing: a file that cannot be opened, configured or migrated fails the layer
 * with one StoreError naming the file, which `lich doctor` can show as is.
 *
 * It refuses to hand out a connection that skipped the pragmas: foreign keys are per connection
 * and off by default in SQLite, and without them deleting a project would orphan its sessions.
 */
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import * as SqliteClient from "@effect/sql-sqlite-node/SqliteClient"
import { Cause, Effect, Layer } from "effect"
import { migrations } from "./migrations.js"
import { describeCause, StoreError } from "./StoreError.js"

/** 5000 ms: long enough to outwait a `lich doctor` or a second backend holding the write lock for
 * one migration, short enough that a stuck holder surfaces as an error instead of a hang. */
const BUSY_TIMEOUT_MS = 5000

// Migrator.make without a schema dumper: SqliteMigrator's dumper shells out to the sqlite3 CLI and
// drags in FileSystem/Path/CommandExecutor, none of which the store needs.
const runMigrations = Migrator.make({})

const prepare = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Pragmas before the Migrator opens its transaction: foreign_keys is a no-op inside one.
  // journal_mode=WAL is set by SqliteClient itself when it opens the connection (disableWAL unset);
  // an in-memory database stays in "memory" mode, which is fine for tests.
  yield* sql.unsafe("PRAGMA foreign_keys = ON")
  yield* sql.unsafe(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
  // In WAL mode NORMAL syncs at checkpoints, not at every commit, and still never corrupts the file.
  // What it can lose is the last commits before a power cut or an OS crash — not before the backend
  // is killed, since the WAL is then in the OS's cache. lich already accepts losing that moment
  // (the relay's journal gathers 20 ms before it writes), and every commit no longer waits on fsync.
  yield* sql.unsafe("PRAGMA synchronous = NORMAL")
  yield* runMigrations({ loader: migrations })
})

/**
 * The store's database at `filename`, opened, configured (foreign_keys=ON, busy_timeout=5000,
 * journal_mode=WAL, synchronous=NORMAL) and migrated. Provides both SqlClient tags; requires nothing.
 */
export const SqliteLive = (filename: string): Layer.Layer<SqliteClient.SqliteClient | SqlClient.SqlClient, StoreError> =>
  Layer.effectDiscard(prepare).pipe(
    Layer.provideMerge(SqliteClient.layer({ filename })),
    // One place turns every way opening can go wrong — a driver throw (missing directory, not a
    // database) is a defect in SqliteClient, a failed migration a defect in the Migrator — into
    // the typed error callers handle.
    Layer.catchAllCause((cause) =>
      Layer.fail(
        new StoreError({
          operation: "open",
          message: `cannot open the store at ${filename}: ${describeCause(Cause.squash(cause))}`,
          cause
        })
      )
    )
  )

/** A private in-memory database per build of the layer: what tests use. */
export const SqliteMemory: Layer.Layer<SqliteClient.SqliteClient | SqlClient.SqlClient, StoreError> = SqliteLive(":memory:")
