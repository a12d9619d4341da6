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

  private emit(name: string, id: string) {
    this.dispatchEvent(new CustomEvent<{ id: string }>(name, { detail: { id }, bubbles: true, composed: true }))
  }

  override render() {
    return html`<span class="brand">lich</span>
      <div role="tablist" style="display:contents">
        ${this.projects.map((p) => {
          const badge = p.id === this.active ? "" : tabBadge(this.cards.filter((c) => c.projectId === p.id))
          return html`<button role="tab" data-project=${p.id} aria-selected=${p.id === this.active ? "true" : "false"} title=${p.path}
            @click=${() => this.dispatchEvent(new CustomEvent<{ id: string }>("lich-tab", { detail: { id: p.id }, bubbles: true, composed: true }))}>
            ${p.name}${badge ? html`<span class="badge ${badge}"></span>` : nothing}
            <span class="x" role="button" aria-label="close project ${p.name}" title="Close project (its sessions are parked)"
              @click=${(e: Event) => {
                e.stopPropagation()
                this.emit("lich-tab-close", p.id)
              }}>×</span>
          </button>`
        })}
      </div>
      <button class="open" aria-label="open project" title="Open a project (Ctrl+O)" @click=${() => this.emit("lich-open-project", "")}>+</button>
      <span class="spacer"></span>
      <button class="tool" aria-label="palette" title="Command palette (Ctrl+K)" @click=${() => this.emit("lich-palette", "")}>⌘K</button>
      <button class="tool" aria-label="settings" title="Settings (Ctrl+,)" @click=${() => this.emit("lich-settings", "")}>⚙</button>`
  }
}

customElements.define("lich-tabs", LichTabs)

declare global {
  interface HTMLElementTagNameMap {
    "lich-tabs": LichTabs
  }
}
