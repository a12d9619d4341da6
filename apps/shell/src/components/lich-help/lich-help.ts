/** The hotkeys, listed: what mod+/ shows. */
import { css, html, LitElement } from "lit"
import { HOTKEYS, keysOf } from "../../logic/hotkeys.js"
import { dialogStyles, dismissEvent } from "../dialog.styles.js"

export class LichHelp extends LitElement {
  static override styles = [
    dialogStyles,
    css`.keys { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; align-items: center; }`
  ]
  static override properties = { mac: { attribute: false } }
  declare mac: boolean

  constructor() {
    super()
    this.mac = false
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLElement>(".panel")?.focus()
  }

  override render() {
    return html`<div class="panel" role="dialog" aria-label="Hotkeys" tabindex="0" @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.dispatchEvent(dismissEvent())}>
      <h2>Hotkeys</h2>
      <div class="lead">They work with the terminal focused too.</div>
      <div class="body keys">${HOTKEYS.map((h) => html`<kbd>${keysOf(h.action, this.mac)}</kbd><span>${h.label}</span>`)}</div>
    </div>`
  }
}

customElements.define("lich-help", LichHelp)

declare global {
  interface HTMLElementTagNameMap {
    "lich-help": LichHelp
  }
}
