/**
 * The review in the dock: the comments not sent yet (the person's and a reviewer's, each opening its
 * file at its lines), "Send review" — every draft to the session as one prompt — and "Ask for a
 * review" of another session (by default one of another kind, opened when none is live), then each
 * round with its peer, its outcome and the answer beside it.
 */
import { html, nothing } from "lit"
import type { ReviewCommentWire, ReviewRoundWire, ReviewStateWire } from "../../api/wire.js"
import type { Card } from "../../logic/model.js"
import { shownPath } from "./files-view.js"

export interface ReviewerChoice {
  readonly value: string
  readonly label: string
}

/** Who can be asked: "" = lich picks (another kind), a live session of the project, or a new session of an installed kind. */
export const reviewerChoices = (
  author: Card,
  cards: ReadonlyArray<Card>,
  kinds: ReadonlyArray<{ readonly id: string; readonly name: string }>
): ReadonlyArray<ReviewerChoice> => [
  { value: "", label: "Another kind of agent (picked for you)" },
  ...cards
    .filter((c) => c.id !== author.id && c.projectId === author.projectId && c.live && c.kind !== "shell")
    .map((c) => ({ value: `id:${c.id}`, label: `${c.label} (${c.kind})` })),
  ...kinds.filter((k) => k.id !== "shell").map((k) => ({ value: `kind:${k.id}`, label: `A new ${k.name} session` }))
]

/** The choice as git.AskReview's reviewer and kind. */
export const askedOf = (value: string) =>
  value.startsWith("id:") ? { reviewer: value.slice(3), kind: "" } : { reviewer: "", kind: value.startsWith("kind:") ? value.slice(5) : "" }

const lines = (c: ReviewCommentWire) => (c.startLine === c.endLine ? `${c.startLine}` : `${c.startLine}–${c.endLine}`)

const STATUS: Record<string, string> = {
  sending: "waiting for the answer…",
  answered: "answered",
  unanswered: "ended without an answer",
  undelivered: "could not be delivered",
  lost: "lost when lich restarted"
}

const round = (r: ReviewRoundWire) => html`<div class="round ${r.status}" data-round=${r.id} data-kind=${r.kind}>
  <div class="line"><b>${r.kind === "sent" ? `Sent ${r.comments} ${r.comments === 1 ? "comment" : "comments"} to ${r.peerLabel}` : `Asked ${r.peerLabel} for a review`}</b>
    <span class="status">${STATUS[r.status] ?? r.status}</span>${r.ticket ? html`<span class="ticket">ticket ${r.ticket}</span>` : nothing}</div>
  ${r.kind === "asked" && r.summary !== "" ? html`<div class="answer summary">${r.summary}</div>` : nothing}
  ${r.kind === "sent" && r.answer !== "" ? html`<div class="answer">${r.answer}</div>` : nothing}
</div>`

export interface ReviewHandlers {
  readonly open: (c: ReviewCommentWire) => void
  readonly send: () => void
  readonly ask: () => void
  readonly pickReviewer: (value: string) => void
}

export const reviewView = (
  r: ReviewStateWire | undefined,
  choices: ReadonlyArray<ReviewerChoice>,
  reviewer: string,
  busy: ReadonlySet<string>,
  h: ReviewHandlers
) => {
  const drafts = (r?.comments ?? []).filter((c) => c.state === "draft")
  return html`<section class="review">
    <h3><span>Review</span><span class="count">${drafts.length} ${drafts.length === 1 ? "comment" : "comments"} to send</span></h3>
    ${drafts.length === 0 ? html`<div class="empty">Click a line number in a diff (or drag down the numbers) to comment.</div>` : nothing}
    ${drafts.map(
      (c) => html`<button class="comment ${c.authorKind} ${c.outdated ? "outdated" : ""}" data-comment=${c.id} @click=${() => h.open(c)}>
        <span class="who">${c.authorKind === "reviewer" ? c.author : "You"}</span>
        <span class="where">${shownPath(c.path)}:${lines(c)}</span>${c.outdated ? html`<span class="badge outdated">outdated</span>` : nothing}
        <span class="text">${c.text}</span>
      </button>`
    )}
    <div class="acts">
      <button class="primary" data-act="send-review" ?disabled=${drafts.length === 0 || busy.has("send-review")} @click=${h.send}>
        Send review${drafts.length > 0 ? ` (${drafts.length})` : ""}</button>
    </div>
    <div class="acts ask">
      <select aria-label="reviewer" .value=${reviewer} @change=${(e: Event) => h.pickReviewer((e.target as HTMLSelectElement).value)}>
        ${choices.map((c) => html`<option value=${c.value} ?selected=${c.value === reviewer}>${c.label}</option>`)}
      </select>
      <button data-act="ask-review" ?disabled=${busy.has("ask-review")} @click=${h.ask}>Ask for a review</button>
    </div>
    ${(r?.reviews ?? []).length > 0 ? html`<div class="rounds">${[...(r?.reviews ?? [])].reverse().map(round)}</div>` : nothing}
  </section>`
}
