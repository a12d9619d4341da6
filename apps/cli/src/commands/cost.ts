/**
 * `lich cost [--project <name>] [--provider <provider>] [--since <window>] [--json|--csv]`: what
 * the sessions the running lich remembers have cost. The ledger lives in the backend, which reads
 * the transcripts as sessions run; this asks it for the report and prints it. Not an MCP tool.
 */
import { Command, Options } from "@effect/cli"
import { Cost } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { json as printJson, stdout } from "../output.js"
import { parseSince, renderCost, renderCostCsv } from "../render/cost.js"
import { Usage } from "../usage.js"
import { jsonFlag } from "./shared.js"

const text = (name: string, description: string) => Options.text(name).pipe(Options.withDescription(description), Options.withDefault(""))

export const cost = Command.make(
  "cost",
  {
    project: text(
      "project",
      "one project, by name (case-insensitive) or the absolute path of its directory; one no session sits under is refused"
    ),
    provider: text("provider", "one session kind: claude, codex, crush, …"),
    since: text("since", "sessions active within a window: 7d, 24h, 90m"),
    json: jsonFlag,
    csv: Options.boolean("csv").pipe(Options.withDescription("per-project rows as CSV, no total"))
  },
  (f) =>
    Effect.gen(function* () {
      if (f.json && f.csv) return yield* new Usage({ message: "--json and --csv are two answers to one question — take one" })
      const sinceMs = f.since === "" ? 0 : parseSince(f.since)
      if (sinceMs === undefined) return yield* new Usage({ message: `--since takes a window such as 7d, 24h or 90m, not "${f.since}"` })
      const report = yield* call("system", Cost, { project: f.project, provider: f.provider, sinceMs })
      yield* f.json ? printJson(report) : stdout(f.csv ? renderCostCsv(report) : renderCost(report))
    })
).pipe(Command.withDescription("What the sessions lich remembers have cost, at API prices, per project and in total."))
