/**
 * The backend's end. `lich quit` (or a signal) completes `quit`; main then closes the root scope,
 * which ends every PTY, closes the listener and removes runtime.json — in reverse order of start.
 */
import { Context, Deferred, Effect, Layer } from "effect"

export interface LifecycleShape {
  readonly quit: Effect.Effect<void>
  readonly awaitQuit: Effect.Effect<void>
}

export class Lifecycle extends Context.Tag("lich/server/Lifecycle")<Lifecycle, LifecycleShape>() {
  static readonly layer = Layer.effect(
    Lifecycle,
    Effect.map(Deferred.make<void>(), (d) => ({
      quit: Effect.asVoid(Deferred.succeed(d, undefined)),
      awaitQuit: Deferred.await(d)
    }))
  )
}
