/**
 * `lich cost [--project <name>] [--provider <provider>] [--since <window>] [--json|--csv]`: what
 * the sessions the running lich remembers have cost. The ledger lives in the backend, which reads
 * the transcripts as sessions run; this asks it for the report and prints it. Not an MCP tool. A
 * plain command (spec.ts).
 */
import { parseSince, renderCost, renderCostCsv } from "../render/cost.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended, usageEnding } from "./ending.js"

export const cost = async (v: Values): Promise<Ending> => {
  const f = { json: v.flag("json"), csv: v.flag("csv"), since: v.text("since"), project: v.text("project"), provider: v.text("provider") }
  if (f.json && f.csv) return usageEnding("--json and --csv are two answers to one question — take one")
  const sinceMs = f.since === "" ? 0 : parseSince(f.since)
  if (sinceMs === undefined) return usageEnding(`--since takes a window such as 7d, 24h or 90m, not "${f.since}"`)
  const report = await callPlain("system.Cost", { project: f.project, provider: f.provider, sinceMs })
  return ended(report, f.json, f.csv ? renderCostCsv : renderCost)
}
