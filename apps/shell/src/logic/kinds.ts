/** What a card shows for its kind, and what the window offers to open. */
import { type ShownState, shownStateOf } from "@lich/contract"

/** Glyphs stand in for the providers' logos (no icon font ships with the window). */
const GLYPHS: Record<string, string> = {
  shell: "$",
  claude: "✳",
  codex: "◎",
  antigravity: "▲",
  opencode: "◇",
  omp: "π",
  crush: "✦",
  cursor: "⌖",
  kiro: "κ"
}

export const glyphOf = (kind: string): string => GLYPHS[kind] ?? "•"

/** What "new session" offers, shell first: the kinds spawn.Open takes. */
export const OPENABLE = ["shell", "claude", "codex", "antigravity", "opencode", "omp", "crush", "cursor", "kiro"] as const

/**
 * The states that draw a ring: the contract's shown states, so a card says what `lich sessions`
 * says — compacting rings as busy; idle, interrupted and unknown draw none.
 */
export const ringOf = (state: string): ShownState => shownStateOf(state)
