/**
 * The relay's shapes: what send, wait, reply, insert and focus return. A Result is the one object
 * `send --json` and `wait --json` print; its status is the outcome a script branches on.
 */
import { Schema } from "effect"

/**
 * answered — the answer is in hand (exit 0). pending — the wait ran out, the errand is open (2).
 * unread — typed at the prompt and never picked up; undelivered — held for a prompt that never came;
 * unanswered — the target ended its turn without replying here (answered somewhere else);
 * stopped — a subagent worker closed before answering; expired — nobody answered within the hour (all 3).
 */
export const ResultStatus = Schema.Literal("answered", "pending", "unread", "undelivered", "unanswered", "stopped", "expired")
export type ResultStatus = typeof ResultStatus.Type

// RelayResult.detail's words (UNREPORTED, UNTYPED, ENDED) live in limits.ts, which imports nothing:
// the CLI's relay commands render them without evaluating a schema (docs/ceilings.md, cold start).

export class RelayResult extends Schema.Class<RelayResult>("RelayResult")({
  ticket: Schema.String,
  /** the target's label */
  target: Schema.String,
  status: ResultStatus,
  answer: Schema.String,
  /**
   * Why, in words, where the status alone would mislead: the reason a `waiting` target gave for being
   * blocked on a person, or "ended" for a target whose process ended on the errand. Prose and MCP
   * text read it; `--json` keeps the contract's four keys.
   */
  detail: Schema.optional(Schema.String)
}) {}

/** A no-ticket collect: every ready result, oldest first, and the labels still owing one. */
export class Collected extends Schema.Class<Collected>("Collected")({
  results: Schema.Array(RelayResult),
  open: Schema.Array(Schema.String),
  /** true when nothing was ready and the call held the line (exit 2 if it came back empty with errands open) */
  held: Schema.Boolean
}) {}

export class Inserted extends Schema.Class<Inserted>("Inserted")({
  id: Schema.String,
  label: Schema.String,
  project: Schema.String,
  kind: Schema.String,
  bytes: Schema.Number
}) {}

export class Focused extends Schema.Class<Focused>("Focused")({
  id: Schema.String,
  label: Schema.String,
  project: Schema.String
}) {}

export class Replied extends Schema.Class<Replied>("Replied")({ ticket: Schema.String }) {}
