/**
 * The mod's routes as the listener serves them: the channel's long poll, acks and usage from
 * libs/mod, and `GET /mod/status` and `POST /mod/answer` from libs/relay, whose errands they read.
 * Assembled here so main.ts only merges them in with the other hook routes.
 */
import { MAX_ACK_BODY, type ModReply, makeModRoutes } from "@lich/mod"
import { relayModRoutes } from "@lich/relay"
import { Effect } from "effect"

/** A POST hook route answers text, never JSON: the mod reads only the status. */
const asHook = (f: (raw: string, plugin: string) => Effect.Effect<ModReply>) => (raw: string, plugin: string) =>
  Effect.map(f(raw, plugin), (r) => (typeof r.body === "string" ? { status: r.status, text: r.body } : { status: r.status }))

export const modRoutes = Effect.gen(function* () {
  const mod = yield* makeModRoutes
  const relay = yield* relayModRoutes
  return {
    get: new Map([
      ["/mod/commands", mod.commands],
      ["/mod/status", relay.status]
    ] as const),
    post: [
      ["/mod/acks", asHook(mod.acks)],
      ["/mod/usage", asHook(mod.usage)],
      ["/mod/answer", (raw: string) => relay.answer(raw)]
    ] as const,
    // 64 KiB: an ack carries a side answer and a worker's answer is up to 16 000 characters, escaped.
    postLimits: new Map([
      ["/mod/acks", MAX_ACK_BODY],
      ["/mod/answer", MAX_ACK_BODY]
    ])
  }
})
