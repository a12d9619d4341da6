/**
 * Test wiring: every repository over a fresh in-memory database, with the SqlClient left visible
 * so a test can check what the repositories wrote (or do what no repository offers, such as
 * deleting a project row to prove the cascade). Not exported from the package.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { Database, Repositories, type StoreServices } from "./Store.js"
import type { StoreError } from "./StoreError.js"

export const TestStore: Layer.Layer<StoreServices | SqlClient.SqlClient, StoreError> = Repositories.pipe(
  Layer.provideMerge(Database(":memory:"))
)

/** Runs one test against its own empty database, so no test sees another's rows. */
export const withStore = <A, E>(self: Effect.Effect<A, E, StoreServices | SqlClient.SqlClient>): Effect.Effect<A, E | StoreError> =>
  Effect.provide(self, TestStore)
