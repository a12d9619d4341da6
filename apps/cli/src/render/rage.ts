/**
 * What `lich rage` prints and the report.md it writes. The three printed lines are interface;
 * report.md is for a person reading a bug, in Markdown tables so an issue renders it as it is.
 */
import type { DirEntry, Instance, ProviderFact } from "@lich/doctor"
import { instanceLine } from "@lich/doctor"

export interface RageReport {
  readonly version: string
  readonly node: string
  /** `git <describe>` of the checkout lich runs from, or why there is none */
  readonly build: string
  readonly platform: string
  readonly kernel: string
  readonly at: Date
  readonly instance: Instance
  readonly configDir: string
  readonly log: string
  readonly browser: string
  readonly confinement: string
  readonly providers: ReadonlyArray<ProviderFact>
  readonly configEntries: ReadonlyArray<DirEntry>
  readonly logs: ReadonlyArray<{ readonly name: string; readonly size: number }>
}

export const READ_IT_FIRST = "Read it before you attach it: it carries absolute paths, project and branch names."

export const renderRageLines = (file: string, r: Pick<RageReport, "version" | "platform" | "instance">): string =>
  [`Wrote ${file}`, `lich v${r.version} on ${r.platform}, ${instanceLine(r.instance)}.`, READ_IT_FIRST].join("\n")

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ")
const table = (head: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`)].join("\n")

const diagnosticsNote = (i: Instance): string =>
  i._tag === "running"
    ? "diagnostics.txt holds the running lich's Node diagnostic report and its fibers."
    : i._tag === "silent"
      ? "diagnostics.txt says the running lich did not answer: that is the finding."
      : "No lich was running, so there are no stacks to collect."

export const renderReportMd = (r: RageReport): string =>
  [
    `# lich bug report`,
    "",
    `Collected ${r.at.toISOString()} by lich rage. ${READ_IT_FIRST}`,
    "",
    table(
      ["fact", "value"],
      [
        ["version", `lich v${r.version} (node ${r.node})`],
        ["build", r.build],
        ["platform", `${r.platform}, kernel ${r.kernel}`],
        ["instance", instanceLine(r.instance)],
        ["config dir", r.configDir],
        ["log", r.log],
        ["browser", r.browser],
        ["confinement", r.confinement]
      ]
    ),
    "",
    diagnosticsNote(r.instance),
    "",
    "## Providers",
    "",
    table(
      ["provider", "binary", "on PATH", "plugin laid by lich"],
      r.providers.map((p) => [p.id, p.binary, p.resolved ?? "not found", p.plugins.join(", ") || "—"])
    ),
    "",
    "## Config directory",
    "",
    r.configEntries.length === 0
      ? "(empty or missing)"
      : table(
          ["entry", "kind", "size", "mode", "note"],
          r.configEntries.map((e) => [e.name, e.kind, String(e.size), e.mode, e.note])
        ),
    "",
    "## Logs",
    "",
    r.logs.length === 0
      ? "No log file was found."
      : table(
          ["file", "size on disk"],
          r.logs.map((l) => [l.name, String(l.size)])
        ),
    ""
  ].join("\n")
