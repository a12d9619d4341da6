/**
 * The relay: one session hands another a task and the answer comes back through a ticket. Its state
 * lives in one actor (core.ts) and changes only through pure transitions (transitions.ts); this
 * module gathers the parts, drains the acts the actor hands out (hand-offs, nudges, notes, parking a
 * worker), feeds it hook reports (reports.ts), exits and the hourly sweep, and declares the service.
 * Outcomes: answered; pending (the wait ran out, the errand stays open); unread, undelivered,
 * unanswered, stopped, expired.
 */
import type {
  AskResult,
  Closed,
  Collected,
  CollectPayload,
  ControlResult,
  Focused,
  FocusPayload,
  Inserted,
  InsertPayload,
  LichError,
  ModStatus,
  RelayResult,
  Replied,
  ReplyPayload,
  SendPayload,
  SubagentOpened,
  WaitPayload
} from "@lich/contract"
import { ENDED } from "@lich/contract"
import { PluginInstalls } from "@lich/integrations"
import { ModChannel } from "@lich/mod"
import { type ClosePayload, resolveTarget, ServerConfig, Workspace } from "@lich/spawn"
import { Projects } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Context, Duration, Effect, Layer, Option, Queue, Schedule, type Scope, Stream } from "effect"
import { CrossHostLayer } from "./CrossHost.js"
import { type AskInput, ask, type ControlInput, control } from "./control.js"
import { type Core, RelayCore, type Work } from "./core.js"
import { carryOut, type DeliveryDeps, typeAt } from "./deliver.js"
import { makeExtras } from "./extras.js"
import { ErrandJournal } from "./journal.js"
import { hasTools, kindOf } from "./kinds.js"
import { modStatus } from "./modStatus.js"
import { flushNudge, type NoteDeps, note } from "./nudge.js"
import { reply } from "./reply.js"
import { makeReportFeed, type ReportFeed } from "./reports.js"
import { SWEEP_EVERY_MS } from "./state.js"
import { openSubagent, park, type SubagentDeps, type SubagentInput, workerAnswer } from "./subagent.js"
import { collect, send, wait } from "./tickets.js"
import { makeModDelivery, modGraceMs } from "./viaMod.js"

export type { AskInput, ControlInput } from "./control.js"
export type { ReplyInput } from "./reply.js"
export type { SubagentInput } from "./subagent.js"
export type { CollectInput, SendInput, WaitInput } from "./tickets.js"

/** What the relay offers the RPC handlers and the mod's routes: each takes the payload the server decoded. */
export interface RelayShape {
  readonly send: (p: SendPayload) => Effect.Effect<RelayResult, LichError>
  readonly wait: (p: WaitPayload) => Effect.Effect<RelayResult, LichError>
  readonly collect: (p: CollectPayload) => Effect.Effect<Collected, LichError>
  readonly reply: (p: ReplyPayload) => Effect.Effect<Replied, LichError>
  readonly insert: (p: InsertPayload) => Effect.Effect<Inserted, LichError>
  readonly focus: (p: FocusPayload) => Effect.Effect<Focused, LichError>
  readonly control: (p: ControlInput) => Effect.Effect<ControlResult, LichError>
  readonly ask: (p: AskInput) => Effect.Effect<AskResult, LichError>
  readonly subagent: (p: SubagentInput) => Effect.Effect<SubagentOpened, LichError>
  /** `POST /mod/answer`: true when it answered the worker's errand. */
  readonly modAnswer: (sessionId: string, text: string) => Effect.Effect<boolean>
  /** `lich close`, remembering who closed: a caller closing its own worker ends its errand in silence. */
  readonly close: (p: ClosePayload) => Effect.Effect<Closed, LichError>
  /** The read-only view the mod's footer line draws; None for a session with no process. */
  readonly modStatus: (sessionId: string) => Effect.Effect<Option.Option<ModStatus>>
}

export class Relay extends Context.Tag("lich/relay/Relay")<Relay, RelayShape>() {}

interface Parts {
  readonly core: Core
  readonly reports: ReportFeed
  readonly scope: Scope.Scope
  readonly delivery: DeliveryDeps
  readonly notes: NoteDeps
  readonly subagents: SubagentDeps
}

/** What an act the actor handed out does; each runs in a fiber of its own, under the relay's scope. */
const perform = (p: Parts, w: Work): Effect.Effect<unknown> => {
  switch (w._tag) {
    case "io":
      return carryOut(p.delivery, w)
    case "flushNudge":
      return w.afterMs > 0 ? Effect.delay(flushNudge(p.notes, w.senderId), Duration.millis(w.afterMs)) : flushNudge(p.notes, w.senderId)
    case "type":
      return Effect.ignore(typeAt(p.delivery, w.id, w.text))
    case "tell":
      return note(p.notes, w.id, w.text)
    case "park":
      return park(p.subagents, w.id)
  }
}

/** The relay's fibers: the acts, hook reports driving turn bookkeeping, exits, and the sweeper. */
const run = (p: Parts) =>
  Effect.gen(function* () {
    const { core, scope } = p
    const terminals = yield* Terminals
    yield* Effect.forkIn(Effect.forever(Effect.flatMap(Queue.take(core.work), (w) => Effect.forkIn(perform(p, w), scope))), scope)
    yield* Effect.forkIn(p.reports.run, scope)
    yield* Effect.forkIn(
      Stream.runForEach(terminals.exits, (x) => core.apply({ _tag: "Ended", id: x.id })),
      scope
    )
    yield* Effect.forkIn(Effect.repeat(core.apply({ _tag: "Swept" }), Schedule.spaced(Duration.millis(SWEEP_EVERY_MS))), scope)
  })

/**
 * The errands the last backend left open, met with the sessions this one re-attached: one whose
 * target is gone ended with it; one never handed over goes out again; one its target's mod took is
 * taken as started (the ack died with the last backend). The rest wait for their answer as before.
 */
const reconcile = (core: Core, terminals: Terminals["Type"]) =>
  Effect.forEach(
    core.restoredTickets,
    (ticket) =>
      Effect.gen(function* () {
        const e = yield* core.read((s) => s.errands.get(ticket))
        // Another host's session: the hosts lib follows it there again (CrossHost.following).
        if (e === undefined || e.far !== undefined) return
        if (yield* terminals.isLive(e.targetId)) return yield* core.apply({ _tag: "Resumed", ticket })
        const outcome = e.subagent
          ? { status: "stopped" as const, answer: "" }
          : { status: e.sawBusy ? ("stopped" as const) : ("undelivered" as const), answer: "", detail: ENDED }
        yield* core.apply({ _tag: "Closed", ticket, outcome })
      }),
    { discard: true }
  )

const parts = Effect.gen(function* () {
  const ws = yield* Workspace
  const terminals = yield* Terminals
  const core = yield* RelayCore
  const config = yield* ServerConfig
  const scope = yield* Effect.scope
  const channel = yield* ModChannel
  const pluginLaid = config.claudePlugin !== undefined
  const tools = (yield* PluginInstalls).hasTools
  const viaMod = makeModDelivery({ core, channel, terminals, kindOf: (id) => kindOf(ws, id), pluginLaid, graceMs: modGraceMs(config.env) })
  const reports = yield* makeReportFeed(core, { polled: channel.attached, live: terminals.isLive })
  const tickets = { core, ws, terminals, tools }
  const subagents: SubagentDeps = { ws, terminals, core, send: (p) => send(tickets, p) }
  const delivery: DeliveryDeps = { core, terminals, viaMod, catchUp: reports.catchUp }
  const notes: NoteDeps = { core, terminals, hasTools: (id) => hasTools(ws, tools, id), viaMod }
  return { core, scope, ws, terminals, channel, viaMod, tickets, subagents, reports, delivery, notes }
})

const make = Effect.gen(function* () {
  const p = yield* parts
  const { core, ws, terminals, tickets } = p
  const extras = yield* makeExtras({ ws, projects: yield* Projects, terminals, core })
  const controls = { ws, terminals, channel: p.channel, modPolls: p.viaMod.modPolls }
  yield* run(p)
  yield* reconcile(core, terminals)
  return Relay.of({
    send: Effect.fn("Relay.send")((q: SendPayload) => send(tickets, q)),
    wait: Effect.fn("Relay.wait")((q: WaitPayload) => wait(tickets, q)),
    collect: Effect.fn("Relay.collect")((q: CollectPayload) => collect(tickets, q)),
    reply: Effect.fn("Relay.reply")((q: ReplyPayload) => reply(core, q)),
    insert: Effect.fn("Relay.insert")((q: InsertPayload) => extras.insert(q)),
    focus: Effect.fn("Relay.focus")((q: FocusPayload) => extras.focus(q)),
    control: Effect.fn("Relay.control")((q: ControlInput) => control(controls, q)),
    ask: Effect.fn("Relay.ask")((q: AskInput) => ask(controls, q)),
    subagent: Effect.fn("Relay.subagent")((q: SubagentInput) => openSubagent(p.subagents, q)),
    modAnswer: Effect.fn("Relay.modAnswer")((id: string, text: string) => workerAnswer(core, id, text)),
    close: Effect.fn("Relay.close")(function* (q: ClosePayload) {
      const r = resolveTarget(yield* ws.cards(), q.target, q.project, "session")
      if (r._tag === "found") yield* core.apply({ _tag: "Closing", targetId: r.candidate.id, from: q.from })
      return yield* ws.close(q)
    }),
    modStatus: Effect.fn("Relay.modStatus")(function* (id: string) {
      return (yield* terminals.isLive(id)) ? Option.some(yield* modStatus(core, id)) : Option.none()
    })
  })
})

/** The relay over its actor, its errands kept on disk through the store's journal. */
export const RelayLayer = Layer.merge(Layer.scoped(Relay, make), CrossHostLayer).pipe(
  Layer.provideMerge(RelayCore.layer),
  Layer.provide(ErrandJournal.layer)
)
