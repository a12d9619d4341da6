/**
 * Tasks sent from here to a session on another host (`send --host`, `wait --host`). The far lich
 * opens and delivers the errand (Incoming there); here it is an errand of the relay's like any other
 * (CrossHost.send), so the sender's wait, inbox, nudge and private rule are the local ones. A
 * follower per errand asks the far side for its outcome, across drops (it waits for the link to come
 * back), files it here with CrossHost.settle and then acknowledges it there. Restarted for every
 * errand the relay's journal brought back.
 */

import * as os from "node:os"
import {
  DEFAULT_WAIT_SECONDS,
  HostAck,
  HostErrand,
  HostOutcome,
  type HostSendPayload,
  type HostWaitPayload,
  type LichError,
  MAX_WAIT_SECONDS,
  RelayResult,
  Ticket,
  Wait
} from "@lich/contract"
import { CrossHost, type FarFollow } from "@lich/relay"
import { Context, Duration, Effect, Either, FiberMap, Layer, Option } from "effect"
import { FarDown, farCall, type Via } from "./Far.js"
import { Links } from "./Links.js"
import { across } from "./onHost.js"

/** 25 s: each ask for an outcome holds the far line this long, well under the call's own 35 s. */
const OUTCOME_WAIT_S = 25
const OUTCOME_CALL_MS = 35_000
/**
 * 1 s: after a call the link failed under, before asking again. The link's actor notices the ssh that
 * died at once, but a call can fail a moment before it does, and would otherwise be made again at once.
 */
const AFTER_DROP_MS = 1000

/** A far wait's call: the seconds it holds the line (0 = the default), and 10 s for the answer to come back. */
const farWaitMs = (t: number) => ((t > 0 ? Math.min(t, MAX_WAIT_SECONDS) : DEFAULT_WAIT_SECONDS) + 10) * 1000

export interface OutgoingShape {
  readonly send: (p: HostSendPayload) => Effect.Effect<RelayResult, LichError>
  readonly wait: (p: HostWaitPayload) => Effect.Effect<RelayResult, LichError>
}

export class Outgoing extends Context.Tag("lich/hosts/Outgoing")<Outgoing, OutgoingShape>() {}

const make = Effect.gen(function* () {
  const links = yield* Links
  const cross = yield* CrossHost
  const fibers = yield* FiberMap.make<string>()

  /** Asks for `f`'s outcome until it is in, files it, acknowledges it; gives up only when the errand ended here. */
  const follow = (f: FarFollow): Effect.Effect<void> =>
    Effect.gen(function* () {
      /** The forward a call last failed through, never to be taken for the link made again. */
      let failed: Via | undefined
      for (;;) {
        if (Option.isNone(yield* cross.farOf(f.ticket))) {
          // Ended here (its hour ran out): the far side may stop following it.
          const via = yield* Effect.option(links.via(f.host))
          if (Option.isSome(via)) yield* Effect.ignore(farCall(via.value, "hosts.", HostAck, { ticket: Ticket.make(f.farTicket) }))
          return
        }
        const via = yield* Effect.either(links.reconnected(f.host, failed))
        // The host was removed: nothing can answer; the errand ends here in its hour.
        if (Either.isLeft(via)) return
        const r = yield* Effect.either(
          farCall(via.right, "hosts.", HostOutcome, { ticket: Ticket.make(f.farTicket), timeout: OUTCOME_WAIT_S }, OUTCOME_CALL_MS)
        )
        if (Either.isLeft(r)) {
          const e = r.left
          // Forgotten there (its lich lost its store): nobody will answer it.
          if (!(e instanceof FarDown) && e._tag === "NotFound")
            return yield* Effect.asVoid(cross.settle(f.ticket, { status: "expired", answer: "" }))
          if (e instanceof FarDown && e.stale) {
            // The far lich restarted under the link: ask again through the link made anew.
            yield* links.refresh(f.host, via.right, e.message)
            failed = via.right
          } else yield* Effect.sleep(Duration.millis(AFTER_DROP_MS))
          continue
        }
        if (r.right.status === "pending") continue
        const { status, answer, detail } = r.right
        yield* cross.settle(f.ticket, { status, answer, ...(detail === undefined ? {} : { detail }) })
        yield* Effect.ignore(farCall(via.right, "hosts.", HostAck, { ticket: Ticket.make(f.farTicket) }))
        return
      }
    })

  const start = (f: FarFollow) => Effect.asVoid(FiberMap.run(fibers, f.ticket, follow(f), { onlyIfMissing: true }))

  // The errands the relay's journal brought back: follow each again.
  for (const f of yield* cross.following) yield* start(f)

  /** A pending result says why, as the far relay sees it: blocked on a person, or a target that reports nothing. */
  const withFarDetail = (r: RelayResult) =>
    Effect.gen(function* () {
      if (r.status !== "pending") return r
      const f = yield* cross.farOf(r.ticket)
      if (Option.isNone(f)) return r
      const far = yield* links.via(f.value.host).pipe(
        Effect.flatMap((via) => farCall(via, "hosts.", HostOutcome, { ticket: Ticket.make(f.value.farTicket), timeout: 0 })),
        Effect.option
      )
      const detail = Option.isSome(far) ? far.value.detail : undefined
      return new RelayResult({
        ticket: r.ticket,
        target: r.target,
        status: r.status,
        answer: r.answer,
        ...(detail === undefined ? {} : { detail })
      })
    })

  const send = Effect.fn("Outgoing.send")(function* (p: HostSendPayload) {
    const { host, ...local } = p
    const prompt = yield* cross.clean(p.prompt)
    const senderLabel = yield* cross.labelOf(p.from)
    const payload = { target: p.target, project: p.project, prompt, senderHost: os.hostname(), senderLabel }
    const far = yield* across(links, host, (via) => farCall(via, "hosts.", HostErrand, payload))
    const opened = { host, ticket: far.ticket, target: far.target, id: far.id }
    const r = yield* cross.send(local, opened, (ticket) => start({ ticket, host, farTicket: far.ticket }))
    return yield* withFarDetail(r)
  })

  /** A ticket this lich handed out first (an errand sent from here); else one of the host's own. */
  const wait = Effect.fn("Outgoing.wait")(function* (p: HostWaitPayload) {
    const { host, ...local } = p
    const here = yield* Effect.either(cross.wait(local))
    if (Either.isRight(here)) return yield* withFarDetail(here.right)
    if (here.left._tag !== "NotFound") return yield* here.left
    return yield* across(links, host, (via) => farCall(via, "relay.", Wait, { ...local, from: "" }, farWaitMs(local.timeout)))
  })

  return Outgoing.of({ send, wait })
})

export const OutgoingLayer: Layer.Layer<Outgoing, never, Links | CrossHost> = Layer.scoped(Outgoing, make)
