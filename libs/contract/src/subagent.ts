/**
 * `lich open --subagent`: a worker opened for the calling session, the way lich-plugin's mod turns
 * Claude Code's own Agent call into a card. One procedure opens the worker and hands it its task, so
 * the filing, the depth and the errand's worker rules are decided together on the server.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { RelayResult } from "./relay.js"
import { error, from, openFields } from "./rpcFields.js"
import { Opened } from "./session.js"

export class SubagentOpened extends Schema.Class<SubagentOpened>("SubagentOpened")({
  opened: Opened,
  /** The hand-off's outcome; absent when the task never reached the worker (then `failure` says why). */
  delivery: Schema.optional(RelayResult),
  failure: Schema.optional(Schema.String)
}) {}

/** An open's own fields, less what --subagent refuses (project, folder, private), plus the task. */
export const SubagentPayload = Schema.Struct({ from, ...openFields, prompt: Schema.String })
export type SubagentPayload = typeof SubagentPayload.Type

export const Subagent = Rpc.make("Subagent", {
  payload: SubagentPayload,
  success: SubagentOpened,
  error
})
