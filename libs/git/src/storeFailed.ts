/** A store that cannot read or write is a failure the person hears about in one line, like git's. */
import { Failed } from "@lich/contract"
import type { StoreError } from "@lich/store"
import { Effect } from "effect"

export const storeFailed = <A, R>(self: Effect.Effect<A, StoreError, R>): Effect.Effect<A, Failed, R> =>
  Effect.mapError(self, (e) => new Failed({ message: `the workspace database failed: ${e.message}` }))
