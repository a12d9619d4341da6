/**
 * Open a directory as a project: a path field completed by the backend (~ expanded there), the
 * directories under what is typed, and recent projects from the workspace's history. Keyboard
 * first: type, Tab completes, ↑↓ pick, Enter opens, Escape closes.
 */
import { html, LitElement, nothing } from "lit"
import type { Call } from "../../api/call.js"
import type { Completion, RecentProject } from "../../api/wire.js"
import { tabComplete } from "../../logic/completion.js"
import { cycle } from "../../logic/palette.js"
import { dismissEvent } from "../dialog.styles.js"
import { styles } from "./lich-open-project.styles.js"
import { choices } from "./view.js"

export class LichOpenProject extends LitElement {
  static override styles = styles
  static override properties = {
    call: { attribute: false },
    typed: { state: true },
    dirs: { state: true },
    recent: { state: true },
    picked: { state: true }
  }
  declare call: Call
  declare typed: string
  declare dirs: Completion["entries"]
  declare recent: ReadonlyArray<RecentProject>
  declare picked: number
  private asked = 0

  constructor() {
    super()
    this.typed = ""
    this.dirs = []
    this.recent = []
    this.picked = -1
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.call("desk.Recent").then((r) => {
      this.recent = r ?? []
    })
  }

  override firstUpdated() {
    this.renderRoot.querySelector("input")?.focus()
  }

  private async lookUp(typed: string) {
    // Answers can arrive out of order; only the latest question's answer is shown.
    const n = ++this.asked
    const c = await this.call("desk.Complete", { path: typed })
    if (n === this.asked) this.dirs = c?.entries ?? []
  }

  private onInput(e: Event) {
    this.typed = (e.target as HTMLInputElement).value
    this.picked = -1
    void this.lookUp(this.typed)
  }

  private open(path: string) {
    if (path.trim() === "") return
    this.dispatchEvent(
      new CustomEvent<{ path: string }>("lich-open-path", { detail: { path: path.trim() }, bubbles: true, composed: true })
    )
  }

  private onKey(e: KeyboardEvent) {
    const list = choices(this.typed, this.dirs, this.recent)
    if (e.key === "Escape") return this.dispatchEvent(dismissEvent())
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault()
      const by = e.key === "ArrowDown" ? 1 : -1
      this.picked = cycle(this.picked, by, list.length)
      return
    }
    if (e.key === "Tab") {
      e.preventDefault()
      const next = this.picked >= 0 && list[this.picked] ? `${list[this.picked]!.path}/` : tabComplete(this.typed, this.dirs)
      this.typed = next
      this.picked = -1
      const input = e.target as HTMLInputElement
      input.value = next
      void this.lookUp(next)
      return
    }
    if (e.key === "Enter") {
      e.preventDefault()
      this.open(this.picked >= 0 && list[this.picked] ? list[this.picked]!.path : this.typed)
    }
  }

  override render() {
    const list = choices(this.typed, this.dirs, this.recent)
    return html`<div class="panel" role="dialog" aria-label="Open a project" @click=${(e: Event) => e.stopPropagation()}>
      <h2>Open a project</h2>
      <div class="lead">A directory on this machine: type its path (<code>~</code> works), <kbd>Tab</kbd> completes, <kbd>Enter</kbd> opens.</div>
      <div class="field"><input aria-label="project path" placeholder="~/src/my-project" spellcheck="false" autocomplete="off"
        .value=${this.typed} @input=${this.onInput} @keydown=${this.onKey}></div>
      <div class="list" role="listbox">
        ${list.map((c, i) => {
          // A section's name heads its first row.
          const head = c.section !== list[i - 1]?.section ? html`<div class="section">${c.section}</div>` : nothing
          return html`${head}<div class="item" role="option" data-path=${c.path} aria-selected=${i === this.picked ? "true" : "false"}
            @click=${() => this.open(c.path)}><span>${c.title}</span><span class="detail">&lrm;${c.detail}&lrm;</span></div>`
        })}
        ${list.length === 0 && this.typed.trim() === "" ? html`<div class="lead">No other project yet: type a path above.</div>` : nothing}
      </div>
    </div>`
  }
}

customElements.define("lich-open-project", LichOpenProject)

declare global {
  interface HTMLElementTagNameMap {
    "lich-open-project": LichOpenProject
  }
}
