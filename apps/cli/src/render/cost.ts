/**
 * `lich cost`'s table, footer and CSV. The lines are interface: the unpriced count travels with the
 * money on every surface, and the last line says whether the total is complete or a lower bound.
 * The table's dash for "no rung" is a thing to print; in CSV the cell is empty, which is the absence.
 */
import type { CostReport, CostSourceName } from "@lich/contract"

export const READOUT_OFF_LINE =
  "The cost readout is off (setting cost.readout): no transcript is being summed, so every session is unpriced."

const dollars = (usd: number) => `$${usd.toFixed(2)}`
const rung = (s: CostSourceName) => (s === "" ? "—" : s)

export const boundLine = (r: Pick<CostReport, "sessions" | "unpriced">): string =>
  r.unpriced === 0
    ? "Complete: every session in this total is priced."
    : `Lower bound: ${r.unpriced} unpriced of ${r.sessions} ${r.sessions === 1 ? "session" : "sessions"} — their spend is not in this total.`

export const renderCost = (r: CostReport): string =>
  [
    ["project", "sessions", "unpriced", "source", "cost"].join("\t"),
    ...r.projects.map((p) => [p.project, p.sessions, p.unpriced, rung(p.source), dollars(p.costUsd)].join("\t")),
    ["total", r.sessions, r.unpriced, rung(r.source), dollars(r.costUsd)].join("\t"),
    ...(r.source === "mixed" ? [`${r.priced} priced by lich, ${r.reported} reported by their provider.`] : []),
    boundLine(r),
    ...(r.readout ? [] : [READOUT_OFF_LINE])
  ].join("\n")

/** RFC 4180: a cell with a comma, quote or newline is quoted, quotes doubled. */
const csvCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

/** Per-project rows and no total: the totals are the columns' sums, unpriced included. */
export const renderCostCsv = (r: CostReport): string =>
  [
    "project,sessions,unpriced,source,cost_usd",
    ...r.projects.map((p) => [csvCell(p.project), p.sessions, p.unpriced, p.source, p.costUsd.toFixed(6)].join(","))
  ].join("\n")

const UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `--since 7d|24h|90m` in ms; undefined for anything else. */
export const parseSince = (text: string): number | undefined => {
  const m = /^(\d{1,6})([mhd])$/.exec(text.trim())
  if (!m) return undefined
  const ms = Number(m[1]) * UNITS[m[2]!]!
  return ms > 0 ? ms : undefined
}
