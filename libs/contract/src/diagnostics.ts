/**
 * `system.Diagnostics`: the running backend's stacks and state, for `lich rage` — a Node diagnostic
 * report (process.report: the JS stack, native stack, libuv handles, resource use) and Effect's
 * live fibers, as one text. Behind the token like every RPC; credentials in the environment section
 * are masked by the server before they leave it. A backend that does not answer is the finding.
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { LichError } from "./errors.js"

export class DiagnosticReport extends Schema.Class<DiagnosticReport>("DiagnosticReport")({
  pid: Schema.Number,
  /** JSON: `{ "fibers": [...], "node": <process.report> }`, pretty-printed */
  report: Schema.String
}) {}

export const Diagnostics = Rpc.make("Diagnostics", { payload: {}, success: DiagnosticReport, error: LichError })
