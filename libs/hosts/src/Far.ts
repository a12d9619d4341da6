/**
 * Calling a lich on another host through its forward: one POST per call on the loopback client
 * (libs/singleton), encoded and decoded with the contract's own schemas, as the CLI calls the lich
 * beside it. The far
 * lich checks the Host header against its own port, which is not the forward's, so the header names
 * the far port; the token rides in the query as on every call, inside this machine's loopback and
 * the ssh channel, and is never logged (a failure says the path, never the URL).
 */
import type * as Rpc from "@effect/rpc/Rpc"
import { decodeRpcEnvelope, type LichError } from "@lich/contract"
import { Loopback } from "@lich/singleton"
import { Data, Effect, Schema } from "effect"

/** Where a connected host is reached: the forward's local port, the far lich's own port and token. */
export interface Via {
  readonly port: number
  readonly remotePort: number
  readonly token: string
}

/**
 * The link failed under a call: refused, reset, no answer in time, or an answer outside the contract.
 * `stale`: the far lich is not the one this link was made to (it refused the token, or nothing
 * listens behind the forward any more): it restarted, and only a new hello learns its coordinates.
 */
export class FarDown extends Data.TaggedError("FarDown")<{ readonly message: string; readonly stale: boolean }> {}

/** 10 s: the CLI's own patience for a call that does not hold a line. */
export const FAR_CALL_MS = 10_000

/** One POST through the forward, on the one loopback client; anything but an answer is FarDown. */
const post = (via: Via, path: string, body: string, timeoutMs: number) =>
  Effect.flatMap(
    Effect.promise((signal) =>
      Loopback.call({ port: via.port, token: via.token }, path, { body, timeoutMs, signal, hostPort: via.remotePort })
    ),
    (o) =>
      o._tag === "reply"
        ? o.status === 401 || o.status === 403
          ? Effect.fail(new FarDown({ message: `the lich on the host refused this link's token (${o.status})`, stale: true }))
          : Effect.succeed(o)
        : Effect.fail(new FarDown({ message: o.message, stale: o._tag === "down" || (o._tag === "lost" && o.cause === "dropped") }))
  )

const asSchema = <A>(s: Schema.Schema.All) => s as unknown as Schema.Schema<A, unknown>

/**
 * Calls `<group><Tag>` (the group's prefix, e.g. "relay.", and the procedure) on the far lich. A typed
 * failure there is the same typed failure here; anything else the link or the far side did wrong is
 * FarDown.
 */
export const farCall = <Tag extends string, P extends Schema.Schema.Any, S extends Schema.Schema.Any, E extends Schema.Schema.All>(
  via: Via,
  prefix: string,
  rpc: Rpc.Rpc<Tag, P, S, E>,
  payload: Schema.Schema.Type<P>,
  timeoutMs: number = FAR_CALL_MS
): Effect.Effect<Schema.Schema.Type<S>, LichError | FarDown> =>
  Effect.gen(function* () {
    const path = `/rpc/${prefix}${rpc._tag}`
    const encoded = yield* Effect.orDie(Schema.encode(asSchema(rpc.payloadSchema))(payload))
    const reply = yield* post(via, path, JSON.stringify(encoded), timeoutMs)
    const json = yield* Effect.try({
      try: (): unknown => (reply.body === "" ? null : JSON.parse(reply.body)),
      catch: () => new FarDown({ message: `${path} answered ${reply.status} with a body that is not JSON`, stale: false })
    })
    if (reply.status === 200) {
      return yield* Schema.decodeUnknown(asSchema<Schema.Schema.Type<S>>(rpc.successSchema))(json).pipe(
        Effect.mapError(() => new FarDown({ message: `${path} answered in a shape this lich does not know`, stale: false }))
      )
    }
    const envelope = decodeRpcEnvelope(json)
    const typed = yield* Schema.decodeUnknown(asSchema<LichError>(rpc.errorSchema))(envelope.failure).pipe(Effect.option)
    if (typed._tag === "Some") return yield* Effect.fail(typed.value)
    return yield* new FarDown({ message: envelope.error ?? `${path} answered ${reply.status}`, stale: false })
  })
