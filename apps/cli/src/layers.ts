/**
 * The CLI's way to the backend as a service, so commands and MCP tools depend on what a call does,
 * not on how it travels: `LichClient.nodeHttp` is the real one (client.ts: one node:http POST per
 * call), `LichClient.test` answers from handlers in memory, so a command or a tool can be run and
 * checked without a backend. Both encode the payload with the procedure's schema first (the
 * contract's bounds are refused before anything is sent) and hand back what the schemas decode.
 * Deep imports only: this module is on every command's cold path (docs/ceilings.md).
 */
import type { Rpc } from "@effect/rpc"
import type { RpcGroupName } from "@lich/contract"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { DEFAULT_TIMEOUT_MS, httpCall, Unreachable, type Unsure } from "./client.js"
import { Usage } from "./usage.js"

/** The signature of a call, as client.ts's `httpCall` has it. */
type Call<Req = never> = <Tag extends string, P extends Schema.Schema.Any, S extends Schema.Schema.Any, E extends Schema.Schema.All>(
  group: RpcGroupName,
  rpc: Rpc.Rpc<Tag, P, S, E>,
  payload: Schema.Schema.Type<P>,
  timeoutMs?: number,
  unsure?: Unsure
) => Effect.Effect<Schema.Schema.Type<S>, Schema.Schema.Type<E> | Unreachable | Usage, Req>

export interface LichClientShape {
  /**
   * Calls `<group>.<rpc>`; a typed failure from the server is the procedure's own error. `unsure`
   * words the failure when the request went out and no answer came back (lich may have acted).
   */
  readonly call: Call
}

/** A test's answer for one procedure, given the payload as the server would decode it. */
export type Handler = (payload: unknown) => Effect.Effect<unknown, unknown>

const asSchema = (s: Schema.Schema.All) => s as unknown as Schema.Schema<unknown, unknown>
const firstIssue = (e: ParseResult.ParseError): string => ParseResult.ArrayFormatter.formatErrorSync(e)[0]?.message ?? e.message

/** In memory: the payload and the answer each cross their schema both ways, as on the wire. */
const inMemory = (handlers: Readonly<Record<string, Handler>>): LichClientShape => ({
  call: (group, rpc, payload) =>
    Effect.gen(function* () {
      const encoded = yield* Schema.encode(asSchema(rpc.payloadSchema))(payload).pipe(
        Effect.mapError((e) => new Usage({ message: firstIssue(e) }))
      )
      const name = `${group}.${rpc._tag}`
      const handler = handlers[name]
      if (!handler) return yield* new Unreachable({ message: `no test handler for ${name}` })
      const decoded = yield* Effect.orDie(Schema.decodeUnknown(asSchema(rpc.payloadSchema))(encoded))
      const answer = yield* handler(decoded).pipe(
        Effect.catchAll((e) =>
          Effect.flatMap(Effect.orDie(Schema.encode(asSchema(rpc.errorSchema))(e)), (wire) =>
            Effect.flip(Schema.decodeUnknown(asSchema(rpc.errorSchema))(wire).pipe(Effect.orDie))
          )
        )
      )
      const wire = yield* Effect.orDie(Schema.encode(asSchema(rpc.successSchema))(answer))
      return yield* Effect.orDie(Schema.decodeUnknown(asSchema(rpc.successSchema))(wire))
    }) as never
})

export class LichClient extends Context.Tag("lich/cli/LichClient")<LichClient, LichClientShape>() {
  /** The real backend, over node:http (client.ts says why not fetch or @effect/rpc's client). */
  static readonly nodeHttp: Layer.Layer<LichClient> = Layer.succeed(LichClient, { call: httpCall })
  /** Answers from `handlers`, keyed `<group>.<Tag>` (e.g. `relay.Peers`); any other call is Unreachable. */
  static readonly test = (handlers: Readonly<Record<string, Handler>>): Layer.Layer<LichClient> =>
    Layer.succeed(LichClient, inMemory(handlers))
}

/** `LichClient.call` from wherever a command or tool runs. */
export const call: Call<LichClient> = (group, rpc, payload, timeoutMs = DEFAULT_TIMEOUT_MS, unsure) =>
  Effect.flatMap(LichClient, (c) => c.call(group, rpc, payload, timeoutMs, unsure))
