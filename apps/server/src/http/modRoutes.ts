/**
 * The mod's routes as the listener serves them: the channel's long poll, acks and usage from
 * libs/mod, and `GET /mod/status` from the relay, whose errands it shows. Assembled here so main.ts
 * only merges them in with the other hook routes.
 */
import { makeModRoutes, MAX_ACK_BODY, type ModReply, parseSessionQuery } from "@lich/mod"
import { Relay } from "@lich/relay"
import { Effect, Either, Option } from "effect"

/** A POST hook route answers text, never JSON: the mod reads only the status. */
const asHook = (f: (raw: string, plugin: string) => Effect.Effect<ModReply>) => (raw: string, plugin: string) =>
  Effect.map(f(raw, plugin), (r) => (typeof r.body === "string" ? { status: r.status, text: r.body } : { status: r.status }))

export const modRoutes = Effect.gen(function* () {
  const mod = yield* makeModRoutes
  const relay = yield* Relay

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
      ["/mod/usage", asHook(mod.usage)]
    ] as const,
    postLimits: new Map([["/mod/acks", MAX_ACK_BODY]])
  }
})
