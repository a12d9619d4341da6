/**
 * Handing work over: the procedures send, wait, reply, insert and focus call. A module of its own
 * so a command builds only the procedures it calls (cold start, docs/ceilings.md).
 */
// Deep imports: the @effect/rpc index drags its HTTP client and server into every bundle.
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { Ticket } from "./ids.js"
import { Collected, Focused, Inserted, RelayResult, Replied } from "./relay.js"
import { error, from, project } from "./rpcFields.js"

/**
 * The payloads, named so a service takes exactly what the server decoded (`typeof X.Type`):
 * a ticket arrives as a Ticket, a target as the name the caller typed (a label, a roster name or an id).
 */
/** timeout: seconds to hold the line (0 = the default 100; capped at 30 min by the server). */
export const SendPayload = Schema.Struct({
  from,
  target: Schema.String,
  project,
  prompt: Schema.String,
  timeout: Schema.Number,
  private: Schema.Boolean,
  /** Where a send with no session behind it comes from, for the timeline: absent = the command line. */
  via: Schema.optional(Schema.Literal("window"))
})
export type SendPayload = typeof SendPayload.Type
export const WaitPayload = Schema.Struct({ from, ticket: Ticket, timeout: Schema.Number })
export type WaitPayload = typeof WaitPayload.Type
/** No-ticket wait: drains the caller's inbox; noWait looks without holding the line. */
export const CollectPayload = Schema.Struct({ from, timeout: Schema.Number, noWait: Schema.Boolean })
export type CollectPayload = typeof CollectPayload.Type
/** ticket "" = the one request open against the calling session. */
export const ReplyPayload = Schema.Struct({ from, ticket: Ticket, answer: Schema.String })
export type ReplyPayload = typeof ReplyPayload.Type
export const InsertPayload = Schema.Struct({ from, session: Schema.String, project, text: Schema.String, timeout: Schema.Number })
export type InsertPayload = typeof InsertPayload.Type
export const FocusPayload = Schema.Struct({ from, target: Schema.String, project })
export type FocusPayload = typeof FocusPayload.Type

export const Send = Rpc.make("Send", { payload: SendPayload, success: RelayResult, error })
export const Wait = Rpc.make("Wait", { payload: WaitPayload, success: RelayResult, error })
export const Collect = Rpc.make("Collect", { payload: CollectPayload, success: Collected, error })
export const Reply = Rpc.make("Reply", { payload: ReplyPayload, success: Replied, error })
export const Insert = Rpc.make("Insert", { payload: InsertPayload, success: Inserted, error })
export const Focus = Rpc.make("Focus", { payload: FocusPayload, success: Focused, error })
