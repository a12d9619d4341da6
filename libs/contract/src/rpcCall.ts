/**
 * A procedure called the way the server calls it — the handler its group's layer put in context
 * (RpcGroup.toLayer) — with no HTTP in between: a lib's tests then exercise exactly what lich
 * serves, payload typed by the contract. Every procedure in the contract answers once (no streams).
 */
import * as Headers from "@effect/platform/Headers"
import type * as Rpc from "@effect/rpc/Rpc"
import type * as RpcGroup from "@effect/rpc/RpcGroup"
import * as Effect from "effect/Effect"

type Procedure<R extends Rpc.Any, Tag extends string> = Extract<R, { readonly _tag: Tag }>

/** What serving the procedure `Tag` puts in context: a caller in the same process needs it there. */
export type HandlerOf<Tag extends string> = Rpc.Handler<Tag>

export const callRpc = <R extends Rpc.Any, const Tag extends R["_tag"]>(
  group: RpcGroup.RpcGroup<R>,
  tag: Tag,
  payload: Rpc.Payload<Procedure<R, Tag>>
): Effect.Effect<Rpc.Success<Procedure<R, Tag>>, Rpc.Error<Procedure<R, Tag>>, Rpc.Handler<Tag>> =>
  Effect.flatMap(
    group.accessHandler(tag),
    (handler) => handler(payload, Headers.empty) as Effect.Effect<Rpc.Success<Procedure<R, Tag>>, Rpc.Error<Procedure<R, Tag>>>
  )
