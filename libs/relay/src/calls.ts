/**
 * The relay's procedures for another lib in the same process (libs/git hands reviews and notes
 * over): the handlers RelayLayer serves, captured once and called with callRpc as the server calls
 * them — the contract's group is the relay's one interface, in process and over the wire alike.
 */
import type { HandlerOf } from "@lich/contract"
import { Effect } from "effect"

export type RelayCalls = HandlerOf<"relay.Send"> | HandlerOf<"relay.Wait">

/** The context to provide to a `callRpc(RelayRpcs, "relay.Send" | "relay.Wait", …)`. */
export const relayCalls = Effect.context<RelayCalls>()
