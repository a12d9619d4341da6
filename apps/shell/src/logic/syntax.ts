/**
 * The diff's syntax colours, from the terminal palette of the theme in use (a theme file names red,
 * green, blue… for its terminal), so a theme dropped in `<config>/lich/themes` colours the code too,
 * light or dark, with nothing more to write. Set as CSS variables on the dock; the diff's highlight
 * style only names them. Apart from the editor's code, so the dock sets them without loading it.
 */

/** Which terminal colour each syntax role takes (a fallback when a theme leaves one out). */
export const SYNTAX_COLOURS = {
  keyword: ["magenta", "#c026d3"],
  string: ["green", "#16a34a"],
  number: ["yellow", "#ca8a04"],
  comment: ["brightBlack", "#71717a"],
  type: ["cyan", "#0891b2"],
  fn: ["blue", "#2563eb"],
  tag: ["red", "#dc2626"],
  meta: ["brightBlack", "#71717a"]
} as const

export type SyntaxRole = keyof typeof SYNTAX_COLOURS

/** `--syn-<role>` for each role, from a terminal theme. */
export const syntaxVariables = (terminal: Readonly<Record<string, string>>): string =>
  Object.entries(SYNTAX_COLOURS)
    .map(([role, [name, fallback]]) => `--syn-${role}: ${terminal[name] ?? fallback}`)
    .join("; ")
