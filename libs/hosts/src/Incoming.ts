/**
 * Errands sent here by another host's lich: each is opened in the relay here as the command line's
 * (CrossHost.accept), followed here by a fiber holding the line on it, and its outcome written to
 * the store (far_errands) the moment it ends — before anyone is told (farBook.ts) — and kept until
 * the sender's lich acknowledges it. So a link that drops as the answer comes back loses nothing: the sender
 * asks again (`hosts.Outcome`) and gets the same outcome. Journaled here as the relay journals
 * every errand; journaled on the sender's side as that relay does.
 */
import { type FarErrand, type FarErrandPayload, type FarTicketWait, type LichError, NotFound, RelayResult } from "@lich/contract"
import { CrossHost } from "@lich/relay"
import { FarErrands } from "@lich/store"
import { Clock, Context, Deferred, Duration, Effect, FiberMap, Layer, Option, Ref, Schedule, Schema } from "effect"
import { type Entry, failed, makeFarBook } from "./farBook.js"

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

/** The outcome if it is in already, without waiting. */
const settledNow = (e: Entry): Effect.Effect<Option.Option<RelayResult>> =>
  Effect.flatMap(Deferred.poll(e.done), Option.match({ onNone: () => Effect.succeedNone, onSome: Effect.asSome }))

const decode = Schema.decodeUnknownOption(RelayResult)

const unknown = (ticket: string) =>
  new NotFound({ what: "ticket", name: ticket, message: `no errand from another host under ticket "${ticket}" here` })

const make = Effect.gen(function* () {
  const cross = yield* CrossHost
  const store = yield* FarErrands
  const { entries, fibers, entry, forget, track } = yield* makeFarBook(cross, store)

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
