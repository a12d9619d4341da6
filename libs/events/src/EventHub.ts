/**
 * The backend's one event hub: every state change the window must see is published here once and
 * fanned out to each attached `/events` socket. A window that stops reading loses its oldest
 * events rather than growing the backend's memory without bound.
 */
import type { LichEvent } from "@lich/contract"
import { Context, Effect, Layer, PubSub, type Queue, type Scope, Stream } from "effect"

/** 10 000 events: minutes of the busiest fan-out; past that a stalled window is behind for good. */
const BACKLOG = 10_000

export interface EventHubShape {
  readonly publish: (event: LichEvent) => Effect.Effect<void>
  /** A subscription that starts now; ends with the scope. */
  readonly subscribe: Effect.Effect<Queue.Dequeue<LichEvent>, never, Scope.Scope>
  readonly stream: Stream.Stream<LichEvent>
}

export class EventHub extends Context.Tag("lich/events/EventHub")<EventHub, EventHubShape>() {
  static readonly layer = Layer.scoped(
    EventHub,
    Effect.gen(function* () {
      const hub = yield* Effect.acquireRelease(PubSub.sliding<LichEvent>(BACKLOG), PubSub.shutdown)
      return {
        publish: (event) => Effect.asVoid(PubSub.publish(hub, event)),
        subscribe: PubSub.subscribe(hub),
        stream: Stream.fromPubSub(hub)
      }
    })
  )
}
