/**
 * Every procedure the server serves, as a client that speaks plain JSON sees it: keyed by the name
 * in its URL ("desk.Providers"), with the payload it sends and the success it reads back as the
 * schemas' *encoded* types (brands and classes gone, optional fields optional). Derived from the RPC
 * groups, so a procedure renamed or reshaped there breaks every caller at compile time.
 *
 * Types only, imported with `import type`: the window builds its calls from this map without one
 * byte of Effect reaching its bundle (test/window-bundle.test.ts checks the bundle).
 */
import type * as Rpc from "@effect/rpc/Rpc"
import type * as RpcGroup from "@effect/rpc/RpcGroup"
import type { Schema } from "effect"
import type { LichEvent } from "./events.js"
import type { rpcGroups } from "./groups.js"

/** Every group's procedures: RpcGroup.Rpcs distributes over the union of the served groups. */
type Served = RpcGroup.Rpcs<(typeof rpcGroups)[number]>

/** Rpc's own helpers name the payload's decoded side only; a JSON client sends the encoded one. */
type PayloadEncoded<R> = R extends Rpc.Rpc<infer _Tag, infer P, infer _S, infer _E, infer _M> ? Schema.Schema.Encoded<P> : never

export type Procedures = {
  readonly [R in Served as Rpc.Tag<R>]: {
    readonly payload: PayloadEncoded<R>
    readonly success: Rpc.SuccessEncoded<R>
  }
}

/** "group.Method", as in `POST /rpc/<group>.<Method>`. */
export type ProcedureName = keyof Procedures
export type PayloadOf<P extends ProcedureName> = Procedures[P]["payload"]
export type SuccessOf<P extends ProcedureName> = Procedures[P]["success"]

/** One frame of `/events`, as JSON.parse gives it. */
export type LichEventEncoded = Schema.Schema.Encoded<typeof LichEvent>
