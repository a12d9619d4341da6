/**
 * `lich cost [--project <name>] [--provider <provider>] [--since <window>] [--json|--csv]`: what
 * the sessions the running lich remembers have cost. The ledger lives in the backend, which reads
 * the transcripts as sessions run; this asks it for the report and prints it. Not an MCP tool.
 */
import { Cost } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { json as printJson, stdout } from "../output.js"
import { parseSince, renderCost, renderCostCsv } from "../render/cost.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"

export const cost = (v: Values) =>
  Effect.gen(function* () {
    const f = { json: v.flag("json"), csv: v.flag("csv"), since: v.text("since"), project: v.text("project"), provider: v.text("provider") }
    if (f.json && f.csv) return yield* new Usage({ message: "--json and --csv are two answers to one question — take one" })
    const sinceMs = f.since === "" ? 0 : parseSince(f.since)
    if (sinceMs === undefined) return yield* new Usage({ message: `--since takes a window such as 7d, 24h or 90m, not "${f.since}"` })
    const report = yield* call("system", Cost, { project: f.project, provider: f.provider, sinceMs })
    yield* f.json ? printJson(report) : stdout(f.csv ? renderCostCsv(report) : renderCost(report))
  })
