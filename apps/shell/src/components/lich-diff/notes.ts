/**
 * Line comments inside one editor of the diff: each comment a block under its last line (the lines
 * it covers tinted), the form being written under the lines picked, and the two ways to pick lines
 * — a click on a line number or a drag down the numbers, or a text selection's "Comment" button.
 * What a note looks like is the host's to draw (`Painter`, with lit's render); this file only places
 * them, so CodeMirror keeps a note's DOM (and a half-typed comment) while nothing about it changed.
 */
import { type EditorState, type Extension, type Range, StateEffect, StateField } from "@codemirror/state"
import { Decoration, type DecorationSet, EditorView, lineNumbers, showTooltip, type Tooltip, WidgetType } from "@codemirror/view"
import type { ReviewCommentWire } from "../../api/wire.js"

export type Note =
  | { readonly kind: "comment"; readonly comment: ReviewCommentWire; readonly editing: boolean; readonly busy: boolean }
  | { readonly kind: "draft"; readonly startLine: number; readonly endLine: number; readonly busy: boolean }

/** Draws a note into its block (again, in place, when it changed). */
export type Painter = (el: HTMLElement, note: Note) => void

/** The notes of this editor's side, handed in whole each time the comments or the form change. */
export const setNotes = StateEffect.define<ReadonlyArray<Note>>()

const keyOf = (n: Note) =>
  n.kind === "draft"
    ? `draft ${n.startLine} ${n.endLine} ${n.busy}`
    : `${n.comment.id} ${n.comment.text} ${n.comment.state} ${n.comment.outdated} ${n.editing} ${n.busy}`

class NoteWidget extends WidgetType {
  constructor(
    readonly note: Note,
    readonly paint: Painter
  ) {
    super()
  }
  private get key() {
    return keyOf(this.note)
  }
  override eq(other: NoteWidget) {
    return other.key === this.key
  }
  toDOM() {
    const el = document.createElement("div")
    el.className = "cm-lich-note"
    el.dataset.note = this.note.kind === "draft" ? "draft" : this.note.comment.id
    this.paint(el, this.note)
    return el
  }
  /** The same note changed (edited, sent): drawn again in place, so a field being typed in keeps its text and focus. */
  override updateDOM(dom: HTMLElement) {
    const same = (dom.dataset.note ?? "") === (this.note.kind === "draft" ? "draft" : this.note.comment.id)
    if (same) this.paint(dom, this.note)
    return same
  }
  override ignoreEvent() {
    return true
  }
  override get estimatedHeight() {
    return 64
  }
}

const lineCount = (s: EditorState, n: number) => Math.max(1, Math.min(n, s.doc.lines))

const picked = Decoration.line({ class: "cm-lich-picked" })
const commented = Decoration.line({ class: "cm-lich-commented" })

const decorate = (s: EditorState, notes: ReadonlyArray<Note>, paint: Painter): DecorationSet => {
  const ranges: Array<Range<Decoration>> = []
  for (const n of notes) {
    const start = lineCount(s, n.kind === "draft" ? n.startLine : n.comment.startLine)
    const end = lineCount(s, n.kind === "draft" ? n.endLine : n.comment.endLine)
    for (let l = start; l <= end; l++) ranges.push((n.kind === "draft" ? picked : commented).range(s.doc.line(l).from))
    ranges.push(Decoration.widget({ widget: new NoteWidget(n, paint), block: true, side: 1 }).range(s.doc.line(end).to))
  }
  return Decoration.set(ranges, true)
}

/** The notes' blocks for one editor. */
export const notesField = (paint: Painter) =>
  StateField.define<DecorationSet>({
    create: () => Decoration.none,
    update(deco, tr) {
      for (const e of tr.effects) if (e.is(setNotes)) return decorate(tr.state, e.value, paint)
      return deco.map(tr.changes)
    },
    provide: (f) => EditorView.decorations.from(f)
  })

const lineAtY = (view: EditorView, clientY: number) => view.state.doc.lineAt(view.lineBlockAtHeight(clientY - view.documentTop).from).number

/**
 * The lines git counts: a file's final newline ends its last line, but the editor shows an empty
 * line after it. That line gets no number and cannot be picked — the backend refuses a comment past
 * the file's end, and a numbered blank line there reads as a line the agent added. (Handing the
 * editor the text without its final newline instead would move an appended line's insertion onto
 * the line before it, and the diff would mark that unchanged line as changed.)
 */
const gitLines = (s: EditorState) => s.doc.lines - (s.doc.line(s.doc.lines).length === 0 ? 1 : 0)

/** Line numbers that pick lines: a click picks one, a drag down (or up) the numbers picks a range. */
export const pickingLineNumbers = (pick: (startLine: number, endLine: number) => void): Extension =>
  lineNumbers({
    formatNumber: (n, state) => (n > gitLines(state) ? "" : String(n)),
    domEventHandlers: {
      mousedown(view, block, event) {
        if ((event as MouseEvent).button !== 0) return false
        const from = view.state.doc.lineAt(block.from).number
        const up = (e: MouseEvent) => {
          window.removeEventListener("mouseup", up, true)
          const last = gitLines(view.state)
          const to = lineAtY(view, e.clientY)
          const [a, b] = [Math.min(from, to), Math.min(Math.max(from, to), last)]
          if (a <= b) pick(a, b)
        }
        window.addEventListener("mouseup", up, true)
        event.preventDefault()
        return true
      }
    }
  })

/** A text selection across lines offers "Comment on lines a–b" above it. */
export const selectionComment = (pick: (startLine: number, endLine: number) => void): Extension =>
  StateField.define<Tooltip | null>({
    create: () => null,
    update(_t, tr) {
      const r = tr.state.selection.main
      if (r.empty) return null
      const a = tr.state.doc.lineAt(r.from).number
      // A selection that ends at the very start of a line does not take that line.
      const endLine = tr.state.doc.lineAt(r.to)
      const b = Math.min(r.to === endLine.from && endLine.number > a ? endLine.number - 1 : endLine.number, gitLines(tr.state))
      if (a > b) return null
      return {
        pos: r.head,
        above: true,
        create: () => {
          const dom = document.createElement("button")
          dom.className = "cm-lich-pick"
          dom.textContent = a === b ? `Comment on line ${a}` : `Comment on lines ${a}–${b}`
          dom.addEventListener("mousedown", (e) => {
            e.preventDefault()
            pick(a, b)
          })
          return { dom }
        }
      }
    },
    provide: (f) => showTooltip.from(f)
  })
