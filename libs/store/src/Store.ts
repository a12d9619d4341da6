/**
 * The store as one layer: every repository over one database. The composition roots
 * (apps/server, apps/cli) take `StoreLive(file)`; tests take `StoreMemory`. The SqlClient itself
 * stays inside, so nothing outside this lib writes SQL against the schema.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Layer } from "effect"
import { ErrandRecords } from "./ErrandRecords.js"
import { FarErrands } from "./FarErrands.js"
import { History } from "./History.js"
import { Hosts } from "./Hosts.js"
import { Journal } from "./Journal.js"
import { Ledger } from "./Ledger.js"
import { PlanWindows } from "./PlanWindows.js"
import { Projects } from "./Projects.js"
import { Reviews } from "./Reviews.js"
import { Sessions } from "./Sessions.js"
import { Settings } from "./Settings.js"
import { SpendDays } from "./SpendDays.js"
import { SqliteLive, SqliteMemory } from "./Sqlite.js"
import type { StoreError } from "./StoreError.js"
import { StoreHealth } from "./StoreHealth.js"
import { WorktreePorts } from "./WorktreePorts.js"

export type StoreServices =
  | Projects
  | Sessions
  | Settings
  | WorktreePorts
  | History
  | Ledger
  | Journal
  | Reviews
  | Hosts
  | FarErrands
  | ErrandRecords
  | PlanWindows
  | SpendDays
  | StoreHealth

/** Every repository, over whatever SqlClient (and the StoreHealth watching its file) is provided. */
export const Repositories: Layer.Layer<Exclude<StoreServices, StoreHealth>, never, SqlClient.SqlClient | StoreHealth> = Layer.mergeAll(
  Projects.layer,
  Sessions.layer,
  Settings.layer,
  WorktreePorts.layer,
  History.layer,
  Ledger.layer,
  Journal.layer,
  Reviews.layer,
  Hosts.layer,
  FarErrands.layer,
  ErrandRecords.layer,
  PlanWindows.layer,
  SpendDays.layer
)

/** Every repository over the database file at `filename`, opened and migrated. */
export const StoreLive = (filename: string): Layer.Layer<StoreServices, StoreError> =>
  Repositories.pipe(Layer.provideMerge(Database(filename)))

/** One connection to `filename` and the health of its file, shared by every repository. */
export const Database = (filename: string): Layer.Layer<SqlClient.SqlClient | StoreHealth, StoreError> =>
  StoreHealth.layer(filename).pipe(Layer.provideMerge(filename === ":memory:" ? SqliteMemory : SqliteLive(filename)))

/** Every repository over a fresh in-memory database per build. */
export const StoreMemory: Layer.Layer<StoreServices, StoreError> = Repositories.pipe(Layer.provideMerge(Database(":memory:")))
