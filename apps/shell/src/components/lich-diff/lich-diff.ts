/**
 * One file's diff in the dock, with its line comments in place. A chunk of its own (CodeMirror and
 * the merge view are most of the dock's bytes), imported when the first file is opened. It draws
 * what it is handed — the file's two sides, unified or split, folded or whole, the comments on this
 * file and the one being written — and raises events for what a person does in it; the dock turns
 * those into calls. The editors are made again only when the text or the way it is shown changes:
 * a new comment or an edit only moves the notes, so the scroll position and a half-typed field stay.
 */
import { html, LitElement, type PropertyValues, render } from "lit"
import type { FileDiffWire, ReviewCommentWire } from "../../api/wire.js"
import type { Draft } from "../../store/DockStore.js"
import { type Mounted, mountDiff, type Side } from "./editors.js"
import { styles } from "./lich-diff.styles.js"
import { type NoteHandlers, noteView } from "./note-view.js"
import type { Note } from "./notes.js"

/** The side a file has when it has only one (added, deleted, or the other side binary or too large). */
export const onlySide = (d: FileDiffWire): Side | undefined => {
  if (d.old.state === "text" && d.new.state === "text") return undefined
  if (d.new.state === "text") return "new"
  if (d.old.state === "text") return "old"
  return undefined
}

export class LichDiff extends LitElement {
  static override styles = styles
  static override properties = {
    diff: { attribute: false },
    mode: { attribute: false },
    whole: { attribute: false },
    dark: { attribute: false },
    comments: { attribute: false },
    draft: { attribute: false },
    editing: { attribute: false },
    busy: { attribute: false }
  }
  declare diff: FileDiffWire | undefined
  declare mode: "unified" | "split"
  declare whole: boolean
  declare dark: boolean
  /** the comments on this file and section */
  declare comments: ReadonlyArray<ReviewCommentWire>
  /** the lines picked for a new comment, when they are in this file */
  declare draft: Draft | undefined
  declare editing: string
  declare busy: ReadonlySet<string>
  private mounted: Mounted | undefined
  private shownKey = ""

  constructor() {
    super()
    this.diff = undefined
    this.mode = "unified"
    this.whole = false
    this.dark = false
    this.comments = []
    this.draft = undefined
    this.editing = ""
    this.busy = new Set()
  }

  private raise<T>(name: keyof HTMLElementEventMap, detail: T) {
    this.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true }))
  }

  private readonly handlers: NoteHandlers = {
    save: (text) => this.raise("lich-comment-save", { text }),
    cancel: () => this.raise("lich-comment-cancel", {}),
    edit: (commentId) => this.raise("lich-comment-edit", { commentId }),
    saveEdit: (commentId, text) => this.raise("lich-comment-edit-save", { commentId, text }),
    cancelEdit: () => this.raise("lich-comment-edit-cancel", {}),
    drop: (commentId) => this.raise("lich-comment-drop", { commentId })
  }

  private paint = (el: HTMLElement, note: Note) => {
    const fresh = el.querySelector("textarea") === null
    render(noteView(note, this.handlers), el)
    // A form that just appeared takes the keyboard; one drawn again keeps whatever has it.
    if (fresh && (note.kind === "draft" || note.editing)) requestAnimationFrame(() => el.querySelector("textarea")?.focus())
  }

  private notesOf = (side: Side): ReadonlyArray<Note> => {
    const d = this.diff
    if (d === undefined) return []
    const only = onlySide(d)
    // The unified view's lines are the new side's; a comment on the old side shows in the split view.
    const shows = (s: Side) =>
      only !== undefined ? s === only && s === side : this.mode === "unified" ? s === "new" && side === "new" : s === side
    const notes: Array<Note> = this.comments
      .filter((c) => shows(c.side))
      .map((c) => ({
        kind: "comment",
        comment: c,
        editing: c.id === this.editing,
        busy: this.busy.has(`edit:${c.id}`) || this.busy.has(`drop:${c.id}`)
      }))
    const dr = this.draft
    if (dr && shows(dr.side)) notes.push({ kind: "draft", startLine: dr.startLine, endLine: dr.endLine, busy: this.busy.has("comment") })
    return notes
  }

  override render() {
    return html`<div class="frame"></div>`
  }

  override updated(changed: PropertyValues<this>) {
    const d = this.diff
    const key = d === undefined ? "" : `${this.mode} ${this.whole} ${this.dark} ${d.path}\0${d.old.text}\0${d.new.text}`
    if (key !== this.shownKey || this.mounted === undefined) {
      this.mounted?.destroy()
      this.mounted = undefined
      this.shownKey = key
      const frame = this.renderRoot.querySelector<HTMLElement>(".frame")!
      frame.replaceChildren()
      if (d !== undefined && (d.old.state === "text" || d.new.state === "text")) {
        this.mounted = mountDiff(
          frame,
          this.renderRoot as ShadowRoot,
          { old: d.old.text, new: d.new.text, only: onlySide(d) },
          { mode: this.mode, whole: this.whole, dark: this.dark, path: d.path },
          { paint: this.paint, pick: (side, startLine, endLine) => this.raise("lich-diff-pick", { side, startLine, endLine }) }
        )
      }
    } else if (!changed.has("comments") && !changed.has("draft") && !changed.has("editing") && !changed.has("busy")) return
    this.mounted?.notes(this.notesOf)
  }

  override connectedCallback() {
    super.connectedCallback()
    // Put back in the page (the dock moved it): its editors are made again.
    if (this.hasUpdated) this.requestUpdate()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    this.mounted?.destroy()
    this.mounted = undefined
    this.shownKey = ""
  }
}

customElements.define("lich-diff", LichDiff)

declare global {
  interface HTMLElementTagNameMap {
    "lich-diff": LichDiff
  }
}
