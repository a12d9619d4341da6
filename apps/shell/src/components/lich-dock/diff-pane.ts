/**
 * The dock's lower half when a file is open: its path and how it is shown (unified or split, the
 * changes or the whole file), then the diff — or why there is none (binary, too large, gone) — with
 * the diff's note events answered here: lines picked, a comment saved, edited or dropped.
 */
import { html, nothing } from "lit"
import type { DiffSideWire, ReviewCommentWire } from "../../api/wire.js"
import { bytes } from "../../logic/gitFigures.js"
import type { DockActions } from "../../store/DockActions.js"
import type { DockState, DockStore, OpenFile } from "../../store/DockStore.js"
import { shownPath } from "./files-view.js"

type Picked = CustomEvent<{ side: "old" | "new"; startLine: number; endLine: number }>

const sideNote = (label: string, s: DiffSideWire) =>
  s.state === "binary"
    ? `${label}: a binary file (${bytes(s.size)}), not shown`
    : s.state === "too-large"
      ? `${label}: too large to show (${bytes(s.size)}); lich does not read it`
      : ""

/** Why a side is not drawn, or how it is: one line each, "" for a plain text side. */
const notes = (old: DiffSideWire, neu: DiffSideWire) =>
  [
    sideNote("Before", old),
    sideNote("After", neu),
    old.encoding === "latin1" || neu.encoding === "latin1" ? "Not UTF-8: shown byte for byte (Latin-1), so line numbers still match" : ""
  ].filter((n) => n !== "")

const toolbar = (d: DockState, file: OpenFile, dock: DockStore) => html`<div class="diff-bar">
  <span class="path" title=${shownPath(file.path)}>${shownPath(file.path)}</span>
  <span class="seg" role="group" aria-label="diff layout">
    <button data-mode="unified" aria-pressed=${d.mode === "unified" ? "true" : "false"} @click=${() => dock.showAs("unified")}>Unified</button>
    <button data-mode="split" aria-pressed=${d.mode === "split" ? "true" : "false"} @click=${() => dock.showAs("split")}>Split</button>
  </span>
  <label class="whole"><input type="checkbox" name="whole" .checked=${d.whole} @change=${(e: Event) => dock.wholeFile((e.target as HTMLInputElement).checked)}> Whole file</label>
  <button class="icon" title="Close the diff" aria-label="close diff" @click=${() => dock.closeFile()}>×</button>
</div>`

export const diffPane = (
  d: DockState,
  file: OpenFile,
  comments: ReadonlyArray<ReviewCommentWire>,
  dark: boolean,
  dock: DockStore,
  actions: DockActions
) => {
  const diff = d.diff
  const mine = comments.filter((c) => c.path === file.path && c.section === file.section)
  const draft = d.draft && d.draft.id === file.id && d.draft.path === file.path && d.draft.section === file.section ? d.draft : undefined
  const said = diff ? notes(diff.old, diff.new) : []
  const drawn = diff !== undefined && (diff.old.state === "text" || diff.new.state === "text")
  return html`<div class="diff-pane" data-path=${file.path} data-section=${file.section}>
    ${toolbar(d, file, dock)}
    ${said.map((n) => html`<div class="diff-note">${n}</div>`)}
    ${
      diff === undefined
        ? html`<div class="empty pad">${d.diffNote !== "" ? d.diffNote : "Reading the file…"}</div>`
        : drawn
          ? html`<lich-diff .diff=${diff} .mode=${d.mode} .whole=${d.whole} .dark=${dark} .comments=${mine} .draft=${draft}
            .editing=${d.editing} .busy=${d.busy}
            @lich-diff-pick=${(e: Picked) => dock.startComment({ ...file, ...e.detail })}
            @lich-comment-save=${(e: CustomEvent<{ text: string }>) => draft && void actions.saveComment(draft, e.detail.text)}
            @lich-comment-cancel=${() => dock.endComment()}
            @lich-comment-edit=${(e: CustomEvent<{ commentId: string }>) => dock.startEdit(e.detail.commentId)}
            @lich-comment-edit-save=${(e: CustomEvent<{ commentId: string; text: string }>) => void actions.editComment(e.detail.commentId, e.detail.text)}
            @lich-comment-edit-cancel=${() => dock.endEdit()}
            @lich-comment-drop=${(e: CustomEvent<{ commentId: string }>) => void actions.dropComment(e.detail.commentId)}></lich-diff>`
          : nothing
    }
  </div>`
}
