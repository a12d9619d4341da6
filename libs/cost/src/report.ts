/**
 * The arithmetic of `lich cost`, pure: sessions and their ledger rows in, the report out. A session
 * with no row, or with a transcript stuck on a turn it could not price, is unpriced — its known part
 * still counts, and the unpriced count says the total is a lower bound. A provider's own figure for
 * a conversation replaces lich's pricing of that conversation's transcripts (the same money twice
 * is the one error a cost report must not make); a session with both rungs reads mixed.
 */
import { CostReport, type CostSourceName, ProjectCost } from "@lich/contract"
import type { CostedSession, LedgerRow } from "@lich/store"

export interface CostFilter {
  readonly project: string
  readonly provider: string
  /** 0 = no window; else only sessions active within this many ms of `now`. */
  readonly sinceMs: number
  readonly now: number
}

export const REPORTED_PREFIX = "reported:"

interface Priced {
  readonly project: string
  readonly counted: boolean
  readonly source: CostSourceName
  readonly costUsd: number
}

/** The rows that count: a priced transcript gives way to its own conversation's reported figure. */
export const effectiveRows = (rows: ReadonlyArray<LedgerRow>): ReadonlyArray<LedgerRow> => {
  const reported = rows.filter((r) => r.source === "reported").map((r) => r.transcriptId.slice(REPORTED_PREFIX.length))
  return rows.filter((r) => r.source === "reported" || !reported.some((c) => r.transcriptId === c || r.transcriptId.startsWith(`${c}/`)))
}

/** A session's last counted turn; with none, when it was parked, or now while it is still open. */
export const activityOf = (s: CostedSession, now: number): number => {
  const last = Math.max(0, ...s.rows.map((r) => r.activityAt))
  return last > 0 ? last : s.isOpen ? now : s.parkedAt
}

const rungOf = (sources: ReadonlyArray<CostSourceName>): CostSourceName => {
  const set = new Set(sources.filter((x) => x !== ""))
  if (set.size === 0) return ""
  return set.size === 1 ? [...set][0]! : "mixed"
}

const price = (s: CostedSession, readout: boolean): Priced => {
  const rows = readout ? effectiveRows(s.rows) : []
  const counted = rows.length > 0 && !rows.some((r) => r.stuck)
  return {
    project: s.project,
    counted,
    source: counted ? rungOf(rows.map((r) => r.source)) : "",
    costUsd: rows.reduce((sum, r) => sum + r.costUsd, 0)
  }
}

/** One session's spend so far and its rung ("" when lich could not price all of it: a lower bound). */
export const sessionSpend = (s: CostedSession, readout: boolean): { readonly costUsd: number; readonly source: CostSourceName } => {
  const p = price(s, readout)
  return { costUsd: p.costUsd, source: p.counted ? p.source : "" }
}

const sum = (xs: ReadonlyArray<Priced>) => xs.reduce((a, x) => a + x.costUsd, 0)

/** The report, or the refusal for a --project no session sits under. */
export const costReport = (
  all: ReadonlyArray<CostedSession>,
  f: CostFilter,
  readout: boolean
): { readonly _tag: "report"; readonly report: CostReport } | { readonly _tag: "unknown-project" } => {
  const wanted = f.project.toLowerCase()
  // By name, case-insensitively, or by the absolute path of its directory, as every command matches one.
  const inProject = (s: CostedSession) => wanted === "" || s.project.toLowerCase() === wanted || s.projectPath === f.project
  if (wanted !== "" && !all.some(inProject)) return { _tag: "unknown-project" }
  const picked = all.filter(
    (s) => inProject(s) && (f.provider === "" || s.kind === f.provider) && (f.sinceMs <= 0 || activityOf(s, f.now) >= f.now - f.sinceMs)
  )
  const priced = picked.map((s) => price(s, readout))
  const names = [...new Set(priced.map((p) => p.project))]
  const projects = names
    .map((name) => {
      const ps = priced.filter((p) => p.project === name)
      return new ProjectCost({
        project: name,
        sessions: ps.length,
        unpriced: ps.filter((p) => !p.counted).length,
        source: rungOf(ps.filter((p) => p.counted).map((p) => p.source)),
        costUsd: sum(ps)
      })
    })
    .sort((a, b) => b.costUsd - a.costUsd || a.project.localeCompare(b.project))
  const counted = priced.filter((p) => p.counted)
  return {
    _tag: "report",
    report: new CostReport({
      projects,
      sessions: priced.length,
      unpriced: priced.length - counted.length,
      costUsd: sum(priced),
      source: rungOf(counted.map((p) => p.source)),
      priced: counted.filter((p) => p.source !== "reported").length,
      reported: counted.filter((p) => p.source === "reported").length,
      readout
    })
  }
}
