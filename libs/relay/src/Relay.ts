/**
 * The relay: one session hands another a task and the answer comes back through a ticket. This is
 * the relay's actor — one state behind one lock (state.ts), with a delivery fiber per errand, a nudge
 * timer per sender and a sweeper, all supervised by the relay's scope. Outcomes: answered; pending
 * (the wait ran out, the errand stays open); unread, undelivered, unanswered, stopped, expired.
 */
import {
  Collected,
  NotFound,
  Refused,
  ENDED,
  RelayResult,
  Replied,
  UNREPORTED,
  type LichError
} from "@lich/contract"
import { HookReports } from "@lich/events"
import { provider, isProviderId } from "@lich/providers"
import { ModChannel } from "@lich/mod"
import { ServerConfig, Workspace } from "@lich/spawn"
import { Projects } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Clock, Context, Deferred, Duration, Effect, Either, Layer, Option, Queue, Schedule, Stream } from "effect"
import { makeCore } from "./core.js"
import { makeDelivery } from "./deliver.js"
import { makeObserver } from "./observe.js"
import { cleanAnswer, cleanPrompt, newTicket, waitSeconds } from "./sanitize.js"
import { openErrandsAt, openErrandsFrom, type InboxEntry, type Outcome, publicEntries, stash, SWEEP_EVERY_MS, takeEntry, TICKET_TTL_MS, type Errand } from "./state.js"
import { findLive, liveCards } from "./targets.js"
import { relayedMessage, workerTask } from "./text.js"
import { makeExtras } from "./extras.js"
import { makeReply } from "./reply.js"
import { ErrandJournal } from "./journal.js"
import { makeControl } from "./control.js"
import { modStatus } from "./modStatus.js"
import { makeModDelivery, modGraceMs } from "./viaMod.js"
import { makeSubagents, type SubagentInput } from "./subagent.js"
import { resolveTarget, type ClosePayload } from "@lich/spawn"

export interface SendInput {
  readonly from: string
  readonly target: string
  readonly project: string
  readonly prompt: string
  readonly timeout: number
  readonly private: boolean
  /** `open --subagent`'s hand-off: the target is the sender's worker. */
  readonly subagent?: boolean
}

const entryResult = (x: InboxEntry) =>
  new RelayResult({ ticket: x.ticket, target: x.target, status: x.status, answer: x.answer, ...(x.detail === undefined ? {} : { detail: x.detail }) })

export type RelayShape = Effect.Effect.Success<typeof make>

export class Relay extends Context.Tag("lich/relay/Relay")<Relay, RelayShape>() {}

const toResult = (e: { ticket: string; targetLabel: string }, o: Outcome) =>
  new RelayResult({ ticket: e.ticket, target: e.targetLabel, status: o.status, answer: o.answer, ...(o.detail === undefined ? {} : { detail: o.detail }) })

const make = Effect.gen(function* () {
  const ws = yield* Workspace
  const terminals = yield* Terminals
  const reports = yield* HookReports
  const scope = yield* Effect.scope
  const core = yield* makeCore
  const { locked, close } = core

  const kindOf = (id: string) =>
    Effect.map(Effect.orElseSucceed(ws.cards(), () => []), (cs) => cs.find((c) => c.id === id)?.row.kind ?? "")
  const hasTools = (id: string) =>
    Effect.map(kindOf(id), (k) => isProviderId(k) && provider(k).hasToolsAlways)
  const channel = yield* ModChannel
  const config = yield* ServerConfig
  const viaMod = makeModDelivery({ core, channel, terminals, hub: core.hub, kindOf, pluginLaid: config.claudePlugin !== undefined, graceMs: modGraceMs(config.env) })
  const delivery = yield* makeDelivery(core, scope, hasTools, viaMod)
  core.setDeps({ onStashed: delivery.armNudge })

  /** Holds the line on `e` for `seconds`; the last waiter to let go leaves the rest to the inbox. */
  const attend = (e: Errand, seconds: number) =>
    Effect.gen(function* () {
      yield* locked(() => {
        e.attended++
      })
      const got = yield* Deferred.await(e.outcome).pipe(Effect.timeoutOption(Duration.seconds(seconds)), Effect.onInterrupt(() => locked(() => { e.attended-- })))
      yield* locked((_, now) => {
        e.attended--
        if (Option.isNone(got) && !e.closed) e.releasedAt = now
      })
      if (Option.isSome(got)) return toResult(e, got.value)
      // An outcome that landed while we were letting go was not stashed (we were attending): ours.
      const late = yield* Deferred.poll(e.outcome)
      if (Option.isSome(late)) return toResult(e, yield* late.value)
      // Blocked on a person: say so, with the reason its hook gave, rather than "still working".
      // Blocked on a person, or a target that reports no state at all (lich cannot say it is working).
      const detail = yield* locked((s) => s.waiting.get(e.targetId) ?? (s.reporting.has(e.targetId) ? undefined : UNREPORTED))
      return toResult(e, { status: "pending", answer: "", ...(detail === undefined ? {} : { detail }) })
    })

  const send = (p: SendInput) =>
    Effect.gen(function* () {
      const prompt = yield* Either.match(cleanPrompt(p.prompt), { onLeft: Effect.fail, onRight: Effect.succeed })
      const cards = yield* liveCards(ws, terminals)
      const target = yield* findLive(cards.filter((c) => c.id !== p.from), p.target, p.project)
      const me = cards.find((c) => c.id === p.from) ?? Option.getOrUndefined(yield* ws.caller(p.from))
      const senderId = me ? me.id : ""
      const targetHasTools = isProviderId(target.row.kind) && provider(target.row.kind).hasToolsAlways
      const now = yield* Clock.currentTimeMillis
      const outcome = yield* Deferred.make<Outcome>()
      const e = yield* locked((s) => {
        const ticket = newTicket((t) => s.errands.has(t) || s.tombs.has(t))
        const errand: Errand = {
          ticket,
          senderId,
          senderLabel: me ? me.label : "",
          targetId: target.id,
          targetLabel: target.label,
          targetBranch: target.row.branch,
          prompt,
          message: relayedMessage({ senderId, senderLabel: me ? me.label : "", prompt, ticket, targetHasTools }),
          private: p.private,
          createdAt: now,
          releasedAt: now,
          delivered: false,
          entered: false,
          sawBusy: false,
          skipTurns: 0,
          attended: 0,
          retyped: false,
          awaitingStart: false,
          subagent: p.subagent === true,
          workerMessage: workerTask(me ? me.label : "", prompt),
          closed: false,
          outcome
        }
        s.errands.set(ticket, errand)
        return errand
      })
      yield* Effect.forkIn(delivery.deliver(e), scope)
      // A target still running its setup script can outlast any wait: the ticket comes back at once.
      const readiness = yield* terminals.readiness(target.id)
      if (readiness.settingUp) return toResult(e, { status: "pending", answer: "" })
      return yield* attend(e, waitSeconds(p.timeout))
    })

  const wait = (p: { from: string; ticket: string; timeout: number }) =>
    Effect.gen(function* () {
      const ticket = p.ticket.trim().toLowerCase()
      const found = yield* locked((s) => {
        const entry = takeEntry(s, ticket)
        if (entry) return { _tag: "entry" as const, entry, count: publicEntries(s, entry.senderId).length }
        const e = s.errands.get(ticket)
        if (e && !e.closed) return { _tag: "open" as const, e }
        const tomb = s.tombs.get(ticket)
        if (tomb && tomb.status !== "answered") return { _tag: "tomb" as const, tomb }
        return { _tag: "none" as const, answered: tomb !== undefined }
      })
      switch (found._tag) {
        case "entry":
          if (!found.entry.private && found.entry.senderId !== "") {
            yield* core.hub.publish({ _tag: "session-inbox", id: found.entry.senderId, count: found.count })
          }
          return entryResult(found.entry)
        case "open":
          return yield* attend(found.e, waitSeconds(p.timeout))
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

  const collect = (p: { from: string; timeout: number; noWait: boolean }) =>
    Effect.gen(function* () {
      if (p.from === "") {
        return yield* new Refused({
          message: "collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>"
        })
      }
      const drain = locked((s) => {
        const mine = s.inbox.get(p.from) ?? []
        const ready = mine.filter((x) => !x.private)
        const rest = mine.filter((x) => x.private)
        if (rest.length > 0) s.inbox.set(p.from, rest)
        else s.inbox.delete(p.from)
        const open = [...new Set(openErrandsFrom(s, p.from).filter((e) => !e.private).map((e) => e.targetLabel))].sort()
        return { ready, open }
      })
      // Subscribe before the first look, so a result landing in between still wakes us.
      const sub = yield* core.hub.subscribe
      let got = yield* drain
      let held = false
      if (got.ready.length === 0 && got.open.length > 0 && !p.noWait) {
        held = true
        yield* Queue.take(sub).pipe(
          Effect.repeat({ until: (ev) => ev._tag === "session-inbox" && ev.id === p.from && ev.count > 0 }),
          Effect.timeoutOption(Duration.seconds(waitSeconds(p.timeout)))
        )
        got = yield* drain
      }
      if (got.ready.length > 0) yield* core.hub.publish({ _tag: "session-inbox", id: p.from, count: 0 })
      return new Collected({
        results: got.ready.map(entryResult),
        open: got.open,
        held: held || (got.ready.length === 0 && got.open.length > 0)
      })
    }).pipe(Effect.scoped)

  const extras = yield* makeExtras({ ws, projects: yield* Projects, terminals, core })

  const reply = makeReply(core, delivery.armNudge)

  // Hook reports drive turn bookkeeping; a sweeper drops what outlived its hour.
  const subagents = makeSubagents({ ws, terminals, core, send: (p) => send(p), tell: delivery.note })
  const observer = makeObserver(core, {
    ...delivery,
    workerTurnEnded: subagents.turnEnded,
    workerWaiting: subagents.waiting,
    workerWorking: subagents.working
  })
  const subscription = yield* reports.subscribe
  yield* Effect.forkIn(Effect.forever(Effect.flatMap(Queue.take(subscription), observer.observe)), scope)
  yield* Effect.forkIn(Stream.runForEach(terminals.exits, (x) => Effect.zipRight(viaMod.forget(x.id), observer.ended(x.id))), scope)
  const control = yield* makeControl({ ws, terminals, modPolls: viaMod.modPolls })
  const sweep = Effect.gen(function* () {
    const expired = yield* locked((s, now) => {
      for (const [t, tomb] of s.tombs) if (now >= tomb.until) s.tombs.delete(t)
      for (const [sender, entries] of s.inbox) {
        const keep = entries.filter((x) => now - x.readyAt < TICKET_TTL_MS)
        if (keep.length === 0) s.inbox.delete(sender)
        else s.inbox.set(sender, keep)
      }
      // A worker's errand never expires while the worker runs: its own exit ends it.
      return [...s.errands.values()].filter((e) => !e.closed && !e.subagent && e.attended === 0 && now - e.releasedAt >= TICKET_TTL_MS)
    })
    // Expiry is silent: nothing is announced, so it never lands in an inbox either.
    for (const e of expired) yield* close(e, { status: "expired", answer: "" }, { silent: true })
  })
  yield* Effect.forkIn(Effect.repeat(sweep, Schedule.spaced(Duration.millis(SWEEP_EVERY_MS))), scope)

  /**
   * The errands the last backend left open, met with the sessions this one re-attached: one whose
   * target is gone ended with it; one never handed over goes out again; one its target's mod took is
   * taken as started (the ack died with the last backend). The rest wait for their answer as before.
   */
  for (const ticket of core.restoredTickets) {
    const e = yield* locked((s) => s.errands.get(ticket))
    if (!e || e.closed) continue
    if (!(yield* terminals.isLive(e.targetId))) {
      yield* close(e, e.subagent ? { status: "stopped", answer: "" } : { status: e.sawBusy ? "stopped" : "undelivered", answer: "", detail: ENDED })
      continue
    }
    const resend = yield* locked(() => {
      if (e.awaitingStart) {
        e.awaitingStart = false
        e.sawBusy = true
      }
      return !e.delivered
    })
    if (resend) yield* Effect.forkIn(delivery.deliver(e), scope)
  }

  return {
    send: (p: SendInput): Effect.Effect<RelayResult, LichError> => send(p),
    wait: (p: { from: string; ticket: string; timeout: number }): Effect.Effect<RelayResult, LichError> => wait(p),
    collect: (p: { from: string; timeout: number; noWait: boolean }): Effect.Effect<Collected, LichError> => collect(p),
    reply: (p: { from: string; ticket: string; answer: string }): Effect.Effect<Replied, LichError> => reply(p),
    insert: extras.insert,
    focus: extras.focus,
    control: control.control,
    subagent: (p: SubagentInput) => subagents.open(p),
    /** `POST /mod/answer`: true when it answered the worker's errand. */
    modAnswer: subagents.answer,
    /** `lich close`, remembering who closed: a caller closing its own worker ends its errand in silence. */
    close: (p: ClosePayload) =>
      Effect.gen(function* () {
        const r = resolveTarget(yield* ws.cards(), p.target, p.project, "session")
        if (r._tag === "found") yield* subagents.closing(p.from, r.candidate.id)
        return yield* ws.close(p)
      }),
    ask: control.ask,
    /** The read-only view the mod's footer line draws; None for a session with no process. */
    modStatus: (sessionId: string) =>
      Effect.flatMap(terminals.isLive(sessionId), (live) => (live ? Effect.map(modStatus(core, sessionId), Option.some) : Effect.succeed(Option.none())))
  }
})

/** The relay, its errands kept on disk through the store's journal. */
export const RelayLayer = Layer.scoped(Relay, make).pipe(Layer.provide(ErrandJournal.layer))
