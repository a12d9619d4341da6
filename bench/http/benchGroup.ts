/**
 * The procedure both HTTP candidates serve: one trivial RPC (`bench.Echo`), so a round trip measures
 * the HTTP layer and serveRpc's decode/encode, not a lib's work. Served by the shipped serveRpc.
 */
import { Rpc, RpcGroup } from "@effect/rpc"
import { Effect, Schema } from "effect"
import { serveRpc } from "../../apps/server/src/http/rpc.js"

const Echo = Rpc.make("Echo", { payload: { text: Schema.String }, success: Schema.Struct({ text: Schema.String }) })
export const BenchRpcs = RpcGroup.make(Echo).prefix("bench.")
export const BenchHandlers = BenchRpcs.toLayer({ "bench.Echo": ({ text }) => Effect.succeed({ text }) })

export const rpc = (tag: string, body: string) => serveRpc([BenchRpcs], tag, body)
