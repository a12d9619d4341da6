/**
 * Settings › Budgets: the open project's caps on new work — a spend cap per day and a plan-window
 * ceiling — with what it spent today and, when a cap refuses work now, the line a sender gets. Each
 * field saves on its own; Lift removes a cap in one click. Work already running is never stopped by
 * a cap, which the lead says, so nobody lifts one expecting to rescue a session.
 */
import { css, html, LitElement, nothing } from "lit"
import type { Call } from "../../api/call.js"
import type { ProjectBudgetWire } from "../../logic/spend.js"

type Cap = "dayUsd" | "windowPercent"

export class LichBudgets extends LitElement {
  static override styles = css`
    :host { display: grid; gap: 12px; }
    .lead { color: var(--muted-foreground); line-height: 1.5; }
    .row { display: flex; align-items: center; gap: 8px; }
    input { width: 96px; font: inherit; padding: 4px 6px; border: 1px solid var(--border); border-radius: 6px; background: var(--background); color: var(--foreground); }
    button { font: inherit; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
    .over { color: var(--destructive); line-height: 1.5; }
    .saved { color: var(--muted-foreground); font-size: 12px; }
  `
  static override properties = {
    call: { attribute: false },
    projectId: { attribute: false },
    projectPath: { attribute: false },
    standing: { state: true },
    saved: { state: true }
  }
  declare call: Call
  declare projectId: string
  /** what SetBudget is told: a directory names one project, where two may share a name */
  declare projectPath: string
  declare standing: ProjectBudgetWire | undefined
  declare saved: string

  constructor() {
    super()
    this.projectId = ""
    this.projectPath = ""
    this.standing = undefined
    this.saved = ""
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.call("system.Budgets").then((r) => {
      this.standing = r?.projects.find((p) => p.projectId === this.projectId)
    })
  }

  private async put(cap: Cap, value: number | null) {
    const s = this.standing
    if (s === undefined) return
    const next = { dayUsd: s.dayUsd ?? null, windowPercent: s.windowPercent ?? null, [cap]: value }
    const got = await this.call("system.SetBudget", { project: this.projectPath, ...next })
    if (got === undefined) return
    this.standing = got
    this.saved = cap
    this.dispatchEvent(new CustomEvent<ProjectBudgetWire>("lich-budget-saved", { detail: got, bubbles: true, composed: true }))
  }

  private field(cap: Cap, label: string, unit: string, min: number, max: number) {
    const value = this.standing?.[cap]
    const commit = (e: Event) => {
      const raw = (e.target as HTMLInputElement).value.trim()
      const n = Number(raw)
      if (raw === "") return void this.put(cap, null)
      if (Number.isFinite(n) && n >= min && n <= max) void this.put(cap, n)
    }
    return html`<label class="row">${label}
      <input name=${cap} type="number" min=${min} max=${max} step="any" placeholder="no cap" .value=${value === undefined ? "" : String(value)}
        @change=${commit} @keydown=${(e: KeyboardEvent) => e.key === "Enter" && commit(e)}> ${unit}
      ${value === undefined ? nothing : html`<button data-lift=${cap} @click=${() => void this.put(cap, null)}>Lift</button>`}
      ${this.saved === cap ? html`<span class="saved" data-saved=${cap}>Saved</span>` : nothing}</label>`
  }

  override render() {
    if (this.projectId === "") return html`<div class="lead">Open a project to set its budget.</div>`
    const s = this.standing
    if (s === undefined) return html`<div class="lead">Loading…</div>`
    const spent = `${s.unpriced > 0 ? "at least " : ""}$${s.spentTodayUsd.toFixed(2)}`
    return html`<div class="lead">Caps on new work into ${s.project}: a relayed send, <code>open --prompt</code> or a subagent over a cap is
      refused before anything is typed. Work already running is never stopped. Spent today: <b data-part="spent">${spent}</b>${
        s.unpriced > 0 ? ` (${s.unpriced} unpriced session${s.unpriced === 1 ? "" : "s"} not counted)` : ""
      }.</div>
      ${this.field("dayUsd", "Spend per day", "US dollars", 0.01, 1_000_000)}
      ${this.field("windowPercent", "Stop new work above", "% of any plan window", 1, 100)}
      ${s.over === "" ? nothing : html`<div class="over" data-part="over">${s.over}</div>`}`
  }
}

customElements.define("lich-budgets", LichBudgets)

declare global {
  interface HTMLElementTagNameMap {
    "lich-budgets": LichBudgets
  }
}
