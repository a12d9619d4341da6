/** The active project's cards, in blocks by folder then checkout, and the new-session menu. */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import type { Card } from "../../logic/model.js"
import "../lich-new-menu/lich-new-menu.js"
import type { ProviderJson } from "../lich-new-menu/view.js"
import "../lich-session-card/lich-session-card.js"
import { styles } from "./lich-sidebar.styles.js"
import { sidebarRows } from "./view.js"

export class LichSidebar extends LitElement {
  static override styles = styles
  static override properties = {
    cards: { attribute: false },
    activeId: { attribute: false },
    projectPath: { attribute: false },
    providers: { attribute: false },
    menuOpen: { state: true }
  }
  declare providers: ReadonlyArray<ProviderJson>
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
    this.providers = []
  }

  /** The hotkey's way in: the same menu "+" opens, focused for the arrow keys. */
  openMenu() {
    this.menuOpen = true
  }

  /** Rename from a hotkey: the shown card's inline field. */
  renameCard(id: string) {
    const el = [...this.renderRoot.querySelectorAll("lich-session-card")].find((c) => c.card.id === id)
    el?.startRename()
  }

  override render() {
    return html`<div class="top"><span>Sessions</span>
        ${
          this.projectPath === ""
            ? nothing
            : html`<span class="new">
          <button title="New session (Ctrl+Shift+T)" aria-label="new session" @click=${() => {
            this.menuOpen = !this.menuOpen
          }}>+</button>
          ${
            this.menuOpen
              ? html`<lich-new-menu .providers=${this.providers}
            @lich-new-session=${() => {
              this.menuOpen = false
            }} @lich-new-worktree=${() => {
              this.menuOpen = false
            }}
            @lich-dismiss=${(e: Event) => {
              e.stopPropagation()
              this.menuOpen = false
            }}></lich-new-menu>`
              : nothing
          }
        </span>`
        }
      </div>
      <div class="list">
        ${this.cards.length === 0 ? html`<div class="empty">${this.projectPath === "" ? "No project is open." : "No sessions here yet."}</div>` : nothing}
        ${repeat(
          sidebarRows(this.cards),
          (r) => r.key,
          (r) =>
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
}
