/**
 * The CLI's way to the backend for the commands that run on Effect: one exchange (wire/exchange.ts:
 * the loopback client's POST, the token retry, the CLI's words for every way it fails), encoded and
 * decoded with the contract's own schemas. Deliberately not @effect/rpc's client nor fetch: both
 * cost a cold CLI call more than the request itself (fetch alone is ~200 ms of startup on Node 20).
 * The CLI's own commands make the same exchange without Effect (wire/call.ts); this client is
 * what the MCP server's tools call through.
 */
import type { Rpc } from "@effect/rpc"
import { decodeRpcEnvelope, type RpcGroupName } from "@lich/contract"
import { Data, Effect, ParseResult, Schema } from "effect"
import { DEFAULT_TIMEOUT_MS, NO_LICH } from "./reach.js"
import { Usage } from "./usage.js"
import { exchange, type Unsure } from "./wire/exchange.js"

export { DEFAULT_TIMEOUT_MS, NO_LICH, type Unsure }

/** The backend could not be reached or answered outside the contract. Exit 1. */
export class Unreachable extends Data.TaggedError("Unreachable")<{ readonly message: string }> {}

/** A ParseError as the one sentence its first issue says (the tree form spans lines). */
const firstIssue = (e: ParseResult.ParseError): string => ParseResult.ArrayFormatter.formatErrorSync(e)[0]?.message ?? e.message

/**
 * Calls `<group>.<rpc>` with `payload`; a typed failure from the server is decoded with the
 * procedure's own error schema, so the CLI sees exactly the error the handler raised. Commands reach
 * this through the LichClient service (layers.ts), never directly.
 */
export const httpCall = <Tag extends string, P extends Schema.Schema.Any, S extends Schema.Schema.Any, E extends Schema.Schema.All>(
  group: RpcGroupName,
  rpc: Rpc.Rpc<Tag, P, S, E>,
  payload: Schema.Schema.Type<P>,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  unsure?: Unsure
): Effect.Effect<Schema.Schema.Type<S>, Schema.Schema.Type<E> | Unreachable | Usage> =>
  Effect.gen(function* () {
    // The contract's bounds are checked here first (a label with a newline in it, say): refused with
    // the schema's own sentence, before anything is sent.
    const encoded = yield* Schema.encode(rpc.payloadSchema as unknown as Schema.Schema<unknown, unknown>)(payload).pipe(
      Effect.mapError((e) => new Usage({ message: firstIssue(e) }))
    )
    const reply = yield* Effect.promise((signal) =>
      exchange(`/rpc/${group}.${rpc._tag}`, JSON.stringify(encoded), { timeoutMs, unsure, signal })
    )
    if (reply._tag === "unreachable") return yield* new Unreachable({ message: reply.message })
    if (reply.status === 200) {
      return yield* Schema.decodeUnknown(rpc.successSchema as unknown as Schema.Schema<Schema.Schema.Type<S>, unknown>)(reply.json).pipe(
        Effect.mapError((e) => new Unreachable({ message: `lich answered in a shape this CLI does not know: ${e.message}` }))
      )
    }
    const envelope = decodeRpcEnvelope(reply.json)
    const typed = yield* Schema.decodeUnknown(rpc.errorSchema as unknown as Schema.Schema<Schema.Schema.Type<E>, unknown>)(
      envelope.failure
    ).pipe(Effect.option)
    if (typed._tag === "Some") return yield* Effect.fail(typed.value)
    return yield* new Unreachable({ message: envelope.error ?? `lich answered ${reply.status}` })
  })
