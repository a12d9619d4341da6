/**
 * The mod's HTTP routes that belong to the channel itself: the long poll, the acks and the usage
 * reports. `GET /mod/status` reads the relay and is served by it. Each handler answers the way every
 * hook route does — 204 applied, 400 with a one-line reason, 404 for a session lich is not running
 * (the mod stops that loop for good), 500 only for a failure to apply what was accepted.
 */
import type { LichEvent, ModUsageReport, PlanWindow } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { Effect, Either, Option } from "effect"
import { ModChannel } from "./ModChannel.js"
import { parseAck, parseSessionQuery, parseUsage } from "./parse.js"
import { checkPlugin } from "./plugin.js"

export interface ModReply {
  readonly status: number
  readonly body?: unknown
}

/** 64 KiB: an ack carries a side answer (16 000 characters, escaped); everything else stays at 4 KiB. */
export const MAX_ACK_BODY = 64 * 1024

const bad = (reason: string): ModReply => ({ status: 400, body: reason })
const NO_CONTENT: ModReply = { status: 204 }
const GONE: ModReply = { status: 404, body: "no such session is running in this lich" }

/** A window's reset as ms: Claude Code says an ISO time or epoch seconds; 0 when it said neither. */
const resetMs = (at: string | number | undefined): number => {
  if (typeof at === "number") return Number.isFinite(at) && at > 0 ? at * 1000 : 0
  const ms = at === undefined ? Number.NaN : Date.parse(at)
  return Number.isFinite(ms) && ms > 0 ? ms : 0
}

/** The mod's rate limits in the contract's shape; a window past its cap reads 100 (used up). */
const windowsOf = (r: ModUsageReport): ReadonlyArray<PlanWindow> =>
  r.rate_limits
    .filter((l) => l.kind !== "")
    .map((l) => ({
      kind: l.kind.slice(0, 64),
      percentUsed: Math.min(l.percent_used, 100),
      resetsAt: resetMs(l.resets_at),
      windowMinutes: 0
    }))

/** A usage report as the hub's event: the figures the mod sent, and none it did not. */
const usageEvent = (r: ModUsageReport): LichEvent => ({
  _tag: "session-usage",
  id: r.session_id,
  conversationId: r.conversation_id,
  window: r.context.window,
  ...(r.context.tokens === undefined ? {} : { tokens: r.context.tokens }),
  ...(r.context.percent === undefined ? {} : { percent: r.context.percent }),
  ...(r.cost_usd === undefined ? {} : { costUsd: r.cost_usd }),
  ...(r.rate_limits.length === 0 ? {} : { rateLimits: windowsOf(r) })
})

/** The one "interrupted" lich publishes from outside the PTY: an abort the mod says stopped a turn. */
const interrupted = (sessionId: string): LichEvent => ({
  _tag: "session-status",
  id: sessionId,
  state: "interrupted",
  tool: "",
  detail: "",
  reason: ""
})

export const makeModRoutes = Effect.gen(function* () {
  const channel = yield* ModChannel
  const hub = yield* EventHub
  const terminals = yield* Terminals
  const warned = new Set<string>()

  /** Says once per session when its plugin is a release lich does not speak; still serves it. */
  const note = (sessionId: string, plugin: string) =>
    Effect.suspend(() => {
      const problem = checkPlugin(plugin)
      if (problem === undefined || warned.has(`${sessionId} ${plugin}`)) return Effect.void
      warned.add(`${sessionId} ${plugin}`)
      return Effect.logWarning(`session ${sessionId}: ${problem}`)
    })

  const commands = Effect.fn("ModRoutes.commands")(function* (query: URLSearchParams, plugin: string) {
    const id = parseSessionQuery(query)
    if (Either.isLeft(id)) return bad(id.left)
    yield* note(id.right, plugin)
    const got = yield* channel.poll(id.right, plugin)
    return Option.match(got, { onNone: () => GONE, onSome: (list): ModReply => ({ status: 200, body: list }) })
  })

  const acks = Effect.fn("ModRoutes.acks")(function* (raw: string, plugin: string) {
    const parsed = parseAck(raw)
    if (Either.isLeft(parsed)) return bad(parsed.left)
    const a = parsed.right
    yield* note(a.sessionId, plugin)
    const taken = yield* channel.ack(a.sessionId, { id: a.commandId, kind: a.kind, ok: a.ok, error: a.error, answer: a.answer })
    if (taken && a.kind === "abort" && a.ok) yield* hub.publish(interrupted(a.sessionId))
    return NO_CONTENT
  })

  const usage = Effect.fn("ModRoutes.usage")(function* (raw: string, plugin: string) {
    const u = parseUsage(raw)
    if (Either.isLeft(u)) return bad(u.left)
    if (!(yield* terminals.isLive(u.right.session_id))) return GONE
    yield* note(u.right.session_id, plugin)
    yield* hub.publish(usageEvent(u.right))
    return NO_CONTENT
  })

  return { commands, acks, usage }
})
