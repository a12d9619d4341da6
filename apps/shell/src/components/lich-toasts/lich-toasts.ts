/**
 * Toasts for what needs a person: a session waiting, an errand answered elsewhere, a refused action.
 * The stack is the window's state (each toast expires there); this draws it and says which toast's
 * Open or Undo was pressed.
 */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import { styles } from "./lich-toasts.styles.js"
import type { ShownToast } from "./view.js"

export class LichToasts extends LitElement {
  static override styles = styles
  static override properties = { toasts: { attribute: false } }
  declare toasts: ReadonlyArray<ShownToast>

  constructor() {
    super()
    this.toasts = []
  }

  private press(t: ShownToast) {
    const name = t.kind === "undo" ? "lich-undo" : t.kind === "cap" ? "lich-budgets" : "lich-open"
    this.dispatchEvent(
      new CustomEvent<{ id: string; key: number }>(name, { detail: { id: t.target, key: t.key }, bubbles: true, composed: true })
    )
  }

  override render() {
    return repeat(
      this.toasts,
      (t) => t.key,
      (t) => html`<div class="toast ${t.kind}" role="status">
      <span class="text">${t.text}</span>
      ${t.target ? html`<button @click=${() => this.press(t)}>${t.kind === "undo" ? "Undo" : t.kind === "cap" ? "Budgets" : "Open"}</button>` : nothing}
      ${t.detail ? html`<span class="detail">${t.detail}</span>` : nothing}
    </div>`
    )
  }
}

customElements.define("lich-toasts", LichToasts)

declare global {
  interface HTMLElementTagNameMap {
    "lich-toasts": LichToasts
  }
}
