/**
 * Closing a worktree's last session asks what happens to the checkout: keep it (the session is
 * parked and comes back from History or the same --worktree) or remove it. Removing a checkout with
 * uncommitted work asks a second time, listing what would be lost.
 */
import { html, LitElement, nothing } from "lit"
import { dialogStyles, dismissEvent } from "../dialog.styles.js"

export interface CloseAnswer {
  readonly worktree: "keep" | "remove"
  readonly force: boolean
}

/** 12: enough to recognise the work; the count says how much more there is. */
export const SHOWN_FILES = 12

export class LichCloseDialog extends LitElement {
  static override styles = dialogStyles
  static override properties = {
    label: { attribute: false },
    path: { attribute: false },
    files: { attribute: false },
    confirming: { state: true }
  }
  declare label: string
  declare path: string
  declare files: ReadonlyArray<string>
  declare confirming: boolean

  constructor() {
    super()
    this.label = ""
    this.path = ""
    this.files = []
    this.confirming = false
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLButtonElement>("button.primary")?.focus()
  }

  private answer(a: CloseAnswer) {
    this.dispatchEvent(new CustomEvent<CloseAnswer>("lich-close-answer", { detail: a, bubbles: true, composed: true }))
  }

  private removeCheckout() {
    if (this.files.length === 0) return this.answer({ worktree: "remove", force: false })
    if (!this.confirming) {
      this.confirming = true
      return
    }
    this.answer({ worktree: "remove", force: true })
  }

  override updated() {
    if (this.confirming) this.renderRoot.querySelector<HTMLButtonElement>("button.danger")?.focus()
  }

  override render() {
    const n = this.files.length
    return html`<div class="panel" role="dialog" aria-label="Close worktree session" @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.dispatchEvent(dismissEvent())}>
      <h2>Close “${this.label}”</h2>
      <div class="lead">It is the last session in <code>${this.path}</code>. Keep the checkout to come back to it, or remove it.</div>
      <div class="body">
        ${
          n > 0
            ? html`<div class=${this.confirming ? "error" : ""}>${n} uncommitted ${n === 1 ? "file" : "files"} — in no commit and on no remote${this.confirming ? "; removing discards them:" : ":"}</div>
          <div class="list">${this.files.slice(0, SHOWN_FILES).map((f) => html`<code class="file">${f}</code>`)}
          ${n > SHOWN_FILES ? html`<span class="hint">and ${n - SHOWN_FILES} more</span>` : nothing}</div>`
            : html`<div>Nothing uncommitted: removing loses no work.</div>`
        }
      </div>
      <div class="actions">
        <button @click=${() => this.dispatchEvent(dismissEvent())}>Cancel</button>
        <button class=${this.confirming ? "danger" : ""} data-answer="remove" @click=${() => this.removeCheckout()}>${this.confirming ? `Remove and discard ${n} ${n === 1 ? "file" : "files"}` : "Remove checkout"}</button>
        <button class="primary" data-answer="keep" @click=${() => this.answer({ worktree: "keep", force: false })}>Keep checkout</button>
      </div>
    </div>`
  }
}

customElements.define("lich-close-dialog", LichCloseDialog)

declare global {
  interface HTMLElementTagNameMap {
    "lich-close-dialog": LichCloseDialog
  }
}
