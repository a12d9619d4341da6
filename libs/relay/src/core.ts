/**
 * The relay's shared internals: the state, its lock, and closing an errand — the one transition every
 * outcome goes through, so "stash only when nobody is holding the line" and "clear the card marks"
 * are decided in exactly one place. Announcements (events, nudges) run after the lock is released.
 */
import { EventHub } from "@lich/events"
import { Clock, Deferred, Duration, Effect, Queue } from "effect"
import { ErrandJournal, seed } from "./journal.js"
import {
  emptyState,
  type Errand,
  type InboxEntry,
  type Outcome,
  publicEntries,
  type RelayState,
  stash,
  TOMB_MS
} from "./state.js"

export interface CoreDeps {
  /** Called (outside the lock) when a result lands in a session sender's inbox. */
  readonly onStashed: (senderId: string) => Effect.Effect<void>
}

/**
 * 20 ms: how long changes gather before the errands are written. A burst of transitions (200 sends at
 * once) is one write, and a backend killed within it loses at most that last moment of changes.
 */
export const JOURNAL_DEBOUNCE_MS = 20

export const makeCore = Effect.gen(function* () {
  const hub = yield* EventHub
  const journal = yield* ErrandJournal
  const lock = yield* Effect.makeSemaphore(1)
  const state: RelayState = emptyState()
  let deps: CoreDeps = { onStashed: () => Effect.void }

  // What the last backend left: its open errands, tombstones and inboxes come back before any request.
  const restored = yield* journal.restore
  seed(state, restored)

  // Every transition marks the state dirty; a writer notes it under the lock and flushes after it.
  const dirty = yield* Queue.sliding<void>(1)
  const write = lock.withPermits(1)(Effect.sync(() => journal.note(state))).pipe(Effect.zipRight(journal.flush))
  yield* Effect.forkScoped(Effect.forever(Queue.take(dirty).pipe(Effect.zipRight(Effect.sleep(Duration.millis(JOURNAL_DEBOUNCE_MS))), Effect.zipRight(write))))
  yield* Effect.addFinalizer(() => write)

  const locked = <A>(f: (s: RelayState, now: number) => A): Effect.Effect<A> =>
    lock.withPermits(1)(Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sync(() => f(state, now)))).pipe(Effect.tap(() => Queue.offer(dirty, undefined)))

  const inboxCount = (senderId: string) => publicEntries(state, senderId).length

  const clearMarks = (e: Errand) =>
    Effect.gen(function* () {
      yield* hub.publish({ _tag: "session-relay", id: e.targetId, peer: "", direction: "", ticket: "" })
      if (e.senderId !== "") yield* hub.publish({ _tag: "session-relay", id: e.senderId, peer: "", direction: "", ticket: "" })
    })

  /**
   * Ends an errand with `outcome`. A caller holding the line gets it through the Deferred; with
   * nobody holding it, it is stashed in the sender's inbox (announced unless private). Returns
   * false when the errand had already ended — an answer beats a simultaneous stall, once.
   */
  const close = (e: Errand, outcome: Outcome, o?: { readonly silent?: boolean }) =>
    Effect.gen(function* () {
      const done = yield* locked((s, now) => {
        if (e.closed) return undefined
        e.closed = true
        s.errands.delete(e.ticket)
        // An answered worker parks itself once the turn it answered in ends (subagent.ts).
        if (e.subagent && outcome.status === "answered") s.answeredWorkers.add(e.targetId)
        const unattended = e.attended === 0 && o?.silent !== true
        if (unattended) {
          const entry: InboxEntry = {
            ticket: e.ticket,
            senderId: e.senderId,
            target: e.targetLabel,
            status: outcome.status,
            answer: outcome.answer,
            ...(outcome.detail === undefined ? {} : { detail: outcome.detail }),
            ...(e.subagent && outcome.status === "answered" ? { report: { label: e.targetLabel, branch: e.targetBranch } } : {}),
            readyAt: now,
            private: e.private,
            nudged: false
          }
          stash(s, entry)
        }
        s.tombs.set(e.ticket, {
          ticket: e.ticket,
          senderId: e.senderId,
          targetLabel: e.targetLabel,
          status: outcome.status,
          private: e.private,
          until: now + TOMB_MS,
          lateOk: outcome.status === "unanswered"
        })
        return { unattended, count: inboxCount(e.senderId) }
      })
      if (!done) return false
      yield* Deferred.succeed(e.outcome, outcome)
      yield* clearMarks(e)
      if (outcome.status === "unanswered") {
        yield* hub.publish({ _tag: "session-relay-stalled", id: e.senderId, targetId: e.targetId, target: e.targetLabel })
      }
      if (done.unattended && !e.private && e.senderId !== "") {
        yield* hub.publish({ _tag: "session-inbox", id: e.senderId, count: done.count })
        yield* deps.onStashed(e.senderId)
      }
      return true
    })

  return {
    state,
    /** Tickets of the errands the last backend left open, for the relay to reconcile at start. */
    restoredTickets: [...restored.errands.keys()],
    locked,
    close,
    hub,
    inboxCount,
    setDeps: (d: CoreDeps) => {
      deps = d
    }
  }
})

export type Core = Effect.Effect.Success<typeof makeCore>
