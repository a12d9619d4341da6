/**
 * The table of links the Links service keeps: one actor per host in a FiberMap keyed by the name in
 * lower case, in the order the hosts were added. Apart from Links so that the service reads as its
 * methods; the table is what they share — finding a link, starting one, asking one to try now.
 */
import { type HostStatus, NotFound } from "@lich/contract"
import type { EventHub } from "@lich/events"
import { Deferred, Effect, FiberMap, Queue, Ref, type Scope, SubscriptionRef } from "effect"
import { type Link, makeLink, runLink } from "./link.js"
import type { SshShape, SshTarget } from "./Ssh.js"

/** A link and the signal that its host was removed (a follower waiting for it gives up). */
export type Held = Link & { readonly removed: Deferred.Deferred<void> }

export const key = (name: string) => name.toLowerCase()

const unknownHost = (name: string, known: ReadonlyArray<string>) =>
  new NotFound({
    what: "host",
    name,
    message:
      known.length === 0
        ? `no host named "${name}" — none is added yet: lich hosts add ${name} <ssh-destination>`
        : `no host named "${name}". Hosts: ${known.join(", ")}`
  })

export const current = (link: Link) => Effect.map(SubscriptionRef.get(link.view), (v) => v.status)

/** Asks the actor to try now and waits for the attempt's end. */
export const attemptNow = (link: Link, startFar: boolean) =>
  Effect.gen(function* () {
    const done = yield* Deferred.make<HostStatus>()
    yield* Ref.update(link.waiters, (ws) => [...ws, { start: startFar, done }])
    yield* Queue.offer(link.kicks, startFar)
    return yield* Deferred.await(done)
  })

/** The table, its actors scoped to the caller's scope. */
export const makeLinkTable = (ssh: SshShape, hub: EventHub["Type"]): Effect.Effect<LinkTable, never, Scope.Scope> =>
  Effect.gen(function* () {
    const fibers = yield* FiberMap.make<string>()
    const links = yield* Ref.make<ReadonlyMap<string, Held>>(new Map())

    const start = (target: SshTarget) =>
      Effect.gen(function* () {
        const link = { ...(yield* makeLink(target)), removed: yield* Deferred.make<void>() }
        yield* Ref.update(links, (m) => new Map(m).set(key(target.name), link))
        yield* FiberMap.run(fibers, key(target.name), runLink(ssh, hub, link))
        return link
      })

    const find = (name: string) =>
      Effect.flatMap(Ref.get(links), (m) => {
        const link = m.get(key(name))
        return link
          ? Effect.succeed(link)
          : Effect.fail(
              unknownHost(
                name,
                [...m.values()].map((l) => l.target.name)
              )
            )
      })

    /** Ends the link's actor (its ssh with it) and drops it from the table. */
    const drop = (link: Held) =>
      Effect.gen(function* () {
        yield* FiberMap.remove(fibers, key(link.target.name))
        yield* Ref.update(links, (m) => {
          const out = new Map(m)
          out.delete(key(link.target.name))
          return out
        })
        yield* Deferred.succeed(link.removed, undefined)
      })

    const lookup = (name: string) => Effect.map(Ref.get(links), (m) => m.get(key(name)))
    const all = Effect.map(Ref.get(links), (m) => [...m.values()])
    return { start, find, drop, lookup, all } satisfies LinkTable
  })

export interface LinkTable {
  readonly start: (target: SshTarget) => Effect.Effect<Held>
  readonly find: (name: string) => Effect.Effect<Held, NotFound>
  readonly drop: (link: Held) => Effect.Effect<void>
  readonly lookup: (name: string) => Effect.Effect<Held | undefined>
  readonly all: Effect.Effect<ReadonlyArray<Held>>
}
