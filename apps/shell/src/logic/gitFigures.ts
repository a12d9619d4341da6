/**
 * The figures a card and the dock show of a session's checkout — branch, base standing, PR and its
 * checks, diff +/−, the radar's overlap — each with where it came from and when, and marked stale
 * when the last read failed. Pure, so the card and the dock word them the same way and node tests
 * them without a DOM.
 */
import type { FileChangeWire, GhStatusWire, PrWire, ReadWire, SessionGitWire } from "../api/wire.js"

export type Tone = "" | "warn" | "bad" | "good"

export interface Figure {
  readonly key: "standing" | "pr" | "checks" | "diff" | "overlap" | "base"
  readonly text: string
  readonly tone: Tone
  /** what it is, its source and the time of its read; why it is stale when it is */
  readonly title: string
  readonly stale: boolean
}

const pad = (n: number) => String(n).padStart(2, "0")

/** "14:03:05", local time: a card is read at a glance, not across days. */
export const clock = (at: number) => {
  const d = new Date(at)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** The hover line every figure ends with: its source, its read, and the failure that made it stale. */
export const sourceLine = (r: ReadWire) => {
  const stale = r.stale ? `\nstale: the last read failed${r.error !== "" ? ` — ${r.error}` : ""}` : ""
  return `from ${r.source}, read at ${clock(r.at)}${stale}`
}

const figure = (key: Figure["key"], text: string, tone: Tone, what: string, r: ReadWire): Figure => ({
  key,
  text,
  tone,
  title: `${what}\n${sourceLine(r)}`,
  stale: r.stale
})

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export const standingFigure = (g: SessionGitWire): Figure | undefined => {
  const s = g.standing
  if (g.baseGone)
    return figure(
      "base",
      "base gone",
      "warn",
      `${g.base} no longer exists: compared against the commit it was at when the session opened`,
      g.read
    )
  if (s === undefined) return undefined
  const parts = [s.behind > 0 ? `↓${s.behind}` : "", s.ahead > 0 ? `↑${s.ahead}` : ""].filter((p) => p !== "")
  if (s.conflict === "conflict") parts.push("conflict")
  if (parts.length === 0) return undefined
  const what = [
    `${plural(s.ahead, "commit")} ahead of ${g.base}, ${plural(s.behind, "commit")} behind`,
    s.conflict === "conflict" ? `merging would conflict in ${s.conflicted.join(", ")}` : "",
    s.conflict === "unknown" && s.read.error !== "" ? s.read.error : ""
  ]
  return figure(
    "standing",
    parts.join(" "),
    s.conflict === "conflict" ? "bad" : s.behind > 0 ? "warn" : "",
    what.filter((w) => w !== "").join("\n"),
    s.read
  )
}

export const prFigure = (pr: PrWire): Figure => {
  const state = pr.draft && pr.state === "OPEN" ? "draft" : pr.state.toLowerCase()
  const decision = pr.reviewDecision !== "" ? `, ${pr.reviewDecision.toLowerCase().replace(/_/g, " ")}` : ""
  const tone: Tone = pr.state === "MERGED" ? "good" : pr.reviewDecision === "CHANGES_REQUESTED" ? "warn" : ""
  return figure("pr", `#${pr.number}`, tone, `pull request #${pr.number} (${state}${decision}): ${pr.title}`, pr.read)
}

/** The checks ring: red while any fails, amber while any runs, green when all passed. */
export const checksFigure = (pr: PrWire): Figure | undefined => {
  const c = pr.checks
  const total = c.passed + c.failed + c.pending + c.skipped
  if (total === 0) return undefined
  const tone: Tone = c.failed > 0 ? "bad" : c.pending > 0 ? "warn" : "good"
  const what = [`checks: ${c.passed} passed, ${c.failed} failed, ${c.pending} pending, ${c.skipped} skipped`]
  for (const f of c.checks.filter((x) => x.bucket === "fail")) what.push(`✗ ${f.name}`)
  return figure("checks", tone === "bad" ? `${c.failed}✗` : tone === "warn" ? `${c.pending}…` : "✓", tone, what.join("\n"), c.read)
}

export const diffFigure = (g: SessionGitWire): Figure | undefined => {
  const files = g.committed.length + g.uncommitted.length
  if (files === 0) return undefined
  const what = `${plural(g.committed.length, "file")} committed on the branch, ${plural(g.uncommitted.length, "file")} uncommitted: ${g.added} lines added, ${g.removed} removed`
  return figure("diff", `+${g.added} −${g.removed}`, "", what, g.read)
}

export const overlapFigure = (g: SessionGitWire): Figure | undefined => {
  if (g.overlaps.length === 0) return undefined
  const what = g.overlaps.map((o) => `also changed by ${o.label}: ${o.files.join(", ")}`).join("\n")
  return figure("overlap", `⚠ ${g.overlaps.length}`, "warn", what, g.read)
}

/** Every figure the card shows, in the reference's order: standing, PR #, checks, diff +/−, overlap. */
export const cardFigures = (g: SessionGitWire | undefined): ReadonlyArray<Figure> => {
  if (g === undefined || !g.repository) return []
  const pr = g.pr
  return [standingFigure(g), pr && prFigure(pr), pr && checksFigure(pr), diffFigure(g), overlapFigure(g)].filter(
    (f): f is Figure => f !== undefined
  )
}

/** The one-letter status a file row leads with, and the words its hover says. */
export const statusMark = (f: FileChangeWire): { readonly letter: string; readonly words: string } => {
  if (f.untracked) return { letter: "U", words: "untracked (new, not added yet)" }
  const letter = { added: "A", modified: "M", deleted: "D", renamed: "R", copied: "C", typechange: "T", unmerged: "!" }[f.status]
  return { letter, words: f.status === "renamed" || f.status === "copied" ? `${f.status} from ${f.oldPath}` : f.status }
}

/** What a file row says after its path: its counts, or why there are none. */
export const countsText = (f: FileChangeWire) =>
  f.content === "binary" ? "binary" : f.content === "too-large" ? `too large (${bytes(f.size)})` : `+${f.added} −${f.removed}`

export const bytes = (n: number) =>
  n >= 1024 * 1024 * 1024
    ? `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`
    : n >= 1024 * 1024
      ? `${(n / 1024 / 1024).toFixed(1)} MB`
      : n >= 1024
        ? `${(n / 1024).toFixed(1)} KB`
        : `${n} B`

/** The checkout has uncommitted work: the card's dot. */
export const isDirty = (g: SessionGitWire | undefined) => g !== undefined && g.uncommitted.length > 0

/** What the card's menu says of pull requests: "" when gh can open them, else gh's own line why not (never an error dialog). */
export const ghNote = (gh: GhStatusWire | undefined) => (gh === undefined || (gh.installed && gh.loggedIn) ? "" : gh.detail)
