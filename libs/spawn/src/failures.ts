import { Failed } from "@lich/contract"
import type { StoreError } from "@lich/store"
import { Effect } from "effect"

/** A store failure reaches the caller as Failed with the store's own message. */
export const storeFailure = <A, R>(self: Effect.Effect<A, StoreError, R>): Effect.Effect<A, Failed, R> =>
  Effect.mapError(self, (e) => new Failed({ message: `the workspace database failed: ${e.message}` }))
