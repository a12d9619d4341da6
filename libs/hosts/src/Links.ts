/**
 * The hosts this lich knows and their links: the list kept in the store, one actor per host
 * (link.ts, held in linkTable.ts), started when the backend starts or the host is added and
 * interrupted (its ssh killed with it) when the host is removed or lich ends.
 * What a far lich's port and token are lives here, in memory, and nowhere else on this machine.
 */
import { Failed, type HostAddPayload, type HostStatus, type LichError, NotFound, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Hosts, type StoreError } from "@lich/store"
import { Context, Deferred, Effect, Layer, Option, Queue, Stream, SubscriptionRef } from "effect"
import type { Via } from "./Far.js"
import { attemptNow, current, type Held, makeLinkTable } from "./linkTable.js"
import { Ssh } from "./Ssh.js"

export interface LinksShape {
  /** Every host, in the order they were added, as it is now. */
  readonly list: Effect.Effect<ReadonlyArray<HostStatus>>
  /** Adds a host and answers once its first attempt to connect is over. */
  readonly add: (p: HostAddPayload) => Effect.Effect<HostStatus, LichError>
  /** Forgets a host and ends its link; its status as it was. */
  readonly remove: (name: string) => Effect.Effect<HostStatus, LichError>
  /** Connected: its status at once. Otherwise tries now (starting the far lich when asked) and answers once the attempt is over. */
  readonly connect: (name: string, start: boolean) => Effect.Effect<HostStatus, LichError>
  /** Where a connected host's lich is reached now; a refusal saying its state otherwise. */
  readonly via: (name: string) => Effect.Effect<Via, LichError>
  /**
   * Waits for the host to be connected (across a drop) through another forward than `stale`, when
   * one is given; NotFound once it is removed.
   */
  readonly reconnected: (name: string, stale?: Via) => Effect.Effect<Via, LichError>
  /** The far lich behind `via` went away (a call found it gone): that link is made again. */
  readonly refresh: (name: string, via: Via, why: string) => Effect.Effect<void>
}

export class Links extends Context.Tag("lich/hosts/Links")<Links, LinksShape>() {}

const storeFailed = (e: StoreError) => new Failed({ message: e.message })

/** "not connected" in words a person can act on, from the state it is in. */
const notConnected = (s: HostStatus) =>
  new Refused({
    message: `host "${s.name}" is not connected (${s.state}${s.message === "" ? "" : `: ${s.message}`}) — lich hosts shows its state; lich hosts connect ${s.name} tries again`
  })

/** The link's first forward other than `stale` (across a drop); NotFound once the host is removed. */
const nextForward = (link: Held, name: string, stale?: Via) => {
  const up = link.view.changes.pipe(
    Stream.filterMap((v) => Option.fromNullable(v.via).pipe(Option.filter((via) => via !== stale))),
    Stream.runHead,
    // A SubscriptionRef's changes never end: the stream stops only at a value with a forward.
    Effect.flatMap(Option.match({ onNone: () => Effect.die("a link's changes ended"), onSome: Effect.succeed }))
  )
  const gone = Effect.zipRight(
    Deferred.await(link.removed),
    Effect.fail(new NotFound({ what: "host", name, message: `host "${name}" was removed` }))
  )
  return Effect.raceFirst(up, gone)
}

const make = Effect.gen(function* () {
  const store = yield* Hosts
  const hub = yield* EventHub
  const table = yield* makeLinkTable(yield* Ssh, hub)
  for (const row of yield* Effect.orDie(store.list())) yield* table.start(row)

  const add = Effect.fn("Links.add")(function* (p: HostAddPayload) {
    const row = { name: p.name, destination: p.destination, lich: p.lich }
    if (!(yield* store.add(row).pipe(Effect.mapError(storeFailed)))) {
      return yield* new Refused({ message: `a host named "${p.name}" exists already — lich hosts remove ${p.name} first to change it` })
    }
    return yield* attemptNow(yield* table.start(row), false)
  })

  const remove = Effect.fn("Links.remove")(function* (name: string) {
    const link = yield* table.find(name)
    const status = yield* current(link)
    yield* table.drop(link)
    // Once the actor is gone (no host-status of its can follow and bring the section back), and
    // before the store: the table no longer lists it, whatever the store answers.
    yield* hub.publish({ _tag: "host-removed", name: link.target.name })
    yield* store.remove(link.target.name).pipe(Effect.mapError(storeFailed))
    return status
  })

  const connect = Effect.fn("Links.connect")(function* (name: string, startFar: boolean) {
    const link = yield* table.find(name)
    const now = yield* current(link)
    return now.state === "connected" ? now : yield* attemptNow(link, startFar)
  })

  const via = Effect.fn("Links.via")(function* (name: string) {
    const v = yield* SubscriptionRef.get((yield* table.find(name)).view)
    return v.via ?? (yield* notConnected(v.status))
  })

  const reconnected = Effect.fn("Links.reconnected")(function* (name: string, stale?: Via) {
    return yield* nextForward(yield* table.find(name), name, stale)
  })

  const refresh = Effect.fn("Links.refresh")(function* (name: string, stale: Via, why: string) {
    const link = yield* table.lookup(name)
    if (link === undefined || (yield* SubscriptionRef.get(link.view)).via !== stale) return
    yield* Queue.offer(link.stale, why)
  })

  const list = Effect.flatMap(table.all, (ls) => Effect.forEach(ls, current))

  return Links.of({ list, add, remove, connect, via, reconnected, refresh })
})

/** The links over the store's hosts, the Ssh seam and the event hub; every ssh ends with the layer. */
export const LinksLayer: Layer.Layer<Links, never, Hosts | Ssh | EventHub> = Layer.scoped(Links, make)
