/**
 * One host's link as an actor: a fiber that connects (hello, forward, handshake), holds the link
 * while it lasts, and after a drop tries again with backoff; its view (status and, while connected,
 * where the far lich is reached) lives in a SubscriptionRef that every reader and the window's
 * `host-status` events follow. A refusal that retrying cannot mend (an unknown host key, an
 * incompatible lich) is not retried until someone asks again (`connect`), nor is a failed start.
 */

import { HOSTS_PROTOCOL, HostHandshake, type HostState, HostStatus } from "@lich/contract"
import type { EventHub } from "@lich/events"
import { Deferred, Duration, Effect, Either, Option, Queue, Ref, type Scope, SubscriptionRef } from "effect"
import { FarDown, farCall, type Via } from "./Far.js"
import type { Hello } from "./hello.js"
import type { SshShape, SshTarget } from "./Ssh.js"

/** 1 s, doubling to 30 s: a link that drops comes back within a second when the far side is fine. */
export const RETRY_MIN_MS = 1000
export const RETRY_MAX_MS = 30_000
/**
 * 60 s: where no lich runs, the same doubling goes on to once a minute — a far lich that restarts
 * (an update) is found within seconds, one started there by hand within a minute.
 */
export const NO_LICH_RETRY_MS = 60_000

/** How long to wait before attempt `n` (0-based) after a failure, doubling from 1 s up to `cap`. */
export const retryAfter = (n: number, cap: number = RETRY_MAX_MS): number => Math.min(cap, RETRY_MIN_MS * 2 ** Math.min(n, 16))

export interface LinkView {
  readonly status: HostStatus
  /** Where the far lich is reached; only while connected. */
  readonly via: Via | undefined
}

/** Someone waiting for the end of the next attempt (`connect`); start: it asked for a far start. */
interface Waiter {
  readonly start: boolean
  readonly done: Deferred.Deferred<HostStatus>
}

export interface Link {
  readonly target: SshTarget
  readonly view: SubscriptionRef.SubscriptionRef<LinkView>
  /** Asks the actor to try now; true asks it to start the far lich if none runs. */
  readonly kicks: Queue.Queue<boolean>
  /** Tells a link that is up that its far lich went away under it (Links.refresh): it is made again. */
  readonly stale: Queue.Queue<string>
  readonly waiters: Ref.Ref<ReadonlyArray<Waiter>>
}

export const statusOf = (t: SshTarget, state: HostState, message = "", version = "") =>
  new HostStatus({ name: t.name, destination: t.destination, state, message, version })

export const makeLink = (target: SshTarget) =>
  Effect.gen(function* () {
    const view = yield* SubscriptionRef.make<LinkView>({ status: statusOf(target, "connecting"), via: undefined })
    const kicks = yield* Queue.unbounded<boolean>()
    const stale = yield* Queue.unbounded<string>()
    const waiters = yield* Ref.make<ReadonlyArray<Waiter>>([])
    return { target, view, kicks, stale, waiters } satisfies Link
  })

/** The end of an attempt, or of a link that was up. */
interface Verdict {
  readonly state: "disconnected" | "no-lich" | "refused"
  readonly message: string
  /** The link was up before it ended: the backoff starts over. */
  readonly wasUp: boolean
}

const verdict = (state: Verdict["state"], message: string, wasUp = false): Verdict => ({ state, message, wasUp })

/** What a hello says about connecting: go on to the forward, or the verdict it already is. */
const judgeHello = (t: SshTarget, h: Hello): Either.Either<{ port: number; token: string }, Verdict> => {
  if (h.protocol !== HOSTS_PROTOCOL) {
    return Either.left(
      verdict(
        "refused",
        `${t.name} runs lich ${h.version}, which speaks hosts protocol ${h.protocol}; this lich speaks ${HOSTS_PROTOCOL} — run the same lich on both`
      )
    )
  }
  if (!h.running || h.port === undefined || h.token === undefined) {
    return Either.left(
      verdict(
        "no-lich",
        `no lich is running on ${t.name} — start one there (lich --no-window), or from here: lich hosts connect ${t.name} --start`
      )
    )
  }
  return Either.right({ port: h.port, token: h.token })
}

/** The handshake through the forward: the far backend itself must speak this protocol, not only its CLI. */
const handshake = (t: SshTarget, via: Via) =>
  farCall(via, "hosts.", HostHandshake, {}).pipe(
    Effect.mapError((e) =>
      e instanceof FarDown && /no procedure named/.test(e.message)
        ? verdict(
            "refused",
            `the lich running on ${t.name} does not speak hosts: it is older than this one — restart it into the same lich`
          )
        : verdict("disconnected", `${t.name}'s lich did not answer through the forward: ${e.message}`)
    ),
    Effect.flatMap((hs) =>
      hs.protocol === HOSTS_PROTOCOL
        ? Effect.succeed(hs)
        : Effect.fail(
            verdict(
              "refused",
              `${t.name} runs lich ${hs.version}, which speaks hosts protocol ${hs.protocol}; this lich speaks ${HOSTS_PROTOCOL} — run the same lich on both`
            )
          )
    )
  )

/** Publishes `status` (and `via`) as the link's view, and on the event hub for every window. */
const show = (link: Link, hub: EventHub["Type"], status: HostStatus, via?: Via) =>
  Effect.zipRight(SubscriptionRef.set(link.view, { status, via }), hub.publish({ _tag: "host-status", ...status }))

/** Answers everyone waiting on this attempt, except those who asked for a start the attempt did not make. */
const answer = (link: Link, status: HostStatus, started: boolean) =>
  Effect.gen(function* () {
    const keep = status.state === "no-lich" && !started
    const due = yield* Ref.modify(link.waiters, (ws) => {
      const now = ws.filter((w) => !(keep && w.start))
      return [now, ws.filter((w) => keep && w.start)]
    })
    for (const w of due) yield* Deferred.succeed(w.done, status)
  })

/** One attempt, and the life of the link if it comes up: hello, forward, handshake, then hold until ssh ends. */
const attempt = (ssh: SshShape, hub: EventHub["Type"], link: Link, start: boolean): Effect.Effect<Verdict, never, Scope.Scope> =>
  Effect.gen(function* () {
    const t = link.target
    const hello = yield* ssh
      .hello(t, start)
      .pipe(Effect.mapError((e) => verdict(e.kind === "refused" ? "refused" : "disconnected", e.message)))
    const far = judgeHello(t, hello)
    if (Either.isLeft(far)) return far.left
    const fwd = yield* ssh
      .forward(t, far.right.port)
      .pipe(Effect.mapError((e) => verdict(e.kind === "refused" ? "refused" : "disconnected", e.message)))
    const via: Via = { port: fwd.port, remotePort: far.right.port, token: far.right.token }
    const hs = yield* handshake(t, via)
    const up = statusOf(t, "connected", "", hs.version)
    // Word that the last link's far lich went away is about that link, not this one.
    yield* Queue.takeAll(link.stale)
    yield* show(link, hub, up, via)
    yield* answer(link, up, start)
    const why = yield* Effect.raceFirst(fwd.ended, Queue.take(link.stale))
    return verdict("disconnected", `the link to ${t.name} dropped (${why}); lich reconnects`, true)
  }).pipe(Effect.merge)

/** Waits `ms` or for a kick, whichever comes first; the start flag of the kicks taken. */
const pause = (link: Link, ms: number | undefined) =>
  Effect.gen(function* () {
    const kicked =
      ms === undefined
        ? Option.some(yield* Queue.take(link.kicks))
        : yield* Queue.take(link.kicks).pipe(Effect.timeoutOption(Duration.millis(ms)))
    const more = yield* Queue.takeAll(link.kicks)
    return Option.getOrElse(kicked, () => false) || [...more].some((s) => s)
  })

/** The actor: attempts forever, each in a scope of its own, so a drop kills nothing but its own ssh. */
export const runLink = (ssh: SshShape, hub: EventHub["Type"], link: Link): Effect.Effect<never> =>
  Effect.gen(function* () {
    let failures = 0
    let start = yield* Effect.map(Queue.takeAll(link.kicks), (ks) => [...ks].some((s) => s))
    for (;;) {
      yield* show(link, hub, statusOf(link.target, "connecting", start ? `starting lich on ${link.target.name}` : ""))
      const v = yield* Effect.scoped(attempt(ssh, hub, link, start))
      if (v.wasUp) failures = 0
      const status = statusOf(link.target, v.state, v.message)
      yield* show(link, hub, status)
      yield* answer(link, status, start)
      // Asked during this attempt: answered by it, unless it was a start this attempt did not make.
      const during = yield* Queue.takeAll(link.kicks)
      if (!start && v.state === "no-lich" && [...during].some((s) => s)) {
        start = true
        continue
      }
      const wait = v.state === "refused" ? undefined : retryAfter(failures++, v.state === "no-lich" ? NO_LICH_RETRY_MS : RETRY_MAX_MS)
      start = yield* pause(link, wait)
    }
  }) as Effect.Effect<never>
