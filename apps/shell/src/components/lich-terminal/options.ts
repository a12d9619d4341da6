/** The xterm settings every card's terminal starts with. Pure, so the choices are tested and explained once. */
import type { ITerminalOptions } from "@xterm/xterm"

/** 5000 lines: a long build log stays scrollable; the backend's replay ring covers reloads. */
export const SCROLLBACK = 5000
export const FONT = '"FiraCode Nerd Font Mono", "Fira Code", "JetBrains Mono", ui-monospace, "DejaVu Sans Mono", monospace'

export const terminalOptions = (theme: Record<string, string>): ITerminalOptions => ({
  fontFamily: FONT,
  fontSize: 13,
  lineHeight: 1.15,
  scrollback: SCROLLBACK,
  cursorBlink: true,
  // The shell owns the title and bell; the window shows neither.
  allowProposedApi: true,
  theme
})

/** What a ResizeObserver saw is worth telling the PTY only when the grid changed and fits the contract's bounds. */
export const sizeToSend = (cols: number, rows: number, last: { cols: number; rows: number } | undefined) => {
  if (!Number.isFinite(cols) || !Number.isFinite(rows)) return undefined
  const c = Math.min(400, Math.max(20, Math.round(cols)))
  const r = Math.min(200, Math.max(5, Math.round(rows)))
  return last && last.cols === c && last.rows === r ? undefined : { cols: c, rows: r }
}
