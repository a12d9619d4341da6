/**
 * Serves the contract's RPC groups at `POST /rpc/<group>.<Method>`: the body is the payload as one
 * JSON object, decoded with the procedure's own schema; the answer is the encoded success (200) or
 * `{"error": message, "failure": <encoded error>}` with 400 for refusals and 500 for failures.
 */
import * as Headers from "@effect/platform/Headers"
import type { Rpc, RpcGroup } from "@effect/rpc"
import { Cause, Effect, Exit, Schema } from "effect"

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

/** Finds `tag` across the groups and runs its handler; the handlers must be in context. */
export const serveRpc = (groups: ReadonlyArray<AnyGroup>, tag: string, body: string) =>
  Effect.gen(function* () {
    const group = groups.find((g) => g.requests.has(tag))
    const rpc = group?.requests.get(tag) as unknown as Rpc.AnyWithProps | undefined
    if (!group || !rpc) return { status: 404, body: { error: `no procedure named ${tag}` } } satisfies RpcReply
    let json: unknown
    try {
      json = body === "" ? {} : JSON.parse(body)
    } catch {
      return { status: 400, body: { error: "the request body is not JSON" } } satisfies RpcReply
    }
    const payload = yield* Schema.decodeUnknown(rpc.payloadSchema as Schema.Schema<unknown, unknown>)(json).pipe(Effect.either)
    if (payload._tag === "Left") {
      return { status: 400, body: { error: `bad arguments for ${tag}: ${payload.left.message}` } } satisfies RpcReply
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
