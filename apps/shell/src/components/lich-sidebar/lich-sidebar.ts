/**
 * The active project's cards, in blocks by folder then checkout, and the new-session menu. Whether
 * the menu is open and which card's name field is open are the window's state (hotkeys open both),
 * handed in; the sidebar asks for changes with `lich-menu` and the cards' `lich-card`. Under them,
 * a section per host (lich-host-section), whose asks come out as `lich-host`.
 */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import type { Provider, SessionGitWire } from "../../api/wire.js"
import type { Card } from "../../logic/model.js"
import type { HostCardRef, HostView } from "../../store/HostsStore.js"
import "../lich-host-section/lich-host-section.js"
import "../lich-new-menu/lich-new-menu.js"
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
    menuOpen: { attribute: false },
    renaming: { attribute: false },
    git: { attribute: false },
    cardMenu: { attribute: false },
    gh: { attribute: false },
    overCap: { attribute: false },
    hosts: { attribute: false },
    hostShown: { attribute: false },
    hostMenu: { attribute: false }
  }
  declare providers: ReadonlyArray<Provider>
  declare cards: ReadonlyArray<Card>
  declare activeId: string
  declare projectPath: string
  declare menuOpen: boolean
  /** the card whose name field is open; "" = none */
  declare renaming: string
  /** each session's checkout as the backend last read it */
  declare git: ReadonlyMap<string, SessionGitWire>
  /** the card whose menu is open; "" = none */
  declare cardMenu: string
  /** why gh cannot open pull requests, "" when it can */
  declare gh: string
  /** the refusal the project's caps give new work now, "" while under them: every card says so */
  declare overCap: string
  declare hosts: ReadonlyArray<HostView>
  /** the host card the main area shows, if one is */
  declare hostShown: HostCardRef | undefined
  /** "<host>\n<project id>" whose new-session menu is open, "" = none */
  declare hostMenu: string

  constructor() {
    super()
    this.cards = []
    this.activeId = ""
    this.projectPath = ""
    this.menuOpen = false
    this.renaming = ""
    this.providers = []
    this.git = new Map()
    this.cardMenu = ""
    this.gh = ""
    this.overCap = ""
    this.hosts = []
    this.hostShown = undefined
    this.hostMenu = ""
  }

  private hostSections() {
    return repeat(
      this.hosts,
      (h) => h.status.name,
      (h) => {
        const name = h.status.name
        const menu = this.hostMenu.startsWith(`${name}\n`) ? this.hostMenu.slice(name.length + 1) : ""
        return html`<lich-host-section .host=${h} .providers=${this.providers} .menuProject=${menu}
          .shownId=${this.hostShown?.host === name ? this.hostShown.id : ""}></lich-host-section>`
      }
    )
  }

  private menu(open: boolean) {
    this.dispatchEvent(new CustomEvent<{ open: boolean }>("lich-menu", { detail: { open }, bubbles: true, composed: true }))
  }

  override render() {
    return html`<div class="top"><span>Sessions</span>
        ${
          this.projectPath === ""
            ? nothing
            : html`<span class="new">
          <button title="New session (Ctrl+Shift+T)" aria-label="new session" @click=${() => this.menu(!this.menuOpen)}>+</button>
          ${
            this.menuOpen
              ? html`<lich-new-menu .providers=${this.providers}
            @lich-dismiss=${(e: Event) => {
              // The menu's Escape is the sidebar's to answer, not a dialog's.
              e.stopPropagation()
              this.menu(false)
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
              : html`<lich-session-card .card=${r.card} .projectPath=${this.projectPath} ?active=${r.card.id === this.activeId}
                .renaming=${r.card.id === this.renaming} .git=${this.git.get(r.card.id)} .menuOpen=${r.card.id === this.cardMenu}
                .gh=${this.gh} .overCap=${this.overCap}></lich-session-card>`
        )}
        ${this.hostSections()}
      </div>`
  }
}

customElements.define("lich-sidebar", LichSidebar)

declare global {
  interface HTMLElementTagNameMap {
    "lich-sidebar": LichSidebar
  }
}
