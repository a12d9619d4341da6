/**
 * The backend's one event hub: every state change the window must see is published here once and
 * fanned out to each attached `/events` socket. A window that stops reading loses its oldest
 * events rather than growing the backend's memory without bound.
 */
import type { LichEvent } from "@lich/contract"
import { Context, Effect, Layer, PubSub, Queue, type Scope, Stream } from "effect"

/** 10 000 events: minutes of the busiest fan-out; past that a stalled window is behind for good. */
const BACKLOG = 10_000

export interface EventHubShape {
  readonly publish: (event: LichEvent) => Effect.Effect<void>
  /** A subscription that starts now; ends with the scope. */
  readonly subscribe: Effect.Effect<Queue.Dequeue<LichEvent>, never, Scope.Scope>
  readonly stream: Stream.Stream<LichEvent>
  /**
   * Runs `f` on every event from now on, one at a time in order, in a fiber of the scope. What the
   * backend's own listeners use: over `stream` each event cost them ~40 Effect steps apiece (a
   * channel per element), four listeners on every event of every hand-off (docs/ceilings.md,
   * "The relay's fan-out"). A failure of `f` ends the listener, as it ended the stream's run.
   */
  readonly listen: <E, R>(f: (event: LichEvent) => Effect.Effect<unknown, E, R>) => Effect.Effect<void, never, Scope.Scope | R>
}

export class EventHub extends Context.Tag("lich/events/EventHub")<EventHub, EventHubShape>() {
  static readonly layer = Layer.scoped(
    EventHub,
    Effect.gen(function* () {
      const hub = yield* Effect.acquireRelease(PubSub.sliding<LichEvent>(BACKLOG), PubSub.shutdown)
      return {
        publish: (event) => Effect.asVoid(PubSub.publish(hub, event)),
        subscribe: PubSub.subscribe(hub),
        stream: Stream.fromPubSub(hub),
        listen: (f) =>
          Effect.flatMap(PubSub.subscribe(hub), (events) =>
            Effect.asVoid(Effect.forkScoped(Effect.forever(Effect.flatMap(Queue.take(events), f))))
          )
      }
    })
  )
}
