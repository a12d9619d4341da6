/**
 * send, wait and collect: a task goes out as an errand and its caller holds the line on it for as
 * long as it asked; what comes back is answered, or pending (the wait ran out, the errand stays
 * open), or one of the ways an errand ends unanswered. Every change goes through the actor.
 */
import {
  Collected,
  type CollectPayload,
  type LichError,
  NotFound,
  Refused,
  RelayResult,
  type SendPayload,
  type WaitPayload
} from "@lich/contract"
import type { SpendGate } from "@lich/cost"
import type { Card, Workspace } from "@lich/spawn"
import type { Terminals } from "@lich/terminal"
import { Clock, Deferred, Duration, Effect, Either, Option, Queue } from "effect"
import { HELD } from "./chronicle.js"
import type { Core } from "./core.js"
import type { ToolsOf } from "./kinds.js"
import { cleanPrompt, newTicket, waitSeconds } from "./sanitize.js"
import type { Errand, InboxEntry, Outcome } from "./state.js"
import { findLive, liveCards } from "./targets.js"
import { relayedMessage, workerTask } from "./text.js"

export interface TicketDeps {
  readonly core: Core
  /** The project's caps: new work is refused here, before any errand exists or anything is typed. */
  readonly gate: SpendGate["Type"]
  readonly ws: Workspace["Type"]
  readonly terminals: Terminals["Type"]
  /** The HasTools rule: whether a session of a kind has lich's tools. */
  readonly tools: ToolsOf
}

const entryResult = (x: InboxEntry) =>
  new RelayResult({
    ticket: x.ticket,
    target: x.target,
    status: x.status,
    answer: x.answer,
    ...(x.detail === undefined ? {} : { detail: x.detail })
  })

const toResult = (e: { ticket: string; targetLabel: string }, o: Outcome) =>
  new RelayResult({
    ticket: e.ticket,
    target: e.targetLabel,
    status: o.status,
    answer: o.answer,
    ...(o.detail === undefined ? {} : { detail: o.detail })
  })

/**
 * Holds the line on `e` for `seconds`; the last waiter to let go leaves the rest to the inbox.
 * `holding` runs once the line is held: whatever may end the errand at once starts there, so its
 * outcome is this waiter's rather than the inbox's.
 */
export const attend = (d: TicketDeps, e: Errand, seconds: number, holding: Effect.Effect<void> = Effect.void) =>
  Effect.gen(function* () {
    const letGo = (gaveUp: boolean) => d.core.apply({ _tag: "LetGo", ticket: e.ticket, targetId: e.targetId, gaveUp })
    yield* d.core.apply({ _tag: "Attended", ticket: e.ticket })
    yield* holding
    const got = yield* Deferred.await(e.outcome).pipe(
      Effect.timeoutOption(Duration.seconds(seconds)),
      Effect.onInterrupt(() => letGo(false))
    )
    // Blocked on a person, or a target that reports no state at all (lich cannot say it is working).
    const detail = yield* letGo(Option.isNone(got))
    if (Option.isSome(got)) return toResult(e, got.value)
    // An outcome that landed while we were letting go was not stashed (we were attending): ours.
    const late = yield* Deferred.poll(e.outcome)
    if (Option.isSome(late)) return toResult(e, yield* late.value)
    return toResult(e, { status: "pending", answer: "", ...(detail === undefined ? {} : { detail }) })
  })

/** What every new errand starts with: not handed over, nobody holding the line, no turn seen. */
export const FRESH = { delivered: false, entered: false, sawBusy: false, skipTurns: 0, attended: 0, retyped: false, awaitingStart: false }

/** Who sent a task from another host, for the message its target reads (libs/hosts). */
export interface Origin {
  readonly host: string
  readonly label: string
}

/** How a task goes out: `open --subagent`'s hand-off is its sender's worker's one errand; a task from another host names its sender. */
export interface SendOptions {
  readonly subagent?: boolean
  readonly origin?: Origin
}

/** The errand for `p`, its ticket drawn against every ticket the state knows. */
export const open = (d: TicketDeps, p: SendPayload, prompt: string, target: Card, me: Card | undefined, o: SendOptions = {}) =>
  Effect.gen(function* () {
    const senderId = me ? me.id : ""
    const senderLabel = o.origin ? o.origin.label : me ? me.label : ""
    const targetHasTools = yield* d.tools(target.row.kind)
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* Deferred.make<Outcome>()
    return yield* d.core.apply((s) => {
      const ticket = newTicket((t) => s.errands.has(t) || s.tombs.has(t))
      const errand: Errand = {
        ticket,
        senderId,
        senderLabel,
        targetId: target.id,
        targetLabel: target.label,
        projectId: target.projectRow.id,
        project: target.project,
        via: me ? "session" : o.origin ? "host" : (p.via ?? "cli"),
        targetBranch: target.row.branch,
        prompt,
        message: relayedMessage({ senderId, senderLabel, prompt, ticket, targetHasTools, senderHost: o.origin?.host }),
        private: p.private,
        createdAt: now,
        releasedAt: now,
        ...FRESH,
        subagent: o.subagent === true,
        workerMessage: workerTask(senderLabel, prompt),
        outcome
      }
      return { _tag: "Opened", errand }
    })
  })

export const send = (d: TicketDeps, p: SendPayload, o: SendOptions = {}): Effect.Effect<RelayResult, LichError> =>
  Effect.gen(function* () {
    const prompt = yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
    const cards = yield* liveCards(d.ws, d.terminals)
    const target = yield* findLive(
      cards.filter((c) => c.id !== p.from),
      p.target,
      p.project
    )
    const me = cards.find((c) => c.id === p.from) ?? Option.getOrUndefined(yield* d.ws.caller(p.from))
    yield* d.gate.admit(target.row.projectId, target.row.kind)
    const e = yield* open(d, p, prompt, target, me, o)
    // A target still running its setup script can outlast any wait: the ticket comes back at once.
    const readiness = yield* d.terminals.readiness(target.id)
    if (readiness.settingUp) {
      yield* d.core.apply({ _tag: "Remarked", ticket: e.ticket, reason: HELD.setup })
      return toResult(e, { status: "pending", answer: "" })
    }
    return yield* attend(d, e, waitSeconds(p.timeout))
  })

export const wait = (d: TicketDeps, p: WaitPayload): Effect.Effect<RelayResult, LichError> =>
  Effect.gen(function* () {
    const ticket = p.ticket.trim().toLowerCase()
    const found = yield* d.core.apply({ _tag: "Taken", ticket })
    switch (found._tag) {
      case "entry":
        return entryResult(found.entry)
      case "open":
        return yield* attend(d, found.errand, waitSeconds(p.timeout))
      case "tomb":
        return new RelayResult({ ticket, target: found.tomb.targetLabel, status: found.tomb.status, answer: "" })
      case "none":
        return yield* new NotFound({
          what: "ticket",
          name: ticket,
          message: found.answered
            ? `ticket "${ticket}" was answered and its answer collected already`
            : `unknown ticket "${ticket}" — it was collected already, or nobody answered or waited on it within an hour`
        })
    }
  })

export const collect = (d: TicketDeps, p: CollectPayload): Effect.Effect<Collected, LichError> =>
  Effect.gen(function* () {
    if (p.from === "") {
      return yield* new Refused({
        message: "collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>"
      })
    }
    const drain = d.core.apply({ _tag: "Drained", senderId: p.from })
    // Subscribe before the first look, so a result landing in between still wakes us.
    const sub = yield* d.core.hub.subscribe
    let got = yield* drain
    const held = got.ready.length === 0 && got.open.length > 0
    if (held && !p.noWait) {
      yield* Queue.take(sub).pipe(
        Effect.repeat({ until: (ev) => ev._tag === "session-inbox" && ev.id === p.from && ev.count > 0 }),
        Effect.timeoutOption(Duration.seconds(waitSeconds(p.timeout)))
      )
      got = yield* drain
    }
    return new Collected({
      results: got.ready.map(entryResult),
      open: got.open,
      held: held || (got.ready.length === 0 && got.open.length > 0)
    })
  }).pipe(Effect.scoped)
