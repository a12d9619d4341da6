/** The xterm settings every card's terminal starts with. Pure, so the choices are tested and explained once. */
import { COLS, ROWS } from "@lich/contract"
import type { ITerminalOptions } from "@xterm/xterm"

/** 5000 lines: a long build log stays scrollable; the backend's replay ring covers reloads. */
export const SCROLLBACK = 5000
/** The fonts the backend serves (apps/shell/build.mjs), then the machine's own as a last resort. */
export const FONT = '"Lich Mono", "Lich Symbols", "Lich Symbols 2", "DejaVu Sans Mono", monospace'
/** What must be loaded before xterm measures a cell: a cell measured on a fallback font stays wrong. */
export const FONT_LOADS: ReadonlyArray<readonly [string, string]> = [
  ['13px "Lich Mono"', "M"],
  ['bold 13px "Lich Mono"', "M"],
  // A font with a unicode-range loads only for a character inside it.
  ['13px "Lich Symbols"', "⎿"],
  ['13px "Lich Symbols 2"', "⏵"]
]

/**
 * 4.5 (WCAG AA for text): xterm nudges any foreground too close to its background, so a TUI's
 * true-colour white on the light theme's white (Claude Code's answer bullets) stays readable.
 */
export const MIN_CONTRAST = 4.5

export const terminalOptions = (theme: Record<string, string>): ITerminalOptions => ({
  fontFamily: FONT,
  fontSize: 13,
  lineHeight: 1.15,
  scrollback: SCROLLBACK,
  cursorBlink: true,
  minimumContrastRatio: MIN_CONTRAST,
  // The shell owns the title and bell; the window shows neither.
  allowProposedApi: true,
  theme
})

/** What a ResizeObserver saw is worth telling the PTY only when the grid changed and fits the contract's bounds. */
export const sizeToSend = (cols: number, rows: number, last: { cols: number; rows: number } | undefined) => {
  if (!Number.isFinite(cols) || !Number.isFinite(rows)) return undefined
  const c = Math.min(COLS.max, Math.max(COLS.min, Math.round(cols)))
  const r = Math.min(ROWS.max, Math.max(ROWS.min, Math.round(rows)))
  return last && last.cols === c && last.rows === r ? undefined : { cols: c, rows: r }
}
