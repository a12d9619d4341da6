/**
 * A new session on a branch of its own: the branch to create (or an existing one to check out), its
 * base from the repository's branches, the provider with model, effort and ultracode, and a folder.
 * The project's setup script then runs in the new card's terminal before the agent starts. On a host
 * (`host` set), the branches are that host's checkout's, read there (hosts.Branches).
 */
import { html, LitElement } from "lit"
import type { Call } from "../../api/call.js"
import type { Provider } from "../../api/wire.js"
import { dialogStyles, dismissEvent } from "../dialog.styles.js"
import { branchProblem, EFFORTS, type WorktreeForm } from "./view.js"

export class LichWorktreeDialog extends LitElement {
  static override styles = dialogStyles
  static override properties = {
    call: { attribute: false },
    projectId: { attribute: false },
    host: { attribute: false },
    providers: { attribute: false },
    form: { state: true },
    branches: { state: true },
    problem: { state: true }
  }
  declare call: Call
  declare projectId: string
  /** the host the project is on, "" = this machine */
  declare host: string
  declare providers: ReadonlyArray<Provider>
  declare form: WorktreeForm
  declare branches: ReadonlyArray<string>
  declare problem: string

  constructor() {
    super()
    this.providers = []
    this.host = ""
    this.branches = []
    this.problem = ""
    this.form = { branch: "", base: "", kind: "claude", model: "", effort: "", ultracode: false, folder: "", confine: true }
  }

  override connectedCallback() {
    super.connectedCallback()
    const found = this.providers.filter((p) => p.path !== "")
    if (!found.some((p) => p.id === this.form.kind)) this.form = { ...this.form, kind: found[0]?.id ?? "shell" }
    const branches =
      this.host === ""
        ? this.call("desk.Branches", { project: this.projectId })
        : this.call("hosts.Branches", { host: this.host, project: this.projectId })
    void branches.then((b) => {
      if (!b) return
      this.branches = b.branches
      this.form = { ...this.form, base: b.current }
    })
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLInputElement>("input[name=branch]")?.focus()
  }

  private set<K extends keyof WorktreeForm>(k: K, v: WorktreeForm[K]) {
    this.form = { ...this.form, [k]: v }
    if (k === "branch") this.problem = ""
  }

  private submit() {
    const problem = branchProblem(this.form.branch)
    this.problem = problem
    if (problem !== "") return
    this.dispatchEvent(new CustomEvent<WorktreeForm>("lich-create-worktree", { detail: this.form, bubbles: true, composed: true }))
  }

  private onKey(e: KeyboardEvent) {
    if (e.key === "Escape") this.dispatchEvent(dismissEvent())
    if (e.key === "Enter" && (e.target as HTMLElement).tagName !== "BUTTON") {
      e.preventDefault()
      this.submit()
    }
  }

  override render() {
    const f = this.form
    const kinds = [...this.providers.filter((p) => p.path !== ""), { id: "shell", name: "Shell", models: false, efforts: false }]
    const kind = kinds.find((k) => k.id === f.kind)
    const value = (e: Event) => (e.target as HTMLInputElement).value
    return html`<div class="panel" role="dialog" aria-label="New worktree" @keydown=${this.onKey}>
      <h2>New worktree${this.host === "" ? "" : ` on ${this.host}`}</h2>
      <div class="lead">A checkout of its own under lich's data directory; the project's setup script runs in it first.</div>
      <div class="body">
        <label>Branch<input name="branch" placeholder="feature/login" spellcheck="false" .value=${f.branch} @input=${(e: Event) => this.set("branch", value(e))}></label>
        ${this.problem ? html`<div class="error" role="alert">${this.problem}</div>` : ""}
        <div class="row2">
          <label>Base<select name="base" @change=${(e: Event) => this.set("base", value(e))}>
            ${this.branches.map((b) => html`<option value=${b} ?selected=${b === f.base}>${b}</option>`)}
          </select></label>
          <label>Runs<select name="kind" @change=${(e: Event) => this.set("kind", value(e))}>
            ${kinds.map((k) => html`<option value=${k.id} ?selected=${k.id === f.kind}>${k.name}</option>`)}
          </select></label>
        </div>
        <div class="row2">
          <label>Model<input name="model" placeholder="the default" ?disabled=${!kind?.models} .value=${f.model} @input=${(e: Event) => this.set("model", value(e))}></label>
          <label>Effort<select name="effort" ?disabled=${!kind?.efforts} @change=${(e: Event) => this.set("effort", value(e))}>
            ${EFFORTS.map((x) => html`<option value=${x} ?selected=${x === f.effort}>${x === "" ? "the default" : x}</option>`)}
          </select></label>
        </div>
        ${
          f.kind === "claude"
            ? html`<label class="check"><input type="checkbox" name="ultracode" .checked=${f.ultracode}
          @change=${(e: Event) => this.set("ultracode", (e.target as HTMLInputElement).checked)}> Ultracode</label>`
            : ""
        }
        ${
          this.providers.find((p) => p.id === f.kind)?.rung === "ask"
            ? html`<label class="check"><input type="checkbox" name="confine" .checked=${f.confine}
          @change=${(e: Event) => this.set("confine", (e.target as HTMLInputElement).checked)}> Run confined (your sandbox setting asks)</label>`
            : ""
        }
        <label>Folder<input name="folder" placeholder="none" .value=${f.folder} @input=${(e: Event) => this.set("folder", value(e))}></label>
      </div>
      <div class="actions">
        <button @click=${() => this.dispatchEvent(dismissEvent())}>Cancel</button>
        <button class="primary" @click=${() => this.submit()}>Create</button>
      </div>
    </div>`
  }
}

customElements.define("lich-worktree-dialog", LichWorktreeDialog)

declare global {
  interface HTMLElementTagNameMap {
    "lich-worktree-dialog": LichWorktreeDialog
  }
}
