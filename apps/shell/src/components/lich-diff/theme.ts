/**
 * How the diff's editors look: the window's tokens (background, borders, muted text) so they sit in
 * the dock like the rest of it, the terminal's font, and the diff's own marks. Added and removed
 * lines keep the merge view's green and red (semantic colour, the only kind the reference allows);
 * the lines picked for a comment are tinted blue, the lines a comment covers carry an amber edge.
 */
import { EditorView } from "@codemirror/view"

const tint = (colour: string, pct: number) => `color-mix(in oklab, ${colour} ${pct}%, transparent)`

export const diffTheme = EditorView.theme({
  "&": { height: "100%", fontSize: "12px", backgroundColor: "var(--background)", color: "var(--foreground)" },
  ".cm-scroller": { fontFamily: '"Lich Mono", ui-monospace, monospace', lineHeight: "1.5" },
  ".cm-content": { padding: "2px 0" },
  "&.cm-focused": { outline: "none" },
  ".cm-gutters": { backgroundColor: "var(--background)", color: "var(--muted-foreground)", borderRight: "1px solid var(--border)" },
  ".cm-lineNumbers .cm-gutterElement": { cursor: "pointer", padding: "0 6px 0 10px", minWidth: "32px" },
  ".cm-lineNumbers .cm-gutterElement:hover": { color: "var(--foreground)", backgroundColor: "var(--accent)" },
  "&.cm-merge-b .cm-changedLine, & .cm-insertedLine, &.lich-only-new .cm-line": { backgroundColor: tint("#10b981", 14) },
  "&.cm-merge-a .cm-changedLine, & .cm-deletedChunk, &.lich-only-old .cm-line": { backgroundColor: tint("#ef4444", 12) },
  "& .cm-changedText": { background: tint("#10b981", 32) },
  "&.cm-merge-a .cm-changedText, & .cm-deletedChunk .cm-deletedText": { background: tint("#ef4444", 30) },
  // The merge view frames the fold with ⦚, a glyph the terminal's font lacks: the words say it.
  ".cm-collapsedLines": { color: "var(--muted-foreground)", background: "var(--muted)", fontSize: "11px", cursor: "pointer" },
  ".cm-collapsedLines:before, .cm-collapsedLines:after": { content: '""', margin: "0" },
  ".cm-collapsedLines:hover": { color: "var(--foreground)" },
  ".cm-lich-picked": { backgroundColor: `${tint("#3b82f6", 22)} !important` },
  ".cm-lich-commented": { boxShadow: "inset 3px 0 #f59e0b" },
  ".cm-tooltip": { border: "none", background: "transparent" },
  ".cm-lich-pick": {
    font: "12px Geist, Inter, system-ui, sans-serif",
    padding: "2px 8px",
    borderRadius: "6px",
    border: "1px solid var(--border)",
    background: "var(--primary)",
    color: "var(--primary-foreground)",
    cursor: "pointer"
  },
  ".cm-lich-note": { padding: "4px 8px 6px 8px", fontFamily: "Geist, Inter, system-ui, sans-serif", whiteSpace: "normal" }
})
