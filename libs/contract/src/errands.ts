/**
 * The relay's timeline: one record per errand — who asked whom, every step it went through with its
 * time, how it ended, and what the target spent on it. `lich errands`, `lich rage`, MCP's
 * `list_errands` and the window's timeline all read these shapes; the relay writes them
 * (libs/relay/src/errandLog.ts). A command of lich's own, beyond the CLI contract.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { CostSourceName } from "./cost.js"
import { MAX_ERRANDS_LISTED } from "./limits.js"
import { error, from, project } from "./rpcFields.js"

/**
 * One step of an errand's life. sent — the task went out; held — it waits (the detail says why:
 * behind an earlier task, the setup script, a question on the target's screen, its mod's first
 * poll, its prompt, a person); handed — it went in (detail "typed", "retyped" or "mod"); started —
 * the target's turn on it began; ended — its outcome (detail: the status); collected — the sender
 * has the result (detail: how); nudged — the sender was told results are in; late — an answer came
 * after it had ended unanswered; dropped — nobody collected its result within the hour.
 */
export const ErrandStep = Schema.Literal("sent", "held", "handed", "started", "ended", "collected", "nudged", "late", "dropped")
export type ErrandStep = typeof ErrandStep.Type

/** 200 chars: the head of a prompt or an answer a record keeps; the rest is only counted. */
export const ERRAND_HEAD_CHARS = 200
/** 64: steps a record keeps; a record that would pass it keeps its first ones and its last. */
export const ERRAND_MAX_STEPS = 64

export const ErrandTransition = Schema.Struct({
  at: Schema.Number,
  step: ErrandStep,
  detail: Schema.String.pipe(Schema.maxLength(ERRAND_HEAD_CHARS))
})
export type ErrandTransition = typeof ErrandTransition.Type

/** Who sent it: a session, the command line, the window (a review's prompt), or another host's session. */
export const ErrandVia = Schema.Literal("session", "cli", "window", "host")
export type ErrandVia = typeof ErrandVia.Type

/**
 * What the target spent between hand-over and outcome, from the cost ledger: `source` its rung as
 * `lich cost` names it ("" = unpriced: lich could not put money on it, so 0 is a lower bound).
 */
export const ErrandSpend = Schema.Struct({ costUsd: Schema.Number, source: CostSourceName })
export type ErrandSpend = typeof ErrandSpend.Type

/** An errand's status on the timeline: its outcome once it ended, "open" while it runs. */
export const ErrandStatus = Schema.Literal("open", "answered", "unread", "undelivered", "unanswered", "stopped", "expired")
export type ErrandStatus = typeof ErrandStatus.Type

export const ErrandRecord = Schema.Struct({
  ticket: Schema.String,
  projectId: Schema.String,
  project: Schema.String,
  via: ErrandVia,
  /** "" unless a session sent it. */
  senderId: Schema.String,
  senderLabel: Schema.String,
  targetId: Schema.String,
  targetLabel: Schema.String,
  private: Schema.Boolean,
  /** The prompt's first line, at most ERRAND_HEAD_CHARS ("" for a private errand), and its length in bytes. */
  promptHead: Schema.String.pipe(Schema.maxLength(ERRAND_HEAD_CHARS)),
  promptBytes: Schema.Number,
  answerHead: Schema.String.pipe(Schema.maxLength(ERRAND_HEAD_CHARS)),
  answerBytes: Schema.Number,
  status: ErrandStatus,
  createdAt: Schema.Number,
  /** 0 while open. */
  endedAt: Schema.Number,
  steps: Schema.Array(ErrandTransition).pipe(Schema.maxItems(ERRAND_MAX_STEPS)),
  /** Absent until the errand ended after a hand-over and the ledger was read. */
  spend: Schema.optional(ErrandSpend)
})
export type ErrandRecord = typeof ErrandRecord.Type

/**
 * A record as a bug report carries it: the prompt's and the answer's words left out, their lengths
 * kept — no text of anyone's task leaves the machine in a report by default.
 */
export const reducedForReport = (r: ErrandRecord): ErrandRecord => ({ ...r, promptHead: "", answerHead: "" })

/** 500: records `lich rage` carries. */
export const RAGE_ERRANDS = 500

/**
 * project "" = every project; session: a label or id, sender or target ("" = any); sinceMs 0 = the
 * whole history; limit 0 = MAX_ERRANDS_LISTED. Newest last.
 */
export const ErrandsPayload = Schema.Struct({
  from,
  project,
  session: Schema.String,
  sinceMs: Schema.Number.pipe(Schema.nonNegative()),
  limit: Schema.Int.pipe(Schema.between(0, MAX_ERRANDS_LISTED))
})
export type ErrandsPayload = typeof ErrandsPayload.Type

export class ErrandList extends Schema.Class<ErrandList>("ErrandList")({
  records: Schema.Array(ErrandRecord),
  /** How many matched before `limit` cut the oldest off. */
  matched: Schema.Number
}) {}

export const Errands = Rpc.make("Errands", { payload: ErrandsPayload, success: ErrandList, error })
