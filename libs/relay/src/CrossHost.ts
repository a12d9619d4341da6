/**
 * Errands that cross hosts, as the relay keeps them; libs/hosts carries them over the link.
 *
 * Sending side: a task for a session on another host is an errand here like any other — held by
 * the sender's wait, filed in its inbox with a nudge when nobody waits, private or not, expired after
 * its hour — except that it is never handed over here: the far lich delivers it and follows it, and
 * the hosts lib files its outcome with `settle`. So a cross-host result reaches its sender exactly as
 * a local one does, through the one close transition (steps/errands.ts).
 *
 * Receiving side: a task from another host's sender is opened here as the command line's (no card
 * of ours sent it), naming that sender and its host in the message, and followed with `wait`.
 */

import { FarErrand, type FarErrandPayload, type LichError, type RelayResult, type SendPayload, type WaitPayload } from "@lich/contract"
import { SpendGate } from "@lich/cost"
import { PluginInstalls } from "@lich/integrations"
import { Workspace } from "@lich/spawn"
import { Terminals } from "@lich/terminal"
import { Clock, Context, Deferred, Effect, Either, Layer, Option } from "effect"
import { RelayCore } from "./core.js"
import { cleanPrompt, newTicket, waitSeconds } from "./sanitize.js"
import type { Errand, Outcome } from "./state.js"
import { findLive, liveCards } from "./targets.js"
import { attend, FRESH, open, type TicketDeps, wait } from "./tickets.js"

/** The far half of a task: what the far lich answered when it opened it there. */
export interface FarOpened {
  readonly host: string
  /** the far lich's ticket */
  readonly ticket: string
  /** the target's label and lich id there */
  readonly target: string
  readonly id: string
}

/** An errand open here whose target is on another host. */
export interface FarFollow {
  readonly ticket: string
  readonly host: string
  readonly farTicket: string
}

export interface CrossHostShape {
  /** The prompt as the relay would type it, or the relay's refusal of it: checked here before it goes out. */
  readonly clean: (prompt: string) => Effect.Effect<string, LichError>
  /** The label of the session `from` ("" for the command line), for the far message. */
  readonly labelOf: (from: string) => Effect.Effect<string>
  /**
   * A task sent from here and opened on another host as `far`: held here for the send's timeout.
   * `follow(ticket)` runs once the line is held (it starts whatever files the outcome).
   */
  readonly send: (p: SendPayload, far: FarOpened, follow: (ticket: string) => Effect.Effect<void>) => Effect.Effect<RelayResult, LichError>
  /** Files a far errand's outcome as a local one's; false when it had ended here already. */
  readonly settle: (ticket: string, outcome: Outcome) => Effect.Effect<boolean>
  /** Every errand open here for another host's session: what to follow again after a restart. */
  readonly following: Effect.Effect<ReadonlyArray<FarFollow>>
  /** The far half of `ticket`, while it is open here. */
  readonly farOf: (ticket: string) => Effect.Effect<Option.Option<FarFollow>>
  /** A task from a sender on another host, opened here as the command line's and not waited on. */
  readonly accept: (p: FarErrandPayload) => Effect.Effect<FarErrand, LichError>
  /** `lich wait <ticket>`: the relay's own wait. */
  readonly wait: (p: WaitPayload) => Effect.Effect<RelayResult, LichError>
}

export class CrossHost extends Context.Tag("lich/relay/CrossHost")<CrossHost, CrossHostShape>() {}

const followOf = (e: Errand): FarFollow => ({ ticket: e.ticket, host: e.far!.host, farTicket: e.far!.ticket })

/** The errand a task for another host's session is here: the far ticket kept when it is free here. */
const farErrand = (d: TicketDeps, p: SendPayload, prompt: string, far: FarOpened, senderLabel: string) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* Deferred.make<Outcome>()
    return yield* d.core.apply((s) => {
      const taken = (t: string) => s.errands.has(t) || s.tombs.has(t)
      const errand: Errand = {
        ticket: taken(far.ticket) ? newTicket(taken) : far.ticket,
        senderId: p.from,
        senderLabel,
        targetId: `host:${far.host}:${far.id}`,
        targetLabel: far.target,
        targetBranch: "",
        prompt,
        message: "",
        private: p.private,
        createdAt: now,
        releasedAt: now,
        ...FRESH,
        subagent: false,
        workerMessage: "",
        outcome,
        far: { host: far.host, ticket: far.ticket }
      }
      return { _tag: "Opened", errand }
    })
  })

const make = Effect.gen(function* () {
  const core = yield* RelayCore
  const ws = yield* Workspace
  const terminals = yield* Terminals
  const d: TicketDeps = { core, ws, terminals, tools: (yield* PluginInstalls).hasTools, gate: yield* SpendGate }

  // A caller that cannot be read is named as the command line: the far message is the worse for it, the task is not.
  const labelOf = (from: string) =>
    from === ""
      ? Effect.succeed("")
      : ws.caller(from).pipe(
          Effect.map(Option.match({ onNone: () => "", onSome: (c) => c.label })),
          Effect.tapError((e) => Effect.logWarning(`a task for another host goes out unnamed: ${e.message}`)),
          Effect.orElseSucceed(() => "")
        )

  const send = Effect.fn("CrossHost.send")(function* (p: SendPayload, far: FarOpened, follow: (ticket: string) => Effect.Effect<void>) {
    const prompt = yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
    const e = yield* farErrand(d, p, prompt, far, yield* labelOf(p.from))
    return yield* attend(d, e, waitSeconds(p.timeout), follow(e.ticket))
  })

  const accept = Effect.fn("CrossHost.accept")(function* (p: FarErrandPayload) {
    const prompt = yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
    const target = yield* findLive(yield* liveCards(ws, terminals), p.target, p.project)
    const input = { from: "" as const, target: p.target, project: p.project, prompt, timeout: 0, private: false }
    const e = yield* open(d, input, prompt, target, undefined, { origin: { host: p.senderHost, label: p.senderLabel } })
    return new FarErrand({ ticket: e.ticket, target: e.targetLabel, id: e.targetId })
  })

  return CrossHost.of({
    clean: (prompt) => Either.match(cleanPrompt(prompt), { onLeft: Effect.fail, onRight: Effect.succeed }),
    labelOf,
    send,
    settle: (ticket, outcome) => core.apply({ _tag: "Closed", ticket, outcome }),
    following: core.read((s) => [...s.errands.values()].filter((e) => e.far !== undefined).map(followOf)),
    farOf: (ticket) =>
      core.read((s) => Option.map(Option.fromNullable(s.errands.get(ticket)).pipe(Option.filter((e) => e.far !== undefined)), followOf)),
    accept,
    wait: (p) => wait(d, p)
  })
})

/** Over the relay's actor and the workspace it resolves targets in. */
export const CrossHostLayer: Layer.Layer<CrossHost, never, RelayCore | Workspace | Terminals | PluginInstalls | SpendGate> = Layer.effect(
  CrossHost,
  make
)
