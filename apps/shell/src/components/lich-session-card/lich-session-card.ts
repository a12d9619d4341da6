/**
 * One session in the sidebar: provider glyph in its state ring, label, relay mark, path and branch,
 * tinted with its colour. Double-click renames, × closes; both go out as events for the app to turn
 * into the same RPCs the CLI uses. Whether its name field is open is the window's state (a hotkey
 * opens it too), handed in as `renaming`.
 */
import { html, LitElement, nothing } from "lit"
import type { Card } from "../../logic/model.js"
import { styles } from "./lich-session-card.styles.js"
import { cardView } from "./view.js"

export type CardAction = { readonly id: string } & (
  | { readonly kind: "select" }
  | { readonly kind: "close" }
  /** the name field is asked for (a double-click) */
  | { readonly kind: "rename-start" }
  /** the name field is done: label is the new name, "" when nothing is to change */
  | { readonly kind: "rename-end"; readonly label: string }
)

export class LichSessionCard extends LitElement {
  static override styles = styles
  static override properties = {
    card: { attribute: false },
    projectPath: { attribute: false },
    active: { type: Boolean, reflect: true },
    exited: { type: Boolean, reflect: true },
    renaming: { attribute: false }
  }
  declare card: Card
  declare projectPath: string
  declare active: boolean
  declare exited: boolean
  declare renaming: boolean

  constructor() {
    super()
    this.projectPath = ""
    this.active = false
    this.exited = false
    this.renaming = false
  }

  private act(a: CardAction) {
    this.dispatchEvent(new CustomEvent<CardAction>("lich-card", { detail: a, bubbles: true, composed: true }))
  }

  private finishRename(input: HTMLInputElement, commit: boolean) {
    // The blur of a field already answered (by Enter or Escape) comes after the window closed it.
    if (!this.renaming) return
    const typed = input.value.trim()
    const label = commit && typed !== this.card.label ? typed : ""
    this.act({ id: this.card.id, kind: "rename-end", label })
  }

  /** Reflected before render so the host's [exited] styling never lags a frame behind. */
  override willUpdate() {
    this.exited = !this.card.live
  }

  override render() {
    const v = cardView(this.card, this.projectPath)
    return html`<div class="card" style=${v.style} title=${v.tooltip} data-id=${this.card.id}
      @click=${() => this.act({ id: this.card.id, kind: "select" })}
      @dblclick=${() => this.act({ id: this.card.id, kind: "rename-start" })}>
      <span class="ring ${v.ring}" data-state=${v.ring}><span class="glyph">${v.glyph}</span></span>
      <span class="label">${v.confined ? html`<span class="shield" title="confined: runs in the sandbox" aria-label="confined">⛨ </span>` : nothing}${
        this.renaming
          ? html`<input .value=${v.label} aria-label="new name"
            @click=${(e: Event) => e.stopPropagation()}
            @keydown=${(e: KeyboardEvent) => {
              if (e.key === "Enter") this.finishRename(e.target as HTMLInputElement, true)
              if (e.key === "Escape") this.finishRename(e.target as HTMLInputElement, false)
            }}
            @blur=${(e: Event) => this.finishRename(e.target as HTMLInputElement, true)}>`
          : v.label
      }</span>
      <button class="close" title="Close" aria-label="close ${v.label}"
        @click=${(e: Event) => {
          e.stopPropagation()
          this.act({ id: this.card.id, kind: "close" })
        }}>×</button>
      ${v.relay ? html`<span class="relay ${v.relay.direction}" title=${v.relay.tooltip}>${v.relay.text}</span>` : nothing}
      ${v.status ? html`<span class="status ${v.status.tone}" title=${v.status.text}>${v.status.text}</span>` : nothing}
      <span class="path">&lrm;${v.path}&lrm;</span>
      ${
        v.branch || v.usage
          ? html`<span class="meta">${v.branch ? html`<span class="branch">⎇ ${v.branch}${v.dirty ? html`<span class="dirty" title="uncommitted changes"> ●</span>` : nothing}</span>` : nothing}
        ${v.usage ? html`<span class="usage" title="context used · cost so far">${v.usage}</span>` : nothing}</span>`
          : nothing
      }
    </div>`
  }

  override updated() {
    if (this.renaming) this.renderRoot.querySelector("input")?.focus()
  }
}

customElements.define("lich-session-card", LichSessionCard)

declare global {
  interface HTMLElementTagNameMap {
    "lich-session-card": LichSessionCard
  }
}
