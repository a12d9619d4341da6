/**
 * mod+K: one field over every session, project, action and parked session (History). Typing
 * narrows, Tab switches tabs, ↑↓ pick, Enter runs — so resuming a parked session is three keys.
 */
import { css, html, LitElement } from "lit"
import { filterItems, PALETTE_TABS, type PaletteItem, type PaletteTab } from "../../logic/palette.js"
import { dialogStyles, dismissEvent } from "../dialog.styles.js"

export class LichPalette extends LitElement {
  static override styles = [
    dialogStyles,
    css`
    .tabs { display: flex; gap: 2px; padding: 0 12px 6px; }
    .tabs button { border: 0; background: none; padding: 3px 10px; border-radius: 5px; color: var(--muted-foreground); }
    .tabs button[aria-selected=true] { background: var(--accent); color: var(--accent-foreground); }
    .field { padding: 12px 12px 8px; }
    .field input { width: 100%; box-sizing: border-box; font: 14px Geist, Inter, system-ui, sans-serif; padding: 8px 10px; }
    .list { padding: 0 6px 8px; overflow-y: auto; }
    .group { font-size: 10px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted-foreground); width: 64px; flex: none; }
  `
  ]
  static override properties = { items: { attribute: false }, tab: { attribute: false }, query: { state: true }, picked: { state: true } }
  declare items: ReadonlyArray<PaletteItem>
  declare tab: PaletteTab
  declare query: string
  declare picked: number

  constructor() {
    super()
    this.items = []
    this.tab = "All"
    this.query = ""
    this.picked = 0
  }

  override firstUpdated() {
    this.renderRoot.querySelector("input")?.focus()
  }

  private run(item: PaletteItem | undefined) {
    if (item)
      this.dispatchEvent(new CustomEvent<{ key: string }>("lich-palette-run", { detail: { key: item.key }, bubbles: true, composed: true }))
  }

  private onKey(e: KeyboardEvent) {
    const shown = filterItems(this.items, this.query, this.tab)
    if (e.key === "Escape") return this.dispatchEvent(dismissEvent())
    if (e.key === "Tab") {
      e.preventDefault()
      const at = PALETTE_TABS.indexOf(this.tab)
      this.tab = PALETTE_TABS[(at + (e.shiftKey ? -1 : 1) + PALETTE_TABS.length) % PALETTE_TABS.length]!
      this.picked = 0
    }
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault()
      if (shown.length > 0) this.picked = (this.picked + (e.key === "ArrowDown" ? 1 : -1) + shown.length) % shown.length
    }
    if (e.key === "Enter") {
      e.preventDefault()
      this.run(shown[this.picked])
    }
  }

  override render() {
    const shown = filterItems(this.items, this.query, this.tab)
    return html`<div class="panel" role="dialog" aria-label="Command palette">
      <div class="field"><input aria-label="search" placeholder="Sessions, projects, actions, History…" spellcheck="false" autocomplete="off"
        @input=${(e: Event) => {
          this.query = (e.target as HTMLInputElement).value
          this.picked = 0
        }} @keydown=${this.onKey}></div>
      <div class="tabs" role="tablist">${PALETTE_TABS.map(
        (t) => html`<button role="tab" aria-selected=${t === this.tab ? "true" : "false"}
        @click=${() => {
          this.tab = t
          this.picked = 0
          this.renderRoot.querySelector("input")?.focus()
        }}>${t}</button>`
      )}</div>
      <div class="list" role="listbox">
        ${shown.map(
          (i, n) => html`<div class="item" role="option" data-key=${i.key} aria-selected=${n === this.picked ? "true" : "false"}
          @mousemove=${() => {
            this.picked = n
          }} @click=${() => this.run(i)}>
          <span class="group">${i.group}</span><span>${i.title}</span><span class="detail">${i.detail}</span>${i.hint ? html`<kbd>${i.hint}</kbd>` : ""}</div>`
        )}
        ${shown.length === 0 ? html`<div class="lead">Nothing matches.</div>` : ""}
      </div>
    </div>`
  }
}

customElements.define("lich-palette", LichPalette)

declare global {
  interface HTMLElementTagNameMap {
    "lich-palette": LichPalette
  }
}
