/**
 * Who is there: the procedures `lich sessions` and `lich whoami` call, in a module of their own
 * because agents call these most, and a module's evaluation builds every procedure in it.
 */
// Deep imports: the @effect/rpc index drags its HTTP client and server into every bundle.
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { error, from } from "./rpcFields.js"
import { Peer } from "./session.js"

export const Peers = Rpc.make("Peers", { payload: { from }, success: Schema.Array(Peer), error })
export const Whoami = Rpc.make("Whoami", { payload: { from }, success: Peer, error })
