/**
 * The store as one layer: every repository over one database. The composition roots
 * (apps/server, apps/cli) take `StoreLive(file)`; tests take `StoreMemory`. The SqlClient itself
 * stays inside, so nothing outside this lib writes SQL against the schema.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Layer } from "effect"
import { History } from "./History.js"
import { Projects } from "./Projects.js"
import { Sessions } from "./Sessions.js"
import { Settings } from "./Settings.js"
import { SqliteLive, SqliteMemory } from "./Sqlite.js"
import type { StoreError } from "./StoreError.js"
import { WorktreePorts } from "./WorktreePorts.js"

export type StoreServices = Projects | Sessions | Settings | WorktreePorts | History

/** Every repository, over whatever SqlClient is provided. */
export const Repositories: Layer.Layer<StoreServices, never, SqlClient.SqlClient> = Layer.mergeAll(
  Projects.layer,
  Sessions.layer,
  Settings.layer,
  WorktreePorts.layer,
  History.layer
)

/** Every repository over the database file at `filename`, opened and migrated. */
export const StoreLive = (filename: string): Layer.Layer<StoreServices, StoreError> =>
  Repositories.pipe(Layer.provide(SqliteLive(filename)))

/** Every repository over a fresh in-memory database per build. */
export const StoreMemory: Layer.Layer<StoreServices, StoreError> = Repositories.pipe(Layer.provide(SqliteMemory))
