/**
 * The dock's landing part: commit the uncommitted work, rebase onto the base or merge into it (each
 * behind a confirmation that says what it will do, in which checkout), then the outcome in one line
 * — a refusal, a conflict with its files and the offer to hand it to the agent, a merge with the
 * offer to close the session. Pull requests follow (pr-view.ts). Pure templates.
 */
import { html, nothing } from "lit"
import type { SessionGitWire } from "../../api/wire.js"
import type { LandAsk, LandState, MergeChoice } from "../../store/LandStore.js"
import { shownPath } from "./files-view.js"

export interface LandHandlers {
  readonly ask: (a: LandAsk | undefined) => void
  readonly confirm: (a: LandAsk) => void
  readonly typed: (message: string) => void
  readonly mode: (m: MergeChoice) => void
  readonly handConflicts: () => void
  readonly closeMerged: () => void
}

const MODES: ReadonlyArray<readonly [MergeChoice, string]> = [
  ["", "as the project is set"],
  ["ff", "fast-forward"],
  ["merge", "with a merge commit"],
  ["squash", "squashed into one commit"]
]

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`

/** What each action will do, said before it is done. */
export const confirmText = (a: LandAsk, g: SessionGitWire, label: string, l: LandState): string => {
  const branch = g.branch
  const s = g.standing
  if (a === "commit") {
    const first = l.message.trim().split("\n")[0] ?? ""
    const how = first !== "" ? `as “${first}”` : `with a message asked of “${label}”'s agent`
    return `Commit ${plural(g.uncommitted.length, "file")} (git add -A) on ${branch} in “${label}”'s checkout, ${how}.`
  }
  if (a === "rebase")
    return `Rebase ${branch} onto ${g.base} in “${label}”'s checkout: its ${plural(s?.ahead ?? 0, "commit")} replayed on top of ${g.base}'s ${plural(s?.behind ?? 0, "new commit")}. A conflict is aborted and listed — nothing is left half-done.`
  const how = MODES.find(([m]) => m === l.mode)?.[1] ?? ""
  return `Merge ${branch} into ${g.base} (${how}): ${plural(s?.ahead ?? 0, "commit")}. ${g.base}'s own checkout, if one holds it, follows without losing its changes.`
}

const note = (l: LandState, h: LandHandlers) => {
  const n = l.note
  if (n === undefined) return nothing
  return html`<div class="land-note ${n.tone}" role="status">${n.text}
    ${n.conflicted.length > 0 ? html`<ul class="conflicted">${n.conflicted.map((f) => html`<li><code>${shownPath(f)}</code></li>`)}</ul>` : nothing}
    ${n.offer === "hand-conflicts" ? html`<div class="acts"><button data-act="hand-conflicts" ?disabled=${l.busy !== ""} @click=${h.handConflicts}>Hand the rebase to the agent</button></div>` : nothing}
    ${n.offer === "close" ? html`<div class="acts"><button data-act="close-merged" @click=${h.closeMerged}>Close the session and its worktree…</button></div>` : nothing}
  </div>`
}

const confirmBox = (
  a: LandAsk,
  g: SessionGitWire,
  label: string,
  l: LandState,
  h: LandHandlers
) => html`<div class="confirm" data-confirm=${a}>
  <div>${confirmText(a, g, label, l)}</div>
  <div class="acts">
    <button class="primary" data-act="confirm" ?disabled=${l.busy !== ""} @click=${() => h.confirm(a)}>${l.busy !== "" ? "Working…" : { commit: "Commit", rebase: "Rebase", merge: "Merge" }[a]}</button>
    <button data-act="cancel" @click=${() => h.ask(undefined)}>Cancel</button>
  </div>
</div>`

/** Why a session has nothing to land from the dock. */
const landless = (g: SessionGitWire) =>
  g.base === "HEAD" || g.base === ""
    ? "Landing is for worktree sessions: this one works in the project's own checkout."
    : g.baseGone
      ? `${g.base} is gone: there is nothing to rebase onto or merge into.`
      : "A detached HEAD has no branch to land."

export const landView = (g: SessionGitWire, label: string, l: LandState, h: LandHandlers) => {
  const based = g.base !== "" && g.base !== "HEAD" && !g.baseGone && g.branch !== ""
  const s = g.standing
  return html`<section class="land">
    <h3><span>Land</span>${s && based ? html`<span class="count">${s.ahead} ahead, ${s.behind} behind ${g.base}</span>` : nothing}</h3>
    ${note(l, h)}
    ${l.confirm ? confirmBox(l.confirm, g, label, l, h) : nothing}
    ${
      based && g.uncommitted.length > 0
        ? html`<div class="acts row">
      <input name="message" placeholder="Commit message (empty: the agent writes one)" .value=${l.message}
        @input=${(e: Event) => h.typed((e.target as HTMLInputElement).value)}>
      <button data-act="commit" @click=${() => h.ask("commit")}>Commit…</button>
    </div>`
        : nothing
    }
    ${
      based
        ? html`<div class="acts row">
      <button data-act="rebase" @click=${() => h.ask("rebase")}>Rebase onto ${g.base}…</button>
      <button data-act="merge" @click=${() => h.ask("merge")}>Merge into ${g.base}…</button>
      <select name="mode" aria-label="how to merge" @change=${(e: Event) => h.mode((e.target as HTMLSelectElement).value as MergeChoice)}>
        ${MODES.map(([m, t]) => html`<option value=${m} ?selected=${m === l.mode}>${t}</option>`)}
      </select>
    </div>`
        : nothing
    }
    ${based ? nothing : html`<div class="empty">${landless(g)}</div>`}
  </section>`
}
