/** The project tabs along the top; a background tab wears a badge for its most urgent card. */
import { html, LitElement, nothing } from "lit"
import type { Card, Project } from "../../logic/model.js"
import { styles } from "./lich-tabs.styles.js"
import { tabBadge } from "./view.js"

export class LichTabs extends LitElement {
  static override styles = styles
  static override properties = { projects: { attribute: false }, cards: { attribute: false }, active: { attribute: false } }
  declare projects: ReadonlyArray<Project>
  declare cards: ReadonlyArray<Card>
  declare active: string

  constructor() {
    super()
    this.projects = []
    this.cards = []
    this.active = ""
  }

  override render() {
    return html`<span class="brand">lich</span>
      <div role="tablist" style="display:contents">
        ${this.projects.map((p) => {
          const badge = p.id === this.active ? "" : tabBadge(this.cards.filter((c) => c.projectId === p.id))
          return html`<button role="tab" data-project=${p.id} aria-selected=${p.id === this.active ? "true" : "false"} title=${p.path}
            @click=${() => this.dispatchEvent(new CustomEvent<{ id: string }>("lich-tab", { detail: { id: p.id }, bubbles: true, composed: true }))}>
            ${p.name}${badge ? html`<span class="badge ${badge}"></span>` : nothing}
          </button>`
        })}
      </div>`
  }
}

customElements.define("lich-tabs", LichTabs)

declare global {
  interface HTMLElementTagNameMap {
    "lich-tabs": LichTabs
  }
  interface HTMLElementEventMap {
    "lich-tab": CustomEvent<{ id: string }>
  }
}
