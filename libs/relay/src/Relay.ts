/**
 * The relay: one session hands another a task and the answer comes back through a ticket. Its state
 * lives in one actor (core.ts) and changes only through pure transitions (transitions.ts); this
 * module gathers the parts, drains the acts the actor hands out (hand-offs, nudges, notes, parking a
 * worker), feeds it hook reports (reports.ts), exits and the hourly sweep, and serves the contract's
 * `relay.` group: each procedure's handler takes the payload the server decoded.
 * Outcomes: answered; pending (the wait ran out, the errand stays open); unread, undelivered,
 * unanswered, stopped, expired.
 */
import {
  type AskPayload,
  type CollectPayload,
  type ControlPayload,
  ENDED,
  type ErrandsPayload,
  type FocusPayload,
  type InsertPayload,
  RelayRpcs,
  type ReplyPayload,
  type SendPayload,
  type SubagentPayload,
  type WaitPayload
} from "@lich/contract"
import { SpendGate } from "@lich/cost"
import { PluginInstalls } from "@lich/integrations"
import { ModChannel } from "@lich/mod"
import { CloseNotice, ServerConfig, Workspace } from "@lich/spawn"
import { Projects } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Duration, Effect, Layer, Queue, Schedule, type Scope, Stream } from "effect"
import { CrossHostLayer } from "./CrossHost.js"
import { ask, control } from "./control.js"
import { type Core, RelayCore, type Work } from "./core.js"
import { carryOut, type DeliveryDeps, typeAt } from "./deliver.js"
import { ErrandLog } from "./errandLog.js"
import { listErrands } from "./errands.js"
import { makeExtras } from "./extras.js"
import { ErrandJournal } from "./journal.js"
import { hasTools, kindOf } from "./kinds.js"
import { flushNudge, type NoteDeps, note } from "./nudge.js"
import { reply } from "./reply.js"
import { makeReportFeed, type ReportFeed } from "./reports.js"
import { SWEEP_EVERY_MS } from "./state.js"
import { openSubagent, park, type SubagentDeps } from "./subagent.js"
import { collect, send, wait } from "./tickets.js"
import { makeModDelivery, modGraceMs } from "./viaMod.js"
import { WindowOpener } from "./WindowOpener.js"

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
  const gate = yield* SpendGate
  const tickets = { core, ws, terminals, tools, gate }
  const subagents: SubagentDeps = { ws, terminals, core, gate, send: (q) => send(tickets, q, { subagent: true }) }
  const delivery: DeliveryDeps = { core, terminals, viaMod, catchUp: reports.catchUp }
  const notes: NoteDeps = { core, terminals, hasTools: (id) => hasTools(ws, tools, id), viaMod }
  return { core, scope, ws, terminals, channel, viaMod, tickets, subagents, reports, delivery, notes }
})

const handlers = Effect.gen(function* () {
  const p = yield* parts
  const { core, ws, terminals, tickets } = p
  const extras = yield* makeExtras({ ws, projects: yield* Projects, terminals, core, window: yield* WindowOpener })
  const controls = { ws, terminals, channel: p.channel, modPolls: p.viaMod.modPolls }
  const log = yield* ErrandLog
  yield* run(p)
  yield* reconcile(core, terminals)
  return RelayRpcs.of({
    "relay.Send": Effect.fn("relay.Send")((q: SendPayload) => send(tickets, q)),
    "relay.Wait": Effect.fn("relay.Wait")((q: WaitPayload) => wait(tickets, q)),
    "relay.Collect": Effect.fn("relay.Collect")((q: CollectPayload) => collect(tickets, q)),
    "relay.Reply": Effect.fn("relay.Reply")((q: ReplyPayload) => reply(core, q)),
    "relay.Insert": Effect.fn("relay.Insert")((q: InsertPayload) => extras.insert(q)),
    "relay.Focus": Effect.fn("relay.Focus")((q: FocusPayload) => extras.focus(q)),
    "relay.Control": Effect.fn("relay.Control")((q: ControlPayload) => control(controls, q)),
    "relay.Ask": Effect.fn("relay.Ask")((q: AskPayload) => ask(controls, q)),
    "relay.Subagent": Effect.fn("relay.Subagent")((q: SubagentPayload) => openSubagent(p.subagents, q)),
    "relay.Errands": Effect.fn("relay.Errands")((q: ErrandsPayload) => listErrands(ws, log, q))
  })
})

/** `spawn.Close` tells the relay who closes a session before the workspace closes it (steps/turns.ts). */
const closeNotice = Layer.effect(
  CloseNotice,
  Effect.map(RelayCore, (core) => CloseNotice.of({ closing: (targetId, from) => core.apply({ _tag: "Closing", targetId, from }) }))
)

/**
 * The relay's procedures over its actor, its errands kept on disk through the store's journal. The
 * actor stays in context (provideMerge) for the mod's routes (modRoutes.ts), which read the same errands.
 */
export const RelayLayer = Layer.mergeAll(RelayRpcs.toLayer(handlers), closeNotice, CrossHostLayer).pipe(
  Layer.provideMerge(RelayCore.layer),
  Layer.provideMerge(ErrandLog.layer),
  Layer.provide(ErrandJournal.layer)
)
