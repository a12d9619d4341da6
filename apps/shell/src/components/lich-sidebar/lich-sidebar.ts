/** The active project's cards, in blocks by folder then checkout, and the new-session menu. */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import { OPENABLE } from "../../logic/kinds.js"
import type { Card } from "../../logic/model.js"
import "../lich-session-card/lich-session-card.js"
import { styles } from "./lich-sidebar.styles.js"
import { sidebarRows } from "./view.js"

export class LichSidebar extends LitElement {
  static override styles = styles
  static override properties = {
    cards: { attribute: false },
    activeId: { attribute: false },
    projectPath: { attribute: false },
    menuOpen: { state: true }
  }
  declare cards: ReadonlyArray<Card>
  declare activeId: string
  declare projectPath: string
  declare menuOpen: boolean

  constructor() {
    super()
    this.cards = []
    this.activeId = ""
    this.projectPath = ""
    this.menuOpen = false
  }

  private openKind(kind: string) {
    this.menuOpen = false
    this.dispatchEvent(new CustomEvent<{ kind: string }>("lich-new-session", { detail: { kind }, bubbles: true, composed: true }))
  }

  override render() {
    return html`<div class="top"><span>Sessions</span>
        ${this.projectPath === "" ? nothing : html`<span class="new">
          <button title="New session" aria-label="new session" @click=${() => { this.menuOpen = !this.menuOpen }}>+</button>
          ${this.menuOpen ? html`<div class="menu" role="menu">${OPENABLE.map((k) => html`<button role="menuitem" data-kind=${k} @click=${() => this.openKind(k)}>${k}</button>`)}</div>` : nothing}
        </span>`}
      </div>
      <div class="list">
        ${this.cards.length === 0 ? html`<div class="empty">No sessions here yet.</div>` : nothing}
        ${repeat(sidebarRows(this.cards), (r) => r.key, (r) =>
          r.type === "header"
            ? html`<div class="header" data-group=${r.title} data-kind=${r.kind}>
                ${r.swatch ? html`<span class="swatch" style="background:${r.swatch}"></span>` : nothing}
                <span>${r.kind === "checkout" ? "⎇ " : ""}${r.title}</span>
                ${r.mark ? html`<span class="mark ${r.mark}">${r.mark === "wait" ? "●" : "✓"}</span>` : nothing}
              </div>`
            : html`<lich-session-card .card=${r.card} .projectPath=${this.projectPath} ?active=${r.card.id === this.activeId}></lich-session-card>`
        )}
      </div>`
  }
}

customElements.define("lich-sidebar", LichSidebar)

declare global {
  interface HTMLElementTagNameMap {
    "lich-sidebar": LichSidebar
  }
  interface HTMLElementEventMap {
    "lich-new-session": CustomEvent<{ kind: string }>
  }
}
