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
import { EventHub, HookReports } from "@lich/events"
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

export class Hooks extends Context.Tag("lich/hooks/Hooks")<Hooks, HooksShape>() {
  static readonly layer = Layer.scoped(
    Hooks,
    Effect.gen(function* () {
      const hub = yield* EventHub
      const reports = yield* HookReports
      const states = yield* SessionStates
      const terminals = yield* Terminals
      const sessions = yield* Sessions
      const turns = yield* Ref.make(HashMap.empty<string, Turn>())
      const plugins = yield* Ref.make(HashMap.empty<string, string>())
      // One report at a time: the turn log and the events it publishes must agree on order.
      const serial = yield* Effect.makeSemaphore(1)

      // A process that ended starts its next life with no turn open and no plugin announced.
      yield* Effect.forkScoped(
        Stream.runForEach(terminals.exits, (e) =>
          Effect.zipRight(Ref.update(turns, HashMap.remove(e.id)), Ref.update(plugins, HashMap.remove(e.id)))
        )
      )

      // Each apply answers whether the report named a session it could apply to.
      const state = Effect.fn("Hooks.state")(function* (r: SessionStateReport) {
        if (!(yield* terminals.isLive(r.id))) return false
        yield* reports.publish(r)
        const step = yield* Ref.modify(turns, (m) => {
          const s = stepTurn(Option.getOrElse(HashMap.get(m, r.id), () => noTurn), r)
          return [s, HashMap.set(m, r.id, s.turn)] as const
        })
        if (Option.isNone(step.published)) return true
        const p = step.published.value
        // The roster and readiness speak the contract's states; compacting is the agent working
        // mid-turn (a message sent now waits for it), so both read it as busy. Windows see it as is.
        const asTurn = p.state === "compacting" ? "busy" : p.state
        yield* asTurn === "idle" ? states.clear(p.id) : states.set(p.id, asTurn)
        yield* terminals.reportState(p.id, asTurn)
        yield* hub.publish({ _tag: "session-status", id: p.id, state: p.state, tool: p.tool, detail: p.detail, reason: p.reason })
        return true
      })

      const start = Effect.fn("Hooks.start")(function* (r: SessionStartReport) {
        const applied = yield* sessions.setProviderSessionId(r.id, r.providerSessionId)
        if (applied) yield* hub.publish({ _tag: "session-agent", id: r.id, agent: r.provider })
        return applied
      })

      // setAutoTitle applies only while the label is still automatic: a person's rename wins.
      const title = Effect.fn("Hooks.title")(function* (r: SessionTitleReport) {
        if (yield* sessions.setAutoTitle(r.id, r.title)) {
          yield* hub.publish({ _tag: "session-title", id: r.id, label: r.title })
          return true
        }
        // A renamed card still counts as known: its plugin version is worth keeping.
        return Option.isSome(yield* sessions.get(r.id))
      })

      const touched = Effect.fn("Hooks.touched")(function* (r: SessionTouchedReport) {
        const known = Option.isSome(yield* sessions.get(r.id))
        if (known) yield* hub.publish({ _tag: "session-touched", id: r.id })
        return known
      })

      const apply = (path: HookPath, report: unknown): Effect.Effect<boolean, StoreError> => {
        switch (path) {
          case "/hook":
            return serial.withPermits(1)(state(report as SessionStateReport))
          case "/session-start":
            return start(report as SessionStartReport)
          case "/session-title":
            return title(report as SessionTitleReport)
          case "/session-touched":
            return touched(report as SessionTouchedReport)
        }
      }

      const remember = (report: unknown, plugin: string) => (applied: boolean) => {
        const id = (report as { readonly id: string }).id
        const version = plugin.trim().slice(0, MAX_PLUGIN_VERSION_CHARS)
        return applied && version !== "" ? Ref.update(plugins, HashMap.set(id, version)) : Effect.void
      }

      const handle = Effect.fn("Hooks.handle")(function* (path: HookPath, raw: string, plugin = "") {
        const parsed = Either.flatMap(decodeJson(raw), (body) => contracts[path].parse(body) as Either.Either<unknown, string>)
        if (Either.isLeft(parsed)) return { status: 400, text: parsed.left } satisfies HookReply
        return yield* apply(path, parsed.right).pipe(
          Effect.flatMap(remember(parsed.right, plugin)),
          Effect.as(NO_CONTENT),
          Effect.catchAll((e) =>
            Effect.as(Effect.logWarning(`hook ${path} could not be applied: ${e.message}`), { status: 500, text: e.message } satisfies HookReply)
          )
        )
      })

      return {
        handle,
        pluginVersion: (id) => Effect.map(Ref.get(plugins), (m) => Option.getOrElse(HashMap.get(m, id), () => ""))
      } satisfies HooksShape
    })
  )
}
