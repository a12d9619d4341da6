/**
 * The dock's two file lists: what the checkout holds uncommitted, and what the branch committed
 * since its base, each file with its status, its +/− (or binary, too large) and how many comments
 * it carries. A row opens the file's diff. Pure templates over the backend's read.
 */
import type { DiffSection } from "@lich/contract"
import { html, nothing } from "lit"
import type { FileChangeWire, ReviewCommentWire, SessionGitWire } from "../../api/wire.js"
import { countsText, statusMark } from "../../logic/gitFigures.js"
import type { OpenFile } from "../../store/DockStore.js"

/** A path as a row shows it: git allows a newline in a name, a row has one line. */
export const shownPath = (p: string) => p.replace(/\n/g, "⏎")

const nameParts = (p: string) => {
  const at = p.lastIndexOf("/")
  return at < 0 ? { dir: "", base: p } : { dir: p.slice(0, at + 1), base: p.slice(at + 1) }
}

const row = (
  f: FileChangeWire,
  section: DiffSection,
  open: OpenFile | undefined,
  notes: number,
  pick: (path: string, section: DiffSection) => void
) => {
  const mark = statusMark(f)
  const { dir, base } = nameParts(shownPath(f.path))
  const selected = open !== undefined && open.path === f.path && open.section === section
  return html`<button class="file ${selected ? "selected" : ""}" data-path=${f.path} data-section=${section}
    title=${`${shownPath(f.path)}\n${mark.words}`} aria-pressed=${selected ? "true" : "false"} @click=${() => pick(f.path, section)}>
    <span class="st st-${mark.letter}" aria-label=${mark.words}>${mark.letter}</span>
    <span class="name">${f.oldPath !== "" ? html`<span class="dir">${shownPath(f.oldPath)} → </span>` : nothing}<span class="dir">${dir}</span>${base}</span>
    ${notes > 0 ? html`<span class="notes" title=${`${notes} ${notes === 1 ? "comment" : "comments"} on this file`}>${notes}</span>` : nothing}
    <span class="counts ${f.content}">${countsText(f)}</span>
  </button>`
}

const sum = (files: ReadonlyArray<FileChangeWire>) =>
  files.reduce((a, f) => ({ added: a.added + f.added, removed: a.removed + f.removed }), { added: 0, removed: 0 })

export const filesView = (
  g: SessionGitWire,
  open: OpenFile | undefined,
  comments: ReadonlyArray<ReviewCommentWire>,
  pick: (path: string, section: DiffSection) => void
) => {
  const notesOn = (path: string, section: DiffSection) => comments.filter((c) => c.path === path && c.section === section).length
  const list = (section: DiffSection, files: ReadonlyArray<FileChangeWire>, title: string, empty: string) => {
    const t = sum(files)
    return html`<section class="files" data-section=${section}>
      <h3><span>${title}</span><span class="count">${files.length} ${files.length === 1 ? "file" : "files"}</span>
        ${files.length > 0 ? html`<span class="counts">+${t.added} −${t.removed}</span>` : nothing}</h3>
      ${files.length === 0 ? html`<div class="empty">${empty}</div>` : files.map((f) => row(f, section, open, notesOn(f.path, section), pick))}
    </section>`
  }
  const committedTitle = g.base === "HEAD" || g.base === "" ? "Committed" : `Committed on ${g.branch || "this branch"} since ${g.base}`
  return html`${list("uncommitted", g.uncommitted, "Uncommitted", "Nothing uncommitted.")}
    ${g.base === "HEAD" ? nothing : list("committed", g.committed, committedTitle, "No commits on the branch yet.")}
    ${g.truncated ? html`<div class="empty">The list was cut short; the counts cover every file.</div>` : nothing}`
}
