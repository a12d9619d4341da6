/**
 * The mod's HTTP routes that belong to the channel itself: the long poll, the acks and the usage
 * reports. `GET /mod/status` reads the relay and is served by it. Each handler answers the way every
 * hook route does — 204 applied, 400 with a one-line reason, 404 for a session lich is not running
 * (the mod stops that loop for good), 500 only for a failure to apply what was accepted.
 */
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

  const commands = (query: URLSearchParams, plugin: string) =>
    Effect.gen(function* () {
      const id = parseSessionQuery(query)
      if (Either.isLeft(id)) return bad(id.left)
      yield* note(id.right, plugin)
      const got = yield* channel.poll(id.right, plugin)
      return Option.match(got, { onNone: () => GONE, onSome: (list): ModReply => ({ status: 200, body: list }) })
    })

  const acks = (raw: string, plugin: string) =>
    Effect.gen(function* () {
      const a = parseAck(raw)
      if (Either.isLeft(a)) return bad(a.left)
      yield* note(a.right.sessionId, plugin)
      const taken = yield* channel.ack(a.right.sessionId, {
        id: a.right.commandId,
        kind: a.right.kind,
        ok: a.right.ok,
        error: a.right.error,
        answer: a.right.answer
      })
      // An abort that stopped a turn is the one "interrupted" lich publishes from outside the PTY.
      if (taken && a.right.kind === "abort" && a.right.ok) {
        yield* hub.publish({ _tag: "session-status", id: a.right.sessionId, state: "interrupted", tool: "", detail: "", reason: "" })
      }
      return NO_CONTENT
    })

  const usage = (raw: string, plugin: string) =>
    Effect.gen(function* () {
      const u = parseUsage(raw)
      if (Either.isLeft(u)) return bad(u.left)
      const r = u.right
      if (!(yield* terminals.isLive(r.session_id))) return GONE
      yield* note(r.session_id, plugin)
      yield* hub.publish({
        _tag: "session-usage",
        id: r.session_id,
        conversationId: r.conversation_id,
        window: r.context.window,
        ...(r.context.tokens === undefined ? {} : { tokens: r.context.tokens }),
        ...(r.context.percent === undefined ? {} : { percent: r.context.percent }),
        ...(r.cost_usd === undefined ? {} : { costUsd: r.cost_usd })
      })
      return NO_CONTENT
    })

  return { commands, acks, usage }
})
