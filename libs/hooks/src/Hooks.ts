/**
 * The hook routes' behaviour: parse a report, then apply it to the session it names.
 *
 * A report that parses but names no running session (or, for the stored ones, no card) answers 204
 * and changes nothing. A hook client is fire-and-forget — it prints nothing and cannot act on an
 * error — and such a report is normal: it raced its session's exit, or a plugin outside lich set
 * the variables. Applying it anyway would grow the state maps with ids nobody will ever clear.
 *
 * It refuses to let a report reach anything on the wire but the four events it names: the raw
 * report goes to `HookReports`, which stays inside the backend.
 */
import { turnStateOf } from "@lich/contract"
import { EventHub, HookReports } from "@lich/events"
import { provider } from "@lich/providers"
import { SessionStates } from "@lich/spawn"
import { Sessions, type StoreError } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { Context, Effect, Either, HashMap, Layer, Option, Ref, Stream } from "effect"
import {
  contracts,
  decodeJson,
  type HookPath,
  type SessionStartReport,
  type SessionStateReport,
  type SessionTitleReport,
  type SessionTouchedReport
} from "./parse.js"
import { noTurn, stepTurn, type Turn } from "./TurnLog.js"

export interface HookReply {
  readonly status: number
  readonly text?: string
}

export interface HooksShape {
  /** One POST: `raw` is the body as received, `plugin` the `X-Lich-Plugin` header ("" when absent). */
  readonly handle: (path: HookPath, raw: string, plugin?: string) => Effect.Effect<HookReply>
  /** The plugin release a session's hooks last announced; "" when none did. */
  readonly pluginVersion: (id: string) => Effect.Effect<string>
}

/** 64 characters: a semver with a build tag; more is not a version and is not kept. */
const MAX_PLUGIN_VERSION_CHARS = 64

const NO_CONTENT: HookReply = { status: 204 }

/** What the routes apply reports to: gathered once by the layer, passed to each function below. */
interface Deps {
  readonly hub: EventHub["Type"]
  readonly reports: HookReports["Type"]
  readonly states: SessionStates["Type"]
  readonly terminals: Terminals["Type"]
  readonly sessions: Sessions["Type"]
  readonly turns: Ref.Ref<HashMap.HashMap<string, Turn>>
  readonly plugins: Ref.Ref<HashMap.HashMap<string, string>>
  /** One report at a time: the turn log and the events it publishes must agree on order. */
  readonly serial: Effect.Semaphore
}

// Each apply answers whether the report named a session it could apply to.
const applyState = Effect.fn("Hooks.state")(function* (d: Deps, r: SessionStateReport) {
  if (!(yield* d.terminals.isLive(r.id))) return false
  yield* d.reports.publish(r)
  const step = yield* Ref.modify(d.turns, (m) => {
    const s = stepTurn(
      Option.getOrElse(HashMap.get(m, r.id), () => noTurn),
      r
    )
    return [s, HashMap.set(m, r.id, s.turn)] as const
  })
  if (Option.isNone(step.published)) return true
  const p = step.published.value
  // The roster and readiness speak the turn's states; compacting is the agent working mid-turn (a
  // message sent now waits for it), so both read it as busy. Windows see it as is.
  const asTurn = turnStateOf(p.state)
  yield* asTurn === "idle" ? d.states.clear(p.id) : d.states.set(p.id, asTurn)
  yield* d.terminals.reportState(p.id, asTurn)
  yield* d.hub.publish({ _tag: "session-status", id: p.id, state: p.state, tool: p.tool, detail: p.detail, reason: p.reason })
  return true
})

const applyStart = Effect.fn("Hooks.start")(function* (d: Deps, r: SessionStartReport) {
  const applied = yield* d.sessions.setProviderSessionId(r.id, r.providerSessionId)
  // A session-start promises turn reports only from a harness with an event that closes a turn: a
  // Crush or Cursor session announces itself and then says nothing of its turns.
  if (provider(r.provider).reportsTurns) yield* d.terminals.reportsTurns(r.id)
  // And the relay hears of it: a Claude Code session whose mod did not poll before this runs none.
  yield* d.reports.started(r.id)
  if (applied) yield* d.hub.publish({ _tag: "session-agent", id: r.id, agent: r.provider })
  return applied
})

// setAutoTitle applies only while the label is still automatic: a person's rename wins.
const applyTitle = Effect.fn("Hooks.title")(function* (d: Deps, r: SessionTitleReport) {
  if (yield* d.sessions.setAutoTitle(r.id, r.title)) {
    yield* d.hub.publish({ _tag: "session-title", id: r.id, label: r.title })
    return true
  }
  // A renamed card still counts as known: its plugin version is worth keeping.
  return Option.isSome(yield* d.sessions.get(r.id))
})

const applyTouched = Effect.fn("Hooks.touched")(function* (d: Deps, r: SessionTouchedReport) {
  const known = Option.isSome(yield* d.sessions.get(r.id))
  if (known) yield* d.hub.publish({ _tag: "session-touched", id: r.id })
  return known
})

const apply = (d: Deps, path: HookPath, report: unknown): Effect.Effect<boolean, StoreError> => {
  switch (path) {
    case "/hook":
      return d.serial.withPermits(1)(applyState(d, report as SessionStateReport))
    case "/session-start":
      return applyStart(d, report as SessionStartReport)
    case "/session-title":
      return applyTitle(d, report as SessionTitleReport)
    case "/session-touched":
      return applyTouched(d, report as SessionTouchedReport)
  }
}

const remember = (d: Deps, report: unknown, plugin: string) => (applied: boolean) => {
  const id = (report as { readonly id: string }).id
  const version = plugin.trim().slice(0, MAX_PLUGIN_VERSION_CHARS)
  return applied && version !== "" ? Ref.update(d.plugins, HashMap.set(id, version)) : Effect.void
}

const handle = Effect.fn("Hooks.handle")(function* (d: Deps, path: HookPath, raw: string, plugin = "") {
  const parsed = Either.flatMap(decodeJson(raw), (body) => contracts[path].parse(body) as Either.Either<unknown, string>)
  if (Either.isLeft(parsed)) return { status: 400, text: parsed.left } satisfies HookReply
  return yield* apply(d, path, parsed.right).pipe(
    Effect.flatMap(remember(d, parsed.right, plugin)),
    Effect.as(NO_CONTENT),
    Effect.catchAll((e) =>
      Effect.as(Effect.logWarning(`hook ${path} could not be applied: ${e.message}`), { status: 500, text: e.message } satisfies HookReply)
    )
  )
})

export class Hooks extends Context.Tag("lich/hooks/Hooks")<Hooks, HooksShape>() {
  static readonly layer = Layer.scoped(
    Hooks,
    Effect.gen(function* () {
      const d: Deps = {
        hub: yield* EventHub,
        reports: yield* HookReports,
        states: yield* SessionStates,
        terminals: yield* Terminals,
        sessions: yield* Sessions,
        turns: yield* Ref.make(HashMap.empty<string, Turn>()),
        plugins: yield* Ref.make(HashMap.empty<string, string>()),
        serial: yield* Effect.makeSemaphore(1)
      }
      // A process that ended starts its next life with no turn open and no plugin announced.
      yield* Effect.forkScoped(
        Stream.runForEach(d.terminals.exits, (e) =>
          Effect.zipRight(Ref.update(d.turns, HashMap.remove(e.id)), Ref.update(d.plugins, HashMap.remove(e.id)))
        )
      )
      return {
        handle: (path, raw, plugin) => handle(d, path, raw, plugin),
        pluginVersion: (id) => Effect.map(Ref.get(d.plugins), (m) => Option.getOrElse(HashMap.get(m, id), () => ""))
      } satisfies HooksShape
    })
  )
}
