/**
 * Tasks sent from here to a session on another host (`send --host`, `wait --host`). The far lich
 * opens and delivers the errand (Incoming there); here it is an errand of the relay's like any other
 * (CrossHost.send), so the sender's wait, inbox, nudge and private rule are the local ones. A
 * follower per errand asks the far side for its outcome, across drops (it waits for the link to come
 * back), files it here with CrossHost.settle and then acknowledges it there (followFar.ts). Restarted for every
 * errand the relay's journal brought back.
 */

import * as os from "node:os"
import {
  DEFAULT_WAIT_SECONDS,
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
import { Context, Effect, Either, FiberMap, Layer, Option } from "effect"
import { farCall } from "./Far.js"
import { followFar } from "./followFar.js"
import { Links } from "./Links.js"
import { across } from "./onHost.js"

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

  const start = (f: FarFollow) => Effect.asVoid(FiberMap.run(fibers, f.ticket, followFar(links, cross, f), { onlyIfMissing: true }))

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
