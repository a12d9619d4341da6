/**
 * The CLI's way to the backend: one POST per call through the loopback client (libs/singleton),
 * encoded and decoded with the contract's own schemas. Deliberately not @effect/rpc's client nor
 * fetch: both cost a cold CLI call more than the request itself (fetch alone is ~200 ms of startup on
 * Node 20), and agents call this constantly.
 */
import type { Rpc } from "@effect/rpc"
import { decodeRpcEnvelope, type RpcGroupName } from "@lich/contract"
import { type Coordinates, Loopback, readRuntime } from "@lich/singleton"
import { Data, Effect, ParseResult, Schema } from "effect"
import { DEFAULT_TIMEOUT_MS, NO_LICH } from "./reach.js"
import { Usage } from "./usage.js"

export { DEFAULT_TIMEOUT_MS, NO_LICH }

/** The backend could not be reached or answered outside the contract. Exit 1. */
export class Unreachable extends Data.TaggedError("Unreachable")<{ readonly message: string }> {}

interface Reply {
  readonly status: number
  readonly body: string
}

/**
 * What a call says when the whole request reached a lich that is still there but gave no answer
 * within the call's patience: lich may well have acted on it. `why` is the transport's reason. A
 * connection that drops instead means lich itself went away, and with it whatever it held in
 * memory: that is the plain "lost the connection", since a retry then meets a different lich.
 */
export type Unsure = (why: string) => string

const lost = (why: string) =>
  new Unreachable({ message: `lost the connection to lich: ${why} — is it still running? (lich version shows it)` })

/** What a call that did not come back with a reply says, in the one line a person reads. */
const failure = (o: Loopback.Down | Loopback.Lost, unsure: Unsure | undefined): Unreachable => {
  // Unreadable coordinates (a directory where the runtime file goes, no permission, a LICH_PORT that
  // is not a port) are this machine's state, said in their own sentence; anything else down is no lich.
  if (o._tag === "down") return new Unreachable({ message: o.cause === "unreadable" ? o.message : NO_LICH })
  return o.sent && o.cause === "timeout" && unsure ? new Unreachable({ message: unsure(o.message) }) : lost(o.message)
}

/** The loopback client's answer as the CLI takes it: where the call went and its reply, or why not. */
const reached = (l: Loopback.Located, unsure: Unsure | undefined): Effect.Effect<{ to: Coordinates; reply: Reply }, Unreachable> => {
  if (l.to === undefined) return Effect.fail(failure(l.outcome, unsure))
  const o = l.outcome
  return o._tag === "reply" ? Effect.succeed({ to: l.to, reply: o }) : Effect.fail(failure(o, unsure))
}

/** POSTs `body` to `path` on the lich `to` names, or on the one this environment names when `to` is absent. */
const post = (to: Coordinates | undefined, path: string, body: string, timeoutMs: number, unsure: Unsure | undefined) =>
  Effect.flatMap(
    Effect.promise(
      (signal): Promise<Loopback.Located> =>
        to === undefined
          ? Loopback.callRunning(process.env, path, { body, timeoutMs, signal })
          : Loopback.call(to, path, { body, timeoutMs, signal }).then((outcome) => ({ to, outcome }))
    ),
    (located) => reached(located, unsure)
  )

/** The refusal when a token is stale: retried once when the runtime file names the same port anew. */
const retryWithFreshToken = (c: Coordinates) => {
  let r: ReturnType<typeof readRuntime>
  try {
    r = readRuntime(process.env)
  } catch {
    return undefined
  }
  return r && r.port === c.port && r.token !== c.token ? ({ port: r.port, token: r.token, source: "runtime" } as const) : undefined
}

/** A refused token, tried once more with the runtime file's fresh one for the same port; else why not. */
const retried = (c: Coordinates, again: (fresh: Coordinates) => Effect.Effect<{ reply: Reply }, Unreachable>) => {
  const fresh = retryWithFreshToken(c)
  if (fresh) return Effect.map(again(fresh), (r) => r.reply)
  return Effect.fail(
    new Unreachable({
      message:
        c.source === "env"
          ? `lich on port ${c.port} refused this session's token — the lich that started this session has restarted; open a new session`
          : `lich on port ${c.port} refused the token in the runtime file — it belongs to another lich; restart lich`
    })
  )
}

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
    const body = JSON.stringify(encoded)
    const path = `/rpc/${group}.${rpc._tag}`
    const first = yield* post(undefined, path, body, timeoutMs, unsure)
    const refused = first.reply.status === 401 || first.reply.status === 403
    const reply = refused ? yield* retried(first.to, (fresh) => post(fresh, path, body, timeoutMs, unsure)) : first.reply
    const json = yield* Effect.try({
      try: () => (reply.body === "" ? null : JSON.parse(reply.body)),
      catch: () => new Unreachable({ message: `lich answered ${reply.status} with a body that is not JSON` })
    })
    if (reply.status === 200) {
      return yield* Schema.decodeUnknown(rpc.successSchema as unknown as Schema.Schema<Schema.Schema.Type<S>, unknown>)(json).pipe(
        Effect.mapError((e) => new Unreachable({ message: `lich answered in a shape this CLI does not know: ${e.message}` }))
      )
    }
    const envelope = decodeRpcEnvelope(json)
    const typed = yield* Schema.decodeUnknown(rpc.errorSchema as unknown as Schema.Schema<Schema.Schema.Type<E>, unknown>)(
      envelope.failure
    ).pipe(Effect.option)
    if (typed._tag === "Some") return yield* Effect.fail(typed.value)
    return yield* new Unreachable({ message: envelope.error ?? `lich answered ${reply.status}` })
  })
