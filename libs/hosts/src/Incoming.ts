/**
 * Errands sent here by another host's lich: each is opened in the relay here as the command line's
 * (CrossHost.accept), followed here by a fiber holding the line on it, and its outcome written to
 * the store (far_errands) the moment it ends — before anyone is told — and kept until the sender's
 * lich acknowledges it. So a link that drops as the answer comes back loses nothing: the sender
 * asks again (`hosts.Outcome`) and gets the same outcome. Journaled here as the relay journals
 * every errand; journaled on the sender's side as that relay does.
 */
import {
  Failed,
  type FarErrand,
  type FarErrandPayload,
  type FarTicketWait,
  type LichError,
  NotFound,
  RelayResult,
  Ticket
} from "@lich/contract"
import { CrossHost } from "@lich/relay"
import { FarErrands, type StoreError } from "@lich/store"
import { Clock, Context, Deferred, Duration, Effect, FiberMap, Layer, Option, Ref, Schedule, Schema } from "effect"

/** 60 s: each wait the follower holds on an errand; it waits again until the errand ends. */
const FOLLOW_WAIT_S = 60
/** 65 min: a sender that asked nothing for this long has given up (its own hour ran out): forgotten here. */
export const SENDER_IDLE_MS = 65 * 60_000
/** 24 h: an outcome its sender never acknowledged is kept this long, then swept (hourly). */
export const UNACKED_KEEP_MS = 24 * 60 * 60_000
const SWEEP_EVERY_MS = 60 * 60_000

export interface IncomingShape {
  readonly accept: (p: FarErrandPayload) => Effect.Effect<FarErrand, LichError>
  /** The outcome once it is in (waiting up to `timeout` s for it), else pending with what the far relay said. */
  readonly outcome: (p: FarTicketWait) => Effect.Effect<RelayResult, LichError>
  readonly ack: (ticket: string) => Effect.Effect<void, LichError>
}

export class Incoming extends Context.Tag("lich/hosts/Incoming")<Incoming, IncomingShape>() {}

interface Entry {
  readonly done: Deferred.Deferred<RelayResult>
  /** When the sender last asked (ms). */
  readonly asked: Ref.Ref<number>
  /** The last pending result's detail: what a pending answer says. */
  readonly detail: Ref.Ref<string | undefined>
}

/** The outcome if it is in already, without waiting. */
const settledNow = (e: Entry): Effect.Effect<Option.Option<RelayResult>> =>
  Effect.flatMap(Deferred.poll(e.done), Option.match({ onNone: () => Effect.succeedNone, onSome: Effect.asSome }))

const failed = (e: StoreError) => new Failed({ message: e.message })
const encode = Schema.encodeSync(RelayResult)
const decode = Schema.decodeUnknownOption(RelayResult)

const unknown = (ticket: string) =>
  new NotFound({ what: "ticket", name: ticket, message: `no errand from another host under ticket "${ticket}" here` })

const make = Effect.gen(function* () {
  const cross = yield* CrossHost
  const store = yield* FarErrands
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
      FiberMap.run(fibers, ticket, follow(ticket, e))
    )

  // What the last backend left: outcomes still to hand back, and errands to follow again.
  for (const row of yield* Effect.orDie(store.list())) {
    const e = yield* entry
    const settled = row.outcome === "" ? Option.none() : decode(JSON.parse(row.outcome))
    if (Option.isSome(settled)) {
      yield* Deferred.succeed(e.done, settled.value)
      yield* Ref.update(entries, (m) => new Map(m).set(row.ticket, e))
    } else yield* track(row.ticket, e)
  }

  yield* Effect.forkScoped(
    Effect.repeat(
      Effect.gen(function* () {
        const before = (yield* Clock.currentTimeMillis) - UNACKED_KEEP_MS
        const old = (yield* Effect.orElseSucceed(store.list(), () => [])).filter((r) => r.createdAt < before)
        for (const r of old) yield* Effect.zipRight(FiberMap.remove(fibers, r.ticket), Effect.ignore(forget(r.ticket)))
      }),
      Schedule.spaced(Duration.millis(SWEEP_EVERY_MS))
    )
  )

  const accept = Effect.fn("Incoming.accept")(function* (p: FarErrandPayload) {
    const far = yield* cross.accept(p)
    yield* store.open(far.ticket).pipe(Effect.mapError(failed))
    yield* track(far.ticket, yield* entry)
    return far
  })

  const outcome = Effect.fn("Incoming.outcome")(function* (p: FarTicketWait) {
    const e = (yield* Ref.get(entries)).get(p.ticket)
    if (e === undefined) return yield* unknown(p.ticket)
    yield* Ref.set(e.asked, yield* Clock.currentTimeMillis)
    const got = yield* p.timeout > 0 ? Deferred.await(e.done).pipe(Effect.timeoutOption(Duration.seconds(p.timeout))) : settledNow(e)
    if (Option.isSome(got)) return got.value
    const detail = yield* Ref.get(e.detail)
    return new RelayResult({ ticket: p.ticket, target: "", status: "pending", answer: "", ...(detail === undefined ? {} : { detail }) })
  })

  const ack = Effect.fn("Incoming.ack")(function* (ticket: string) {
    yield* FiberMap.remove(fibers, ticket)
    yield* forget(ticket)
  })

  return Incoming.of({ accept, outcome, ack })
})

export const IncomingLayer: Layer.Layer<Incoming, never, CrossHost | FarErrands> = Layer.scoped(Incoming, make)
