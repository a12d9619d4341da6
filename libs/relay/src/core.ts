/**
 * The relay's actor: the one owner of its state. Every change is an event run through the pure
 * transitions (transitions.ts) inside one atomic `Ref.modify`, so two events never see each other
 * half-done; the acts a transition returns are performed after it, outside it. The acts it can
 * perform alone (resolve a waiter, publish an event, mark the journal dirty) it performs; the ones
 * that need the rest of the relay (a hand-off's I/O, a nudge, a note, parking a worker) go out on `work`,
 * a queue the relay drains — so the actor never needs the parts that call it, and nothing is bound late.
 */
import { EventHub } from "@lich/events"
import { Clock, Context, Deferred, Duration, Effect, Layer, Queue, Ref } from "effect"
import type { Act } from "./acts.js"
import { ErrandLog } from "./errandLog.js"
import { ErrandJournal, seeded } from "./journal.js"
import type { RelayState } from "./state.js"
import { type RelayEvent, type Results, step } from "./transitions.js"

/**
 * 20 ms: how long changes gather before the errands are written. A burst of transitions (200 sends at
 * once) is one write, and a backend killed within it loses at most that last moment of changes.
 */
export const JOURNAL_DEBOUNCE_MS = 20

/** The acts the relay performs with its other parts. */
export type Work = Exclude<Act, { readonly _tag: "resolve" | "publish" | "journal" | "chronicle" }>

export interface CoreShape {
  /** Runs `event` (or the event `build` makes from the current state, atomically) and performs its acts. */
  readonly apply: <E extends RelayEvent>(event: E | ((s: RelayState) => E)) => Effect.Effect<Results[E["_tag"]]>
  /** A read of the state at one moment. */
  readonly read: <A>(f: (s: RelayState) => A) => Effect.Effect<A>
  /** A read with the clock's time (kept for readers written against the lock this replaced). */
  readonly locked: <A>(f: (s: RelayState, now: number) => A) => Effect.Effect<A>
  readonly hub: EventHub["Type"]
  /** The acts for the relay to perform, in the order their transitions ran. */
  readonly work: Queue.Dequeue<Work>
  /** Tickets of the errands the last backend left open, for the relay to reconcile at start. */
  readonly restoredTickets: ReadonlyArray<string>
}

const make = Effect.gen(function* () {
  const hub = yield* EventHub
  const journal = yield* ErrandJournal
  const log = yield* ErrandLog
  // What the last backend left: its open errands, tombstones and inboxes come back before any request.
  const restored = yield* journal.restore
  const ref = yield* Ref.make(seeded(restored))
  const work = yield* Queue.unbounded<Work>()

  // A transition that changed what the journal keeps marks it dirty; the writer notes and flushes after.
  const dirty = yield* Queue.sliding<void>(1)
  const write = Effect.flatMap(Ref.get(ref), (s) => Effect.sync(() => journal.note(s))).pipe(Effect.zipRight(journal.flush))
  yield* Effect.forkScoped(
    Effect.forever(Queue.take(dirty).pipe(Effect.zipRight(Effect.sleep(Duration.millis(JOURNAL_DEBOUNCE_MS))), Effect.zipRight(write)))
  )
  yield* Effect.addFinalizer(() => write)

  const perform = (act: Act): Effect.Effect<unknown> => {
    switch (act._tag) {
      case "resolve":
        return Deferred.succeed(act.outcome, act.value)
      case "publish":
        return hub.publish(act.event)
      case "journal":
        return Queue.offer(dirty, undefined)
      case "chronicle":
        return log.mark(act.at, act.marks)
      default:
        return Queue.offer(work, act)
    }
  }

  // Uninterruptible: a transition whose acts were only half performed would leave a waiter unresolved
  // or a hand-off with no act out (a reporter interrupted mid-apply, as awaitPrompt's screen watch is).
  const apply = <E extends RelayEvent>(event: E | ((s: RelayState) => E)) =>
    Effect.uninterruptible(
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const n = yield* Ref.modify(ref, (s) => {
          const r = step(s, typeof event === "function" ? event(s) : event, now)
          return [r, r.state]
        })
        for (const act of n.acts) yield* perform(act)
        return n.result
      })
    )

  return RelayCore.of({
    apply,
    read: (f) => Effect.map(Ref.get(ref), f),
    locked: (f) => Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.map(Ref.get(ref), (s) => f(s, now))),
    hub,
    work,
    restoredTickets: [...restored.errands.keys()]
  })
})

export class RelayCore extends Context.Tag("lich/relay/RelayCore")<RelayCore, CoreShape>() {
  /** The actor over the journal it restores from and writes to. */
  static readonly layer: Layer.Layer<RelayCore, never, EventHub | ErrandJournal | ErrandLog> = Layer.scoped(RelayCore, make)
}

export type Core = CoreShape
