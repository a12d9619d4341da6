/**
 * What "+" offers: a shell, each provider found on this machine (its binary setting or PATH), a new
 * worktree, and the providers not found with what to install. ↑↓ and Enter pick, Escape closes.
 */
import { html, LitElement, nothing } from "lit"
import type { Provider } from "../../api/wire.js"
import { dismissEvent } from "../dialog.styles.js"
import { styles } from "./lich-new-menu.styles.js"
import { menuRows, pickable } from "./view.js"

export class LichNewMenu extends LitElement {
  static override styles = styles
  static override properties = { providers: { attribute: false }, inRepo: { attribute: false }, picked: { state: true } }
  declare providers: ReadonlyArray<Provider>
  declare inRepo: boolean
  declare picked: number

  constructor() {
    super()
    this.providers = []
    this.inRepo = true
    this.picked = 0
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLElement>(".menu")?.focus()
  }

  private choose(i: number) {
    const r = menuRows(this.providers, this.inRepo)[i]
    if (!r || r.type === "missing") return
    const ev =
      r.type === "worktree"
        ? new CustomEvent("lich-new-worktree", { bubbles: true, composed: true })
        : new CustomEvent<{ kind: string }>("lich-new-session", { detail: { kind: r.kind }, bubbles: true, composed: true })
    this.dispatchEvent(ev)
  }

  private onKey(e: KeyboardEvent) {
    const ok = pickable(menuRows(this.providers, this.inRepo))
    if (e.key === "Escape") return this.dispatchEvent(dismissEvent())
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault()
      const at = Math.max(0, ok.indexOf(this.picked))
      this.picked = ok[(at + (e.key === "ArrowDown" ? 1 : -1) + ok.length) % ok.length] ?? 0
    }
    if (e.key === "Enter") {
      e.preventDefault()
      this.choose(this.picked)
    }
  }

  override render() {
    const rows = menuRows(this.providers, this.inRepo)
    return html`<div class="menu" role="menu" tabindex="0" aria-label="new session" @keydown=${this.onKey}>
      ${rows.map(
        (r, i) => html`${r.type === "missing" && rows[i - 1]?.type !== "missing" ? html`<div class="sep"></div>` : nothing}
        <div class="row ${r.type}" role="menuitem" data-kind=${r.type === "worktree" ? "worktree" : r.kind}
          aria-disabled=${r.type === "missing" ? "true" : "false"} aria-selected=${i === this.picked ? "true" : "false"}
          title=${r.detail} @click=${() => this.choose(i)}>
          <span class="title">${r.title}</span><span class="detail">${r.detail}</span>
        </div>`
      )}
    </div>`
  }
}

customElements.define("lich-new-menu", LichNewMenu)

declare global {
  interface HTMLElementTagNameMap {
    "lich-new-menu": LichNewMenu
  }
}
