/**
 * The CLI's way to the backend: one node:http POST per call, encoded and decoded with the contract's
 * own schemas. Deliberately not @effect/rpc's client nor fetch: both cost a cold CLI call more than
 * the request itself (fetch alone is ~200 ms of startup on Node 20), and agents call this constantly.
 */
import * as http from "node:http"
import type { Rpc } from "@effect/rpc"
import { decodeRpcEnvelope, type RpcGroupName } from "@lich/contract"
import { coordinates, readRuntime } from "@lich/singleton"
import { Data, Effect, ParseResult, Schema } from "effect"
import { DEFAULT_TIMEOUT_MS, NO_LICH } from "./reach.js"
import { Usage } from "./usage.js"

export { DEFAULT_TIMEOUT_MS, NO_LICH }

/** The backend could not be reached or answered outside the contract. Exit 1. */
export class Unreachable extends Data.TaggedError("Unreachable")<{ readonly message: string }> {}

interface Coordinates {
  readonly port: number
  readonly token: string
  readonly source: "env" | "runtime"
}

// coordinates() throws when the runtime file exists but cannot be read (a directory in its place,
// no permission): that is this machine's state to report in one line, not a defect.
const locate = Effect.flatMap(
  Effect.try({ try: () => coordinates(process.env), catch: (e) => new Unreachable({ message: (e as Error).message }) }),
  (c) => (c ? Effect.succeed(c as Coordinates) : Effect.fail(new Unreachable({ message: NO_LICH })))
)

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

const post = (c: Coordinates, path: string, body: string, timeoutMs: number, unsure: Unsure | undefined) =>
  Effect.async<Reply, Unreachable>((resume, signal) => {
    // Set once the whole request is on the wire: from then on lich may have acted on it.
    let sent = false
    let timedOut = false
    const lostHere = (e: Error) => (sent && timedOut && unsure ? new Unreachable({ message: unsure(e.message) }) : lost(e))
    const req = http.request(
      {
        host: "127.0.0.1",
        port: c.port,
        method: "POST",
        path: `${path}?token=${encodeURIComponent(c.token)}`,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        signal
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (d: Buffer) => chunks.push(d))
        res.on("end", () => resume(Effect.succeed({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") })))
        res.on("error", (e) => resume(Effect.fail(lostHere(e))))
      }
    )
    req.setTimeout(timeoutMs, () => {
      timedOut = true
      req.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`))
    })
    req.on("error", (e: NodeJS.ErrnoException) =>
      resume(Effect.fail(e.code === "ECONNREFUSED" ? new Unreachable({ message: NO_LICH }) : lostHere(e)))
    )
    req.on("finish", () => {
      sent = true
    })
    req.end(body)
  })

const lost = (e: Error) =>
  new Unreachable({ message: `lost the connection to lich: ${e.message} — is it still running? (lich version shows it)` })

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
    let c = yield* locate
    let reply = yield* post(c, path, body, timeoutMs, unsure)
    if (reply.status === 401 || reply.status === 403) {
      const fresh = retryWithFreshToken(c)
      if (!fresh) {
        return yield* new Unreachable({
          message:
            c.source === "env"
              ? `lich on port ${c.port} refused this session's token — the lich that started this session has restarted; open a new session`
              : `lich on port ${c.port} refused the token in the runtime file — it belongs to another lich; restart lich`
        })
      }
      c = fresh
      reply = yield* post(c, path, body, timeoutMs, unsure)
    }
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
