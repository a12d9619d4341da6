/**
 * The footer (the reference layout's "context ring, cost, quota"): for the card shown, how full its
 * context window is, what it cost so far, and the plan windows of the account it runs on — each a
 * gauge that turns amber at 80 % and red at 95 %, with when it resets and, once its reading is old or
 * its window has reset since, saying so. At the right, the project's budget: today's spend against
 * its cap, or that it is over a cap, with the button to Settings › Budgets.
 */
import { html, LitElement, nothing } from "lit"
import type { Card } from "../../logic/model.js"
import {
  type AccountWire,
  costLabel,
  freshness,
  type PlanWindowWire,
  type ProjectBudgetWire,
  resetsLabel,
  toneOf,
  windowLabel
} from "../../logic/spend.js"
import { styles } from "./lich-footer.styles.js"

/** 60 s: a reading turns stale, and a window resets, without any event saying so. */
const REDRAW_MS = 60_000

const ring = (percent: number | undefined) => {
  const p = percent ?? 0
  const c = 2 * Math.PI * 5
  return html`<span class="part ${toneOf(p)}" data-part="context" data-percent=${percent === undefined ? "" : String(Math.round(p))}
    title="How full the session's context window is, as its provider measured it">
    <svg viewBox="0 0 14 14" aria-hidden="true"><circle class="track" cx="7" cy="7" r="5" fill="none" stroke-width="2.5"></circle>
      <circle class="fill" cx="7" cy="7" r="5" fill="none" stroke-width="2.5" stroke-dasharray=${`${(c * p) / 100} ${c}`}></circle></svg>
    <span class="pct">${percent === undefined ? "context —" : `${Math.round(p)} %`}</span></span>`
}

const gauge = (a: AccountWire, w: PlanWindowWire, now: number) => {
  const fresh = freshness(a, w, now)
  const tone = toneOf(w.percentUsed)
  const age = Math.round((now - a.readAt) / 60_000)
  const note = fresh === "reset" ? "reset since this reading" : fresh === "stale" ? `stale, read ${age} min ago` : resetsLabel(w.resetsAt)
  return html`<span class="part ${tone} ${fresh}" data-part="plan" data-window=${w.kind} data-tone=${tone} data-fresh=${fresh}
    title=${`${a.provider}'s ${windowLabel(w.kind)} plan window, read ${age < 1 ? "just now" : `${age} min ago`}`}>
    ${windowLabel(w.kind)} <span class="bar"><i style=${`width: ${Math.min(w.percentUsed, 100)}%`}></i></span>
    <span class="pct mono">${Math.round(w.percentUsed)} %</span>${note === "" ? nothing : html`<span>${note}</span>`}</span>`
}

const budgetPart = (b: ProjectBudgetWire | undefined, open: () => void) => {
  if (b === undefined) return nothing
  if (b.over !== "") {
    return html`<span class="part over" data-part="budget" data-over="true" title=${b.over}>${b.project} is over its cap
      <button @click=${open}>Budgets</button></span>`
  }
  if (b.dayUsd === undefined) return nothing
  const spent = `${b.unpriced > 0 ? "at least " : ""}$${b.spentTodayUsd.toFixed(2)}`
  return html`<span class="part" data-part="budget" title="Spent today by the project's sessions, against its daily cap">
    today <span class="mono">${spent}</span> of $${b.dayUsd.toFixed(2)}</span>`
}

export class LichFooter extends LitElement {
  static override styles = styles
  static override properties = { card: { attribute: false }, account: { attribute: false }, budget: { attribute: false } }
  declare card: Card | undefined
  declare account: AccountWire | undefined
  declare budget: ProjectBudgetWire | undefined
  private timer: ReturnType<typeof setInterval> | undefined

  override connectedCallback() {
    super.connectedCallback()
    this.timer = setInterval(() => this.requestUpdate(), REDRAW_MS)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    clearInterval(this.timer)
  }

  private openBudgets() {
    this.dispatchEvent(new CustomEvent("lich-budgets", { bubbles: true, composed: true }))
  }

  override render() {
    const c = this.card
    const now = Date.now()
    const plan =
      c === undefined
        ? nothing
        : this.account === undefined || this.account.windows.length === 0
          ? html`<span class="part" data-part="plan" data-window="">plan —</span>`
          : this.account.windows.map((w) => gauge(this.account!, w, now))
    return html`${c === undefined ? nothing : ring(c.usage?.percent)}
      ${c === undefined ? nothing : html`<span class="part mono" data-part="cost" title="What the session cost so far, as its provider reported it">${costLabel(c.usage?.costUsd)}</span>`}
      ${plan}<span class="spacer"></span>${budgetPart(this.budget, () => this.openBudgets())}`
  }
}

customElements.define("lich-footer", LichFooter)

declare global {
  interface HTMLElementTagNameMap {
    "lich-footer": LichFooter
  }
}
