/**
 * The book of errands another host's lich sent here: an entry per ticket (its outcome once in, when
 * its sender last asked, what a pending answer says), and a fiber per open errand that holds the line
 * on it in the relay here and writes its outcome to the store (far_errands) the moment it ends —
 * before anyone is told, so a restart hears it too. Apart from Incoming, which answers the far
 * sender from this book.
 */
import { Failed, RelayResult, Ticket } from "@lich/contract"
import type { CrossHostShape } from "@lich/relay"
import type { FarErrands, StoreError } from "@lich/store"
import { Clock, Deferred, Effect, FiberMap, Ref, Schema, type Scope } from "effect"

/** 60 s: each wait the follower holds on an errand; it waits again until the errand ends. */
const FOLLOW_WAIT_S = 60
/** 65 min: a sender that asked nothing for this long has given up (its own hour ran out): forgotten here. */
export const SENDER_IDLE_MS = 65 * 60_000

export interface Entry {
  readonly done: Deferred.Deferred<RelayResult>
  /** When the sender last asked (ms). */
  readonly asked: Ref.Ref<number>
  /** The last pending result's detail: what a pending answer says. */
  readonly detail: Ref.Ref<string | undefined>
}

export const failed = (e: StoreError) => new Failed({ message: e.message })
const encode = Schema.encodeSync(RelayResult)

export interface FarBook {
  readonly entries: Ref.Ref<ReadonlyMap<string, Entry>>
  readonly fibers: FiberMap.FiberMap<string>
  /** A fresh entry, asked now. */
  readonly entry: Effect.Effect<Entry>
  /** Drops the entry and its row. */
  readonly forget: (ticket: string) => Effect.Effect<void, Failed>
  /** Books the entry and follows its errand to its end. */
  readonly track: (ticket: string, e: Entry) => Effect.Effect<void>
}

export const makeFarBook = (cross: CrossHostShape, store: FarErrands["Type"]): Effect.Effect<FarBook, never, Scope.Scope> =>
  Effect.gen(function* () {
    const fibers = yield* FiberMap.make<string>()
    const entries = yield* Ref.make<ReadonlyMap<string, Entry>>(new Map())

    const entry = Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      return {
        done: yield* Deferred.make<RelayResult>(),
        asked: yield* Ref.make(now),
        detail: yield* Ref.make<string | undefined>(undefined)
      }
    })

    const forget = (ticket: string) =>
      Effect.gen(function* () {
        yield* Ref.update(entries, (m) => {
          const out = new Map(m)
          out.delete(ticket)
          return out
        })
        yield* store.forget(ticket).pipe(Effect.mapError(failed))
      })

    /** Written to the store first: once a waiter can hear it, a restart can too. */
    const settle = (ticket: string, e: Entry, r: RelayResult) =>
      Effect.gen(function* () {
        yield* store
          .settle(ticket, JSON.stringify(encode(r)))
          .pipe(Effect.catchAll((x) => Effect.logError(`an outcome for another host was not saved: ${x.message}`)))
        yield* Deferred.succeed(e.done, r)
      })

    /** Holds the line on the errand until it ends; forgets it once its sender has stopped asking. */
    const follow = (ticket: string, e: Entry): Effect.Effect<void> =>
      Effect.gen(function* () {
        for (;;) {
          const r = yield* cross.wait({ from: "", ticket: Ticket.make(ticket), timeout: FOLLOW_WAIT_S }).pipe(
            // Collected here by someone else (a `lich wait` on this machine): nothing is left to hand back.
            Effect.catchAll(() => Effect.succeed(new RelayResult({ ticket, target: "", status: "expired", answer: "" })))
          )
          if (r.status !== "pending") return yield* settle(ticket, e, r)
          yield* Ref.set(e.detail, r.detail)
          const idle = (yield* Clock.currentTimeMillis) - (yield* Ref.get(e.asked))
          if (idle > SENDER_IDLE_MS) return yield* Effect.ignore(forget(ticket))
        }
      })

    const track = (ticket: string, e: Entry) =>
      Effect.zipRight(
        Ref.update(entries, (m) => new Map(m).set(ticket, e)),
        Effect.asVoid(FiberMap.run(fibers, ticket, follow(ticket, e)))
      )

    return { entries, fibers, entry, forget, track } satisfies FarBook
  })
