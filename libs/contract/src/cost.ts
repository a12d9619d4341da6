/**
 * `lich cost`: what the sessions lich still remembers have cost, one row per project and a total.
 * `source` is the rung the money came from — priced (lich's arithmetic over a transcript's token
 * counts), reported (the provider's own figure), mixed, or "" when the row has no money to
 * attribute. `unpriced` travels with the money everywhere: a sum over a unit with one is a lower
 * bound. `readout` false means nothing is being counted at all (the cost.readout setting).
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { LichError } from "./errors.js"

export const CostSourceName = Schema.Literal("priced", "reported", "mixed", "")
export type CostSourceName = typeof CostSourceName.Type

export class ProjectCost extends Schema.Class<ProjectCost>("ProjectCost")({
  project: Schema.String,
  sessions: Schema.Number,
  unpriced: Schema.Number,
  source: CostSourceName,
  costUsd: Schema.Number
}) {}

export class CostReport extends Schema.Class<CostReport>("CostReport")({
  projects: Schema.Array(ProjectCost),
  sessions: Schema.Number,
  unpriced: Schema.Number,
  costUsd: Schema.Number,
  source: CostSourceName,
  /** counted sessions whose money is lich's arithmetic (a mixed session counts here) */
  priced: Schema.Number,
  /** counted sessions whose money is only their provider's own figure */
  reported: Schema.Number,
  readout: Schema.Boolean
}) {}

/** project "" = every project; provider "" = every kind; sinceMs 0 = no window. */
export const CostPayload = Schema.Struct({ project: Schema.String, provider: Schema.String, sinceMs: Schema.Number })
export type CostPayload = typeof CostPayload.Type
export const Cost = Rpc.make("Cost", { payload: CostPayload, success: CostReport, error: LichError })
