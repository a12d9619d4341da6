/**
 * Handing work over: the procedures send, wait, reply, insert and focus call. A module of its own
 * so a command builds only the procedures it calls (cold start, docs/ceilings.md).
 */
// Deep imports: the @effect/rpc index drags its HTTP client and server into every bundle.
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { Collected, Focused, Inserted, RelayResult, Replied } from "./relay.js"
import { error, from, project } from "./rpcFields.js"

/** timeout: seconds to hold the line (0 = the default 100; capped at 30 min by the server). */
export const Send = Rpc.make("Send", {
  payload: { from, target: Schema.String, project, prompt: Schema.String, timeout: Schema.Number, private: Schema.Boolean },
  success: RelayResult,
  error
})
export const Wait = Rpc.make("Wait", {
  payload: { from, ticket: Schema.String, timeout: Schema.Number },
  success: RelayResult,
  error
})
/** No-ticket wait: drains the caller's inbox; noWait looks without holding the line. */
export const Collect = Rpc.make("Collect", {
  payload: { from, timeout: Schema.Number, noWait: Schema.Boolean },
  success: Collected,
  error
})
/** ticket "" = the one request open against the calling session. */
export const Reply = Rpc.make("Reply", {
  payload: { from, ticket: Schema.String, answer: Schema.String },
  success: Replied,
  error
})
export const Insert = Rpc.make("Insert", {
  payload: { from, session: Schema.String, project, text: Schema.String, timeout: Schema.Number },
  success: Inserted,
  error
})
export const Focus = Rpc.make("Focus", { payload: { from, target: Schema.String, project }, success: Focused, error })
