/** What one card shows, worked out without a DOM so it can be tested in node. */
import type { SessionGitWire } from "../../api/wire.js"
import { cardFigures, type Figure, isDirty } from "../../logic/gitFigures.js"
import { glyphOf, ringOf } from "../../logic/kinds.js"
import type { Card } from "../../logic/model.js"
import { relayText, relayTooltip } from "../../logic/relay.js"
import { tintVars } from "../../logic/tints.js"

export interface CardView {
  readonly glyph: string
  readonly ring: "busy" | "done" | "waiting" | ""
  readonly label: string
  /** where it runs: its worktree, else the project's directory */
  readonly path: string
  readonly branch: string
  readonly relay: { readonly text: string; readonly tooltip: string; readonly direction: "out" | "in" } | undefined
  readonly tooltip: string
  readonly style: string
  readonly exited: boolean
  /** one line under the label, the first that applies: waiting reason, tool · detail, origin */
  readonly status: { readonly text: string; readonly tone: "waiting" | "busy" | "origin" } | undefined
  /** "42% · $0.31" when the provider reported usage; "" otherwise */
  readonly usage: string
  readonly confined: boolean
  readonly dirty: boolean
  /** base standing, PR #, checks, diff +/−, overlap: from the backend's last read of its checkout */
  readonly figures: ReadonlyArray<Figure>
}

/** The waiting line's words when the hook gave no reason. */
export const DEFAULT_REASON = "Waiting on you"

export const statusLine = (c: Card): CardView["status"] => {
  if (c.state === "waiting") return { text: c.reason !== "" ? c.reason : DEFAULT_REASON, tone: "waiting" }
  if (c.state === "busy" && c.tool !== "") return { text: c.detail !== "" ? `${c.tool} · ${c.detail}` : c.tool, tone: "busy" }
  if (c.originLabel !== "") return { text: `from ${c.originLabel}`, tone: "origin" }
  return undefined
}

export const usageText = (c: Card): string => {
  const u = c.usage
  if (!u) return ""
  const parts = [u.percent !== undefined ? `${Math.round(u.percent)}%` : "", u.costUsd !== undefined ? `$${u.costUsd.toFixed(2)}` : ""]
  return parts.filter((p) => p !== "").join(" · ")
}

/** The branch the backend read last, else the one the card was opened on; "" outside a repository. */
const branchOf = (c: Card, g: SessionGitWire | undefined) => {
  if (g === undefined) return c.branch
  if (!g.repository) return ""
  return g.branch !== "" ? g.branch : g.head !== "" ? `detached at ${g.head.slice(0, 7)}` : c.branch
}

export const cardView = (c: Card, projectPath: string, git?: SessionGitWire): CardView => {
  const path = c.path !== "" ? c.path : projectPath
  const relay = c.relay && { text: relayText(c.relay), tooltip: relayTooltip(c.relay), direction: c.relay.direction }
  const branch = branchOf(c, git)
  const dirty = isDirty(git)
  const figures = cardFigures(git)
  return {
    glyph: glyphOf(c.kind),
    ring: ringOf(c.state),
    label: c.label,
    path,
    branch,
    relay,
    tooltip: [
      c.label,
      path,
      ...(relay ? [relay.tooltip] : []),
      ...(branch ? [branch + (dirty ? " (uncommitted changes)" : "")] : []),
      ...figures.map((f) => f.title.split("\n")[0]!),
      ...(c.confined ? ["Confined: runs in the sandbox"] : [])
    ].join("\n"),
    style: Object.entries(tintVars(c.color))
      .map(([k, v]) => `${k}: ${v}`)
      .join("; "),
    exited: !c.live,
    status: statusLine(c),
    usage: usageText(c),
    confined: c.confined,
    dirty,
    figures
  }
}
