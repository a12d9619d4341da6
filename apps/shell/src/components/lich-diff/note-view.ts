/**
 * What a note in the diff shows: a comment (who made it — the person or a reviewer session — its
 * lines, outdated and sent marks, its text or the field editing it, Edit and Drop while a draft),
 * or the form for a new one. Plain templates; the buttons call the host's handlers, which raise the
 * diff's events. Ctrl+Enter saves a field, Escape leaves it.
 */
import { html, nothing } from "lit"
import type { Note } from "./notes.js"

export interface NoteHandlers {
  readonly save: (text: string) => void
  readonly cancel: () => void
  readonly edit: (commentId: string) => void
  readonly saveEdit: (commentId: string, text: string) => void
  readonly cancelEdit: () => void
  readonly drop: (commentId: string) => void
}

const lines = (a: number, b: number) => (a === b ? `line ${a}` : `lines ${a}–${b}`)

const field = (text: string, busy: boolean, label: string, save: (t: string) => void, cancel: () => void) => {
  const area = (e: Event) => (e.currentTarget as HTMLElement).closest(".note")!.querySelector("textarea")!
  return html`<textarea rows="3" .value=${text} placeholder="Say what should change, and why" aria-label="comment"
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
          e.preventDefault()
          save((e.target as HTMLTextAreaElement).value)
        }
        if (e.key === "Escape") {
          e.stopPropagation()
          cancel()
        }
      }}></textarea>
    <div class="acts">
      <button class="primary" data-act="save" ?disabled=${busy} @click=${(e: Event) => save(area(e).value)}>${label}</button>
      <button data-act="cancel" @click=${cancel}>Cancel</button>
    </div>`
}

export const noteView = (n: Note, h: NoteHandlers) => {
  if (n.kind === "draft")
    return html`<div class="note form" data-draft>
      <div class="head"><span class="where">Comment on ${lines(n.startLine, n.endLine)}</span></div>
      ${field("", n.busy, "Comment", h.save, h.cancel)}
    </div>`
  const c = n.comment
  const who = c.authorKind === "reviewer" ? c.author : "You"
  return html`<div class="note ${c.authorKind} ${c.state} ${c.outdated ? "outdated" : ""}" data-comment=${c.id}>
    <div class="head">
      <span class="who">${who}</span><span class="where">${lines(c.startLine, c.endLine)}</span>
      ${c.outdated ? html`<span class="badge outdated" title="these lines no longer read as they did when the comment was made">outdated</span>` : nothing}
      ${c.state === "sent" ? html`<span class="badge sent">sent</span>` : nothing}
      ${
        c.state === "draft" && !n.editing
          ? html`<span class="acts inline">
        <button data-act="edit" @click=${() => h.edit(c.id)}>Edit</button>
        <button data-act="drop" ?disabled=${n.busy} @click=${() => h.drop(c.id)}>Drop</button></span>`
          : nothing
      }
    </div>
    ${n.editing ? field(c.text, n.busy, "Save", (t) => h.saveEdit(c.id, t), h.cancelEdit) : html`<div class="text">${c.text}</div>`}
  </div>`
}
