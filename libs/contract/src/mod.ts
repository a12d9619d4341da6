/**
 * The mod channel: what lich hands the lich-plugin mod inside a Claude Code session, what the mod
 * answers, and the two commands built on it (`lich control`, `lich ask`). Every shape is defined here
 * once — the server's routes decode with these schemas, the fixtures in hooks/fixtures are replayed
 * through them, and the CLI renders the results.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { LichError } from "./errors.js"
import { FromId } from "./ids.js"

/** The things a mod can be asked to do. */
export const ModKind = Schema.Literal("prompt", "abort", "model", "effort", "command", "ask")
export type ModKind = typeof ModKind.Type

/** What `control` takes: every mod kind but the side question, which is `ask`'s. */
export const ControlAction = Schema.Literal("prompt", "abort", "model", "effort", "command")
export type ControlAction = typeof ControlAction.Type

/** The levels Claude Code's --effort takes; anything else is refused before it reaches a session. */
export const EffortLevel = Schema.Literal("low", "medium", "high", "xhigh", "max")
export const effortLevels: ReadonlyArray<string> = EffortLevel.literals

/** 8 hex characters: a command's id, unique within its session. */
export const ModCommandId = Schema.String.pipe(Schema.pattern(/^[0-9a-f]{8}$/))

/** A relayed task or result note, marked as such for the model (mod-control's notification form). */
export const ModNotification = Schema.Struct({ status: Schema.String, summary: Schema.String })

/** One command as `GET /mod/commands` hands it out. Optional fields are absent, never null. */
export const ModCommand = Schema.Struct({
  id: ModCommandId,
  kind: ModKind,
  text: Schema.optional(Schema.String),
  notification: Schema.optional(ModNotification),
  model: Schema.optional(Schema.String),
  effort: Schema.optional(Schema.String),
  name: Schema.optional(Schema.String),
  args: Schema.optional(Schema.String),
  question: Schema.optional(Schema.String)
})
export type ModCommand = typeof ModCommand.Type

/** 120 characters: an ack's error is a reason for a one-line refusal, not a log. */
export const MAX_ACK_ERROR_CHARS = 120
/** 16 000 UTF-16 units: the longest side answer or worker answer lich keeps, "[truncated]" after. */
export const MAX_MOD_ANSWER_CHARS = 16_000

/** `POST /mod/acks`: the mod's word on one command. */
export const ModAck = Schema.Struct({
  session_id: Schema.String.pipe(Schema.minLength(1)),
  id: Schema.String,
  kind: ModKind,
  /** Missing reads as false: a mod that did not say it worked did not make it work. */
  ok: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  error: Schema.optional(Schema.String),
  answer: Schema.optional(Schema.String)
})
export type ModAck = typeof ModAck.Type

export const RateLimit = Schema.Struct({
  kind: Schema.String,
  /** Not capped at 100: Claude Code reports a spend limit past its cap as over 100. */
  percent_used: Schema.Number.pipe(Schema.nonNegative()),
  resets_at: Schema.optional(Schema.Union(Schema.String, Schema.Number))
})

/** `POST /mod/usage`: what Claude Code measured of its own session. */
export const ModUsageReport = Schema.Struct({
  session_id: Schema.String.pipe(Schema.minLength(1)),
  conversation_id: Schema.String,
  context: Schema.Struct({
    window: Schema.Int.pipe(Schema.positive()),
    tokens: Schema.optional(Schema.Number.pipe(Schema.nonNegative())),
    percent: Schema.optional(Schema.Number.pipe(Schema.between(0, 100)))
  }),
  rate_limits: Schema.optionalWith(Schema.Array(RateLimit), { default: () => [] }),
  cost_usd: Schema.optional(Schema.Number.pipe(Schema.nonNegative()))
})
export type ModUsageReport = typeof ModUsageReport.Type

/** `GET /mod/status`: the relay as it concerns one session, read-only and never draining. */
export const ModStatus = Schema.Struct({
  owed: Schema.Array(Schema.Struct({ ticket: Schema.String, from: Schema.String, asked: Schema.String })),
  open: Schema.Array(Schema.Struct({ ticket: Schema.String, target: Schema.String, state: Schema.String })),
  ready: Schema.Array(Schema.Struct({ ticket: Schema.String, target: Schema.String, status: Schema.String }))
})
export type ModStatus = typeof ModStatus.Type

/** done — confirmed (exit 0); delivered — taken, not confirmed yet (2); ended — the session ended first (3). */
export const ControlState = Schema.Literal("done", "delivered", "ended")
export type ControlState = typeof ControlState.Type

export class ControlResult extends Schema.Class<ControlResult>("ControlResult")({
  id: Schema.String,
  project: Schema.String,
  label: Schema.String,
  action: ControlAction,
  value: Schema.optional(Schema.String),
  command_id: Schema.String,
  state: ControlState
}) {}

export class AskResult extends Schema.Class<AskResult>("AskResult")({
  id: Schema.String,
  project: Schema.String,
  label: Schema.String,
  answer: Schema.String
}) {}

const from = FromId
const project = Schema.String

/** value: the prompt, model, effort or slash command name; args: what follows a slash command. */
export const ControlPayload = Schema.Struct({
  from,
  target: Schema.String,
  project,
  action: ControlAction,
  value: Schema.String,
  args: Schema.String
})
export type ControlPayload = typeof ControlPayload.Type
export const AskPayload = Schema.Struct({ from, target: Schema.String, project, question: Schema.String })
export type AskPayload = typeof AskPayload.Type

export const Control = Rpc.make("Control", { payload: ControlPayload, success: ControlResult, error: LichError })
export const Ask = Rpc.make("Ask", { payload: AskPayload, success: AskResult, error: LichError })

/** `POST /mod/answer`: a subagent worker's final message of a turn, posted by its own mod. */
export const ModAnswerReport = Schema.Struct({
  session_id: Schema.String.pipe(Schema.minLength(1)),
  text: Schema.String
})
export type ModAnswerReport = typeof ModAnswerReport.Type
