/**
 * Pull requests in the dock, where gh is installed and logged in (else its one line why not): the
 * session's PR — number, state, review decision, its checks with the failing ones listed and sent
 * to the agent in one click — or the form that pushes the branch and opens one (title and body
 * drafted from the commits, editable, a draft switch); then the project's open PRs, each checked out
 * as a worktree session of the kind picked. Pure templates.
 */
import { html, nothing } from "lit"
import type { GhStatusWire, Provider, PrWire, SessionGitWire } from "../../api/wire.js"
import { sourceLine } from "../../logic/gitFigures.js"
import type { LandState, PrForm } from "../../store/LandStore.js"

export interface PrHandlers {
  readonly draft: () => void
  readonly form: (f: PrForm | undefined) => void
  readonly open: (f: PrForm) => void
  readonly sendChecks: () => void
  readonly list: () => void
  readonly kind: (kind: string) => void
  readonly checkout: (number: number) => void
}

const words = (s: string) => s.toLowerCase().replace(/_/g, " ")

const current = (pr: PrWire, l: LandState, h: PrHandlers) => {
  const c = pr.checks
  const failing = c.checks.filter((x) => x.bucket === "fail")
  return html`<div class="pr" data-pr=${pr.number} title=${sourceLine(pr.read)}>
    <div class="line"><b>#${pr.number}</b> ${pr.title}
      <span class="status">${pr.draft && pr.state === "OPEN" ? "draft" : words(pr.state)}${pr.reviewDecision !== "" ? ` · ${words(pr.reviewDecision)}` : ""}</span>
      ${pr.read.stale ? html`<span class="stale">stale</span>` : nothing}</div>
    ${
      c.checks.length > 0
        ? html`<div class="checks" title=${sourceLine(c.read)}>checks: ${c.passed} passed, ${c.failed} failed, ${c.pending} pending${c.skipped > 0 ? `, ${c.skipped} skipped` : ""}</div>`
        : nothing
    }
    ${failing.map((f) => html`<div class="check fail" data-check=${f.name}>✗ ${f.name} <span class="state">${words(f.state)}</span></div>`)}
    ${
      failing.length > 0
        ? html`<div class="acts"><button data-act="send-checks" ?disabled=${l.busy !== ""} @click=${h.sendChecks}>Send the failing checks to the agent</button></div>`
        : nothing
    }
  </div>`
}

const form = (f: PrForm, l: LandState, h: PrHandlers) => html`<div class="pr-form">
  <input name="title" aria-label="title" .value=${f.title} @input=${(e: Event) => h.form({ ...f, title: (e.target as HTMLInputElement).value })}>
  <textarea name="body" aria-label="body" rows="5" .value=${f.body} @input=${(e: Event) => h.form({ ...f, body: (e.target as HTMLTextAreaElement).value })}></textarea>
  <label class="whole"><input type="checkbox" name="draft" .checked=${f.draft} @change=${(e: Event) => h.form({ ...f, draft: (e.target as HTMLInputElement).checked })}> Draft</label>
  <div class="acts">
    <button class="primary" data-act="open-pr" ?disabled=${l.busy !== "" || f.title.trim() === ""} @click=${() => h.open(f)}>${l.busy === "open-pr" ? "Pushing…" : "Push and open the pull request"}</button>
    <button data-act="cancel-pr" @click=${() => h.form(undefined)}>Cancel</button>
  </div>
</div>`

const list = (l: LandState, kinds: ReadonlyArray<Provider>, h: PrHandlers) => {
  if (l.prs === undefined) return nothing
  if (l.prs === "loading") return html`<div class="empty">Asking gh…</div>`
  if (l.prs.length === 0) return html`<div class="empty">No open pull requests.</div>`
  return html`<div class="pr-list">
    <label class="kind">Open one as <select name="pr-kind" @change=${(e: Event) => h.kind((e.target as HTMLSelectElement).value)}>
      ${kinds.map((k) => html`<option value=${k.id} ?selected=${k.id === l.prKind}>${k.name}</option>`)}
    </select></label>
    ${l.prs.map(
      (p) => html`<div class="pr-item" data-number=${p.number}>
        <span><b>#${p.number}</b> ${p.title} <span class="dir">${p.headRefName} · ${p.author}${p.draft ? " · draft" : ""}</span></span>
        <button data-act="checkout-pr" ?disabled=${l.busy !== ""} @click=${() => h.checkout(p.number)}>Open as a session</button>
      </div>`
    )}
  </div>`
}

export const prView = (g: SessionGitWire, gh: GhStatusWire | undefined, l: LandState, kinds: ReadonlyArray<Provider>, h: PrHandlers) => {
  if (gh === undefined) return nothing
  const usable = gh.installed && gh.loggedIn
  const canOpen = usable && g.pr === undefined && g.branch !== "" && g.base !== "" && g.base !== "HEAD"
  return html`<section class="prs">
    <h3><span>Pull requests</span></h3>
    ${usable ? nothing : html`<div class="empty" data-gh="unavailable">${gh.detail}</div>`}
    ${g.pr ? current(g.pr, l, h) : nothing}
    ${l.prForm ? form(l.prForm, l, h) : nothing}
    ${
      usable
        ? html`<div class="acts row">
      ${canOpen && !l.prForm ? html`<button data-act="draft-pr" ?disabled=${l.busy !== ""} @click=${h.draft}>Open a pull request…</button>` : nothing}
      <button data-act="list-prs" @click=${h.list}>Pull requests of this project…</button>
    </div>`
        : nothing
    }
    ${list(l, kinds, h)}
  </section>`
}
