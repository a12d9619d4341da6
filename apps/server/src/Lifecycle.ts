/**
 * The backend's end. `lich quit` (or a signal) completes `quit`; main then closes the root scope,
 * which stops serving, removes runtime.json, ends every PTY and the PTY host, closes the store and
 * releases the lock — in reverse order of start — and lets the port go last (main.ts says why).
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
