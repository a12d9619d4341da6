/**
 * The sandbox rung's Ask, asked where a person is: run this one session confined (bubblewrap: the
 * project and the agent's own state, not the rest of the home directory) or not. The CLI has nobody
 * to ask and takes the confined side.
 */
import { html, LitElement } from "lit"
import { dialogStyles, dismissEvent } from "../dialog.styles.js"

export class LichAskConfine extends LitElement {
  static override styles = dialogStyles
  static override properties = { name: { attribute: false } }
  declare name: string

  constructor() {
    super()
    this.name = ""
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLButtonElement>("button.primary")?.focus()
  }

  private answer(confine: boolean) {
    this.dispatchEvent(new CustomEvent<{ confine: boolean }>("lich-confine", { detail: { confine }, bubbles: true, composed: true }))
  }

  override render() {
    return html`<div class="panel" role="dialog" aria-label="Run confined?" @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.dispatchEvent(dismissEvent())}>
      <h2>Run ${this.name} confined?</h2>
      <div class="lead">Your sandbox setting for ${this.name} is Ask. Confined, it sees this project and its own state, not the rest of your home directory.</div>
      <div class="actions">
        <button @click=${() => this.dispatchEvent(dismissEvent())}>Cancel</button>
        <button data-answer="open" @click=${() => this.answer(false)}>Not confined</button>
        <button class="primary" data-answer="confined" @click=${() => this.answer(true)}>Confined</button>
      </div>
    </div>`
  }
}

customElements.define("lich-ask-confine", LichAskConfine)

declare global {
  interface HTMLElementTagNameMap {
    "lich-ask-confine": LichAskConfine
  }
}
