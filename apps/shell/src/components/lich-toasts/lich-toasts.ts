/** Toasts for what needs a person: a session waiting, an errand answered elsewhere, a refused action. */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import type { Toast } from "../../logic/model.js"
import { styles } from "./lich-toasts.styles.js"
import { pushToast, type ShownToast, TOAST_MS } from "./view.js"

export type AnyToast =
  | Toast
  | { readonly kind: "error"; readonly text: string; readonly detail: string; readonly target: "" }
  /** a plain close, undoable while the toast shows: target is the parked session */
  | { readonly kind: "undo"; readonly text: string; readonly detail: string; readonly target: string }

export class LichToasts extends LitElement {
  static override styles = styles
  static override properties = { toasts: { state: true } }
  declare toasts: ReadonlyArray<ShownToast>
  private next = 0
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()

  constructor() {
    super()
    this.toasts = []
  }

  show(t: AnyToast) {
    const key = this.next++
    this.toasts = pushToast(this.toasts, t as Toast, key)
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.dismiss(key)
    }, TOAST_MS)
    this.timers.add(timer)
  }

  private dismiss(key: number) {
    this.toasts = this.toasts.filter((t) => t.key !== key)
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }

  override render() {
    return repeat(
      this.toasts,
      (t) => t.key,
      (t) => html`<div class="toast ${t.kind}" role="status">
      <span class="text">${t.text}</span>
      ${
        t.target
          ? html`<button @click=${() => {
              this.dismiss(t.key)
              this.dispatchEvent(
                new CustomEvent<{ id: string }>((t.kind as string) === "undo" ? "lich-undo" : "lich-open", {
                  detail: { id: t.target },
                  bubbles: true,
                  composed: true
                })
              )
            }}>${(t.kind as string) === "undo" ? "Undo" : "Open"}</button>`
          : nothing
      }
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
