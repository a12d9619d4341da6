/**
 * The mod's routes as the listener serves them: the channel's long poll, acks and usage from
 * libs/mod, and `GET /mod/status` from the relay, whose errands it shows. Assembled here so main.ts
 * only merges them in with the other hook routes.
 */
import { MAX_ACK_BODY, type ModReply, makeModRoutes, parseAnswer, parseSessionQuery } from "@lich/mod"
import { Relay } from "@lich/relay"
import { Terminals } from "@lich/terminal"
import { Effect, Either, Option } from "effect"

/** A POST hook route answers text, never JSON: the mod reads only the status. */
const asHook = (f: (raw: string, plugin: string) => Effect.Effect<ModReply>) => (raw: string, plugin: string) =>
  Effect.map(f(raw, plugin), (r) => (typeof r.body === "string" ? { status: r.status, text: r.body } : { status: r.status }))

export const modRoutes = Effect.gen(function* () {
  const mod = yield* makeModRoutes
  const relay = yield* Relay
  const terminals = yield* Terminals

  /** A worker's final message: answers its one open subagent errand; anything else is ignored (204). */
  const answer = (raw: string) =>
    Effect.gen(function* () {
      const a = parseAnswer(raw)
      if (Either.isLeft(a)) return { status: 400, text: a.left }
      if (!(yield* terminals.isLive(a.right.sessionId))) return { status: 404, text: "no such session is running in this lich" }
      yield* relay.modAnswer(a.right.sessionId, a.right.text)
      return { status: 204 }
    })

  const status = (query: URLSearchParams) =>
    Effect.gen(function* () {
      const id = parseSessionQuery(query)
      if (Either.isLeft(id)) return { status: 400, body: id.left }
      const view = yield* relay.modStatus(id.right)
      return Option.match(view, {
        onNone: () => ({ status: 404, body: "no such session is running in this lich" }),
        onSome: (v) => ({ status: 200, body: v as unknown })
      })
    })

  return {
    get: new Map([
      ["/mod/commands", mod.commands],
      ["/mod/status", status]
    ] as const),
    post: [
      ["/mod/acks", asHook(mod.acks)],
      ["/mod/usage", asHook(mod.usage)],
      ["/mod/answer", (raw: string) => answer(raw)]
    ] as const,
    // 64 KiB: an ack carries a side answer and a worker's answer is up to 16 000 characters, escaped.
    postLimits: new Map([
      ["/mod/acks", MAX_ACK_BODY],
      ["/mod/answer", MAX_ACK_BODY]
    ])
  }
})
