/**
 * Serves the contract's RPC groups at `POST /rpc/<group>.<Method>`: the body is the payload as one
 * JSON object, decoded with the procedure's own schema; the answer is the encoded success (200) or
 * `{"error": message, "failure": <encoded error>}` with 400 for refusals and 500 for failures.
 */
import * as Headers from "@effect/platform/Headers"
import { Rpc } from "@effect/rpc"
import { rpcEnvelope } from "@lich/contract"
import { Cause, Context, Effect, Either, Exit, Option, ParseResult, Schema, type Stream } from "effect"

/** 1 MiB: far above any legitimate payload (prompts cap at 8 KiB, inserts at 64 KiB). */
export const MAX_RPC_BODY = 1024 * 1024

export interface RpcReply {
  readonly status: number
  readonly body: unknown
}

/**
 * What serving needs of an RpcGroup: its procedures by tag. An RpcGroup is one, whatever its
 * procedures; its handlers are found in context under each procedure's key (RpcGroup.toLayer).
 */
export interface ServedGroup {
  readonly requests: ReadonlyMap<string, Rpc.AnyWithProps>
}

const statusOf = (tag: string): number => (tag === "Failed" ? 500 : tag === "NotFound" ? 404 : 400)

/**
 * 32 levels: every payload in the contract is a flat object (a few keys, at most an array of
 * strings). A body nested deeper is not a call, and a 100k-deep one overflowed the stack of the
 * decoder (a 500 with the stack in its body): depth is measured without recursion, before decoding.
 */
export const MAX_BODY_DEPTH = 32

/** How deep `value` nests, measured with an explicit stack (no recursion); stops counting past `limit`. */
export const depthOf = (value: unknown, limit: number = MAX_BODY_DEPTH): number => {
  let deepest = 0
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [v, d] = stack.pop()!
    if (v === null || typeof v !== "object") continue
    if (d > deepest) deepest = d
    if (deepest > limit) return deepest
    for (const child of Object.values(v as object)) stack.push([child, d + 1])
  }
  return deepest
}

/**
 * The body as the payload object, or the reason it is refused. Every procedure takes an object
 * (one with no payload takes `{}` or nothing): `"x"` used to be accepted as "no payload", which let
 * `curl -d '"x"' …/system.Quit` quit lich.
 */
export const parseBody = (body: string): object | string => {
  const parsed = Either.try((): unknown => (body === "" ? {} : JSON.parse(body)))
  if (Either.isLeft(parsed)) return "the request body is not JSON"
  const json = parsed.right
  if (json === null || typeof json !== "object" || Array.isArray(json))
    return "the request body must be one JSON object of the procedure's arguments"
  if (depthOf(json) > MAX_BODY_DEPTH) return `the request body nests deeper than ${MAX_BODY_DEPTH} levels`
  return json
}

/** A ParseError as one line: each issue's path and message, never the multi-line tree. */
const issues = (e: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(e)
    .slice(0, 3)
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ")

/** One tag per procedure, made once: a tag captures a stack trace when it is made, a cost per call (docs/ceilings.md). */
const handlerTags = new Map<string, Context.Tag<Rpc.Handler<string>, Rpc.Handler<string>>>()
const handlerTag = (key: string) => {
  const made = handlerTags.get(key)
  if (made) return made
  const tag = Context.GenericTag<Rpc.Handler<string>>(key)
  handlerTags.set(key, tag)
  return tag
}

/**
 * The handler RpcGroup.toLayer put in context for `rpc`, with the context it was built in, as an
 * Effect; None when there is none (a group whose layer is not provided).
 */
const handlerFor = (rpc: Rpc.AnyWithProps) =>
  Effect.map(Effect.serviceOption(handlerTag(rpc.key)), (found) =>
    Option.map(found, (h) => (payload: unknown): Effect.Effect<unknown, unknown> => {
      const result = h.handler(payload, { clientId: 0, headers: Headers.empty })
      const value: Effect.Effect<unknown, unknown> | Stream.Stream<unknown, unknown> = Rpc.isWrapper(result) ? result.value : result
      // Every procedure in the contract answers once; a streaming one has no place in a POST.
      return Effect.isEffect(value) ? Effect.provide(value, h.context) : Effect.dieMessage(`${rpc._tag} streams; it cannot answer a POST`)
    })
  )

/** A failure the procedure declares: its message, and the failure encoded with its error schema. */
const refusal = (rpc: Rpc.AnyWithProps, f: { _tag?: string; message?: string }) =>
  Effect.map(
    Schema.encode(rpc.errorSchema as Schema.Schema<unknown, unknown>)(f).pipe(Effect.option),
    (encoded): RpcReply => ({
      status: statusOf(f._tag ?? "Failed"),
      body: rpcEnvelope(f.message ?? String(f), Option.getOrUndefined(encoded))
    })
  )

/** Finds `tag` across the groups and runs its handler; the handlers must be in context. */
export const serveRpc = (groups: ReadonlyArray<ServedGroup>, tag: string, body: string) =>
  Effect.gen(function* () {
    const rpc = groups.map((g) => g.requests.get(tag)).find((r) => r !== undefined)
    const handler = rpc ? yield* handlerFor(rpc) : Option.none()
    if (!rpc || Option.isNone(handler)) return { status: 404, body: rpcEnvelope(`no procedure named ${tag}`) } satisfies RpcReply
    const json = parseBody(body)
    if (typeof json === "string") return { status: 400, body: rpcEnvelope(json) } satisfies RpcReply
    const payload = yield* Schema.decodeUnknown(rpc.payloadSchema as Schema.Schema<unknown, unknown>)(json).pipe(Effect.either)
    if (payload._tag === "Left")
      return { status: 400, body: rpcEnvelope(`bad arguments for ${tag}: ${issues(payload.left)}`) } satisfies RpcReply
    const exit = yield* Effect.exit(handler.value(payload.right))
    if (Exit.isSuccess(exit)) {
      const encoded = yield* Schema.encode(rpc.successSchema as Schema.Schema<unknown, unknown>)(exit.value).pipe(Effect.orDie)
      return { status: 200, body: encoded ?? null } satisfies RpcReply
    }
    const failure = Cause.failureOption(exit.cause)
    if (failure._tag === "Some") return yield* refusal(rpc, failure.value as { _tag?: string; message?: string })
    yield* Effect.logError(`${tag} died`, exit.cause)
    return { status: 500, body: rpcEnvelope(`${tag} failed inside lich: ${Cause.pretty(exit.cause).split("\n")[0]}`) } satisfies RpcReply
  })
