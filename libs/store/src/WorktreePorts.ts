/**
 * WorktreePorts: the LICH_WORKTREE_PORT each checkout was handed, kept so a session restarted in
 * the same checkout gets the same port (its dev server's URL does not move). Choosing a port —
 * the FNV hash, probing for a bindable one — is the terminal's job; this only remembers and refuses
 * to give one port to two checkouts.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Array as Arr, Context, Effect, Layer, Option } from "effect"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"

export interface WorktreePort {
  readonly path: string
  readonly port: number
}

export interface WorktreePortsShape {
  readonly get: (path: string) => Effect.Effect<Option.Option<number>, StoreError>
  /**
   * Records `port` for `path`, replacing the path's previous port. false, and nothing written,
   * when another checkout already holds that port: the caller probes on to the next one.
   */
  readonly reserve: (path: string, port: number) => Effect.Effect<boolean, StoreError>
  readonly all: () => Effect.Effect<ReadonlyArray<WorktreePort>, StoreError>
  /**
   * Drops the rows whose checkout no longer exists, so a deleted worktree's port is free again;
   * returns the paths dropped. `exists` decides; a failure from it stops the prune and is returned.
   */
  readonly prune: <E, R>(exists: (path: string) => Effect.Effect<boolean, E, R>) => Effect.Effect<ReadonlyArray<string>, StoreError | E, R>
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // Every call asks the store's health first: a deleted database file is noticed, never written into.
  const storeErrors = (yield* StoreHealth).errors

  const get = Effect.fn("WorktreePorts.get")(function* (path: string) {
    const rows = yield* sql<{ readonly port: number }>`SELECT port FROM worktree_ports WHERE path = ${path}`
    return Option.map(Arr.head(rows), (row) => row.port)
  }, storeErrors("WorktreePorts.get"))

  const reserve = Effect.fn("WorktreePorts.reserve")(
    function* (path: string, port: number) {
      const [holder] = yield* sql<{ readonly path: string }>`SELECT path FROM worktree_ports WHERE port = ${port}`
      if (holder !== undefined && holder.path !== path) return false
      yield* sql`
      INSERT INTO worktree_ports (path, port) VALUES (${path}, ${port})
      ON CONFLICT (path) DO UPDATE SET port = excluded.port`
      return true
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("WorktreePorts.reserve")
  )

  const all = Effect.fn("WorktreePorts.all")(function* () {
    return yield* sql<WorktreePort>`SELECT path, port FROM worktree_ports ORDER BY port`
  }, storeErrors("WorktreePorts.all"))

  // The existence checks run outside any transaction: they are I/O of the caller's choosing, and
  // holding the store's only connection across them would stall every other query.
  const prune = <E, R>(exists: (path: string) => Effect.Effect<boolean, E, R>) =>
    Effect.gen(function* () {
      const rows = yield* all()
      const gone = yield* Effect.filter(rows, (row) => Effect.map(exists(row.path), (found) => !found))
      const paths = gone.map((row) => row.path)
      if (paths.length > 0) yield* sql`DELETE FROM worktree_ports WHERE ${sql.in("path", paths)}`
      return paths
    }).pipe(storeErrors("WorktreePorts.prune"), Effect.withSpan("WorktreePorts.prune"))

  return WorktreePorts.of({ get, reserve, all, prune })
})

export class WorktreePorts extends Context.Tag("lich/store/WorktreePorts")<WorktreePorts, WorktreePortsShape>() {
  /** Requires SqlClient (SqliteLive / SqliteMemory). */
  static readonly layer: Layer.Layer<WorktreePorts, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(WorktreePorts, make)
}
