/** What one card shows, worked out without a DOM so it can be tested in node. */
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
}

export const cardView = (c: Card, projectPath: string): CardView => {
  const path = c.path !== "" ? c.path : projectPath
  const relay = c.relay && { text: relayText(c.relay), tooltip: relayTooltip(c.relay), direction: c.relay.direction }
  return {
    glyph: glyphOf(c.kind),
    ring: ringOf(c.state),
    label: c.label,
    path,
    branch: c.branch,
    relay,
    tooltip: [c.label, path, ...(relay ? [relay.tooltip] : []), ...(c.branch ? [c.branch] : [])].join("\n"),
    style: Object.entries(tintVars(c.color)).map(([k, v]) => `${k}: ${v}`).join("; "),
    exited: !c.live
  }
}
