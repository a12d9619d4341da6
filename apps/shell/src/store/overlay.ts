/** Which dialog covers the window, if any; one at a time, so Escape always means the top one. */

import type { Section } from "../components/lich-settings/view.js"
import type { Card, Project } from "../logic/model.js"
import type { PaletteTab } from "../logic/palette.js"

export type Overlay =
  | { readonly kind: "open-project" }
  /** host: a project on another host's, where the worktree is made; absent = the shown local project */
  | { readonly kind: "worktree"; readonly host?: { readonly name: string; readonly project: Project } }
  | { readonly kind: "close"; readonly card: Card; readonly path: string; readonly files: ReadonlyArray<string> }
  /** section: the one to open at (a cap's toast opens Budgets); absent = Providers */
  | { readonly kind: "settings"; readonly section?: Section }
  | { readonly kind: "palette"; readonly tab: PaletteTab }
  | { readonly kind: "help" }
  /** the relay timeline of the shown project (lich-timeline) */
  | { readonly kind: "timeline" }
  /** the sandbox rung of this provider is Ask: confined or not, for this one session */
  | { readonly kind: "ask"; readonly provider: string }

/** A checkout's last card: closing it must say keep or remove (the CLI's --worktree). */
export const isLastInWorktree = (card: Card, cards: ReadonlyArray<Card>): boolean =>
  card.path !== "" && !cards.some((c) => c.id !== card.id && c.projectId === card.projectId && c.path === card.path)
