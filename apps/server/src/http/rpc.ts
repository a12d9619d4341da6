/**
 * Serves the contract's RPC groups at `POST /rpc/<group>.<Method>`: the body is the payload as one
 * JSON object, decoded with the procedure's own schema; the answer is the encoded success (200) or
 * `{"error": message, "failure": <encoded error>}` with 400 for refusals and 500 for failures.
 */
import * as Headers from "@effect/platform/Headers"
import type { Rpc, RpcGroup } from "@effect/rpc"
import { Cause, Effect, Exit, ParseResult, Schema } from "effect"

/** 1 MiB: far above any legitimate payload (prompts cap at 8 KiB, inserts at 64 KiB). */
export const MAX_RPC_BODY = 1024 * 1024

export interface RpcReply {
  readonly status: number
  readonly body: unknown
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyGroup = RpcGroup.RpcGroup<any>

const statusOf = (tag: string): number =>
  tag === "Failed" ? 500 : tag === "NotFound" ? 404 : 400

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
  let json: unknown
  try {
    json = body === "" ? {} : JSON.parse(body)
  } catch {
    return "the request body is not JSON"
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) return "the request body must be one JSON object of the procedure's arguments"
  if (depthOf(json) > MAX_BODY_DEPTH) return `the request body nests deeper than ${MAX_BODY_DEPTH} levels`
  return json
}

/** A ParseError as one line: each issue's path and message, never the multi-line tree. */
const issues = (e: ParseResult.ParseError): string =>
  ParseResult.ArrayFormatter.formatErrorSync(e)
    .slice(0, 3)
    .map((i) => (i.path.length > 0 ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ")

/** Finds `tag` across the groups and runs its handler; the handlers must be in context. */
export const serveRpc = (groups: ReadonlyArray<AnyGroup>, tag: string, body: string) =>
  Effect.gen(function* () {
    const group = groups.find((g) => g.requests.has(tag))
    const rpc = group?.requests.get(tag) as unknown as Rpc.AnyWithProps | undefined
    if (!group || !rpc) return { status: 404, body: { error: `no procedure named ${tag}` } } satisfies RpcReply
    const json = parseBody(body)
    if (typeof json === "string") return { status: 400, body: { error: json } } satisfies RpcReply
    const payload = yield* Schema.decodeUnknown(rpc.payloadSchema as Schema.Schema<unknown, unknown>)(json).pipe(Effect.either)
    if (payload._tag === "Left") {
      return { status: 400, body: { error: `bad arguments for ${tag}: ${issues(payload.left)}` } } satisfies RpcReply
    }
    const handler = yield* (group.accessHandler as unknown as (t: string) => Effect.Effect<(p: unknown, h: Headers.Headers) => Effect.Effect<unknown, unknown>>)(tag)
    const exit = yield* Effect.exit(handler(payload.right, Headers.empty))
    if (Exit.isSuccess(exit)) {
      const encoded = yield* Schema.encode(rpc.successSchema as Schema.Schema<unknown, unknown>)(exit.value).pipe(Effect.orDie)
      return { status: 200, body: encoded ?? null } satisfies RpcReply
    }
    const failure = Cause.failureOption(exit.cause)
    if (failure._tag === "Some") {
      const f = failure.value as { _tag?: string; message?: string }
      const encoded = yield* Schema.encode(rpc.errorSchema as Schema.Schema<unknown, unknown>)(f).pipe(Effect.option)
      return {
        status: statusOf(f._tag ?? "Failed"),
        body: { error: f.message ?? String(f), failure: encoded._tag === "Some" ? encoded.value : undefined }
      } satisfies RpcReply
    }
    yield* Effect.logError(`${tag} died`, exit.cause)
    return { status: 500, body: { error: `${tag} failed inside lich: ${Cause.pretty(exit.cause).split("\n")[0]}` } } satisfies RpcReply
  })
