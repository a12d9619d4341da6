/**
 * Settings, stored in the workspace and read by the backend at every spawn: per provider its
 * binary, default model and effort, Claude's ultracode and subagent cards, the sandbox rung; per
 * project the worktree setup script and .worktreeinclude; the theme; the cost readout; lich's plugin
 * for the harnesses that take it (lich-plugins, whose buttons act at once); the hosts (lich-hosts-settings). Each field
 * saves on its own (Enter or leaving it), so nothing waits on a Save that was never pressed.
 */
import { html, LitElement, nothing } from "lit"
import type { Attempt, Call } from "../../api/call.js"
import type { Provider, SettingsView, ThemeList } from "../../api/wire.js"
import type { HostStatusWire } from "../../store/HostsStore.js"
import { dismissEvent } from "../dialog.styles.js"
import { EFFORTS } from "../lich-worktree-dialog/view.js"
import "../lich-budgets/lich-budgets.js"
import "../lich-hosts-settings/lich-hosts-settings.js"
import "../lich-plugins/lich-plugins.js"
import { styles } from "./lich-settings.styles.js"
import { isOn, MERGE_MODES, RUNGS, SECTIONS, type Section } from "./view.js"

export class LichSettings extends LitElement {
  static override styles = styles
  static override properties = {
    call: { attribute: false },
    attempt: { attribute: false },
    projectId: { attribute: false },
    projectName: { attribute: false },
    projectPath: { attribute: false },
    section: { attribute: false },
    hosts: { attribute: false },
    values: { state: true },
    providers: { state: true },
    themes: { state: true },
    saved: { state: true }
  }
  declare call: Call
  /** lich plugin's actions say their refusal on the provider's card, not in a toast */
  declare attempt: Attempt
  declare projectId: string
  declare projectName: string
  declare projectPath: string
  declare section: Section
  /** the window's hosts, for Settings › Hosts (HostsStore's hostStatuses) */
  declare hosts: ReadonlyArray<HostStatusWire> | undefined
  declare values: SettingsView | undefined
  declare providers: ReadonlyArray<Provider>
  declare themes: ThemeList | undefined
  declare saved: string

  constructor() {
    super()
    this.projectId = ""
    this.projectName = ""
    this.projectPath = ""
    this.section = "Providers"
    this.values = undefined
    this.providers = []
    this.themes = undefined
    this.saved = ""
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    const [v, p, t] = await Promise.all([
      this.call("desk.GetSettings", { project: this.projectId }),
      this.call("desk.Providers"),
      this.call("system.Themes")
    ])
    this.values = v
    this.providers = p ?? []
    this.themes = t
  }

  override firstUpdated() {
    this.renderRoot.querySelector<HTMLElement>("nav button")?.focus()
  }

  private async save(key: string, value: string) {
    if ((this.values?.global[key] ?? "") === value) return
    const ok = await this.call("desk.SetSetting", { key, value, project: "" })
    if (ok === undefined) return
    this.values = this.values && { ...this.values, global: { ...this.values.global, [key]: value } }
    this.saved = key
    // Providers found depend on the binary setting.
    if (key.endsWith(".bin")) this.providers = (await this.call("desk.Providers")) ?? this.providers
  }

  /** A key of the project's own (`git.merge`, `git.protected`): set on the project, "" falls back to the global value. */
  private async saveProject(key: string, value: string) {
    if ((this.values?.project[key] ?? "") === value) return
    if ((await this.call("desk.SetSetting", { key, value, project: this.projectId })) === undefined) return
    this.values = this.values && { ...this.values, project: { ...this.values.project, [key]: value } }
    this.saved = key
  }

  private landing() {
    const mode = this.values?.project["git.merge"] ?? ""
    const saved = (key: string) => (this.saved === key ? html`<span class="saved" data-saved=${key}>Saved</span>` : nothing)
    return html`<label>Merge into the base from the dock ${saved("git.merge")}
      <select name="git.merge" @change=${(e: Event) => void this.saveProject("git.merge", (e.target as HTMLSelectElement).value)}>
        ${MERGE_MODES.map(([v, t]) => html`<option value=${v} ?selected=${v === mode}>${t}</option>`)}</select></label>
      <label>Protected bases (never merged into from the dock) ${saved("git.protected")}
        <input name="git.protected" spellcheck="false" placeholder="main, release" .value=${this.values?.project["git.protected"] ?? ""}
          @change=${(e: Event) => void this.saveProject("git.protected", (e.target as HTMLInputElement).value.trim())}></label>`
  }

  private async saveFile(file: "setup" | "include", text: string) {
    if ((await this.call("desk.SetProjectFile", { project: this.projectId, file, text })) !== undefined) this.saved = `file:${file}`
  }

  private text(key: string, placeholder: string, label: string, wide = false) {
    const commit = (e: Event) => void this.save(key, (e.target as HTMLInputElement).value.trim())
    return html`<label class=${wide ? "wide" : ""}>${label} ${this.saved === key ? html`<span class="saved" data-saved=${key}>Saved</span>` : nothing}
      <input name=${key} spellcheck="false" placeholder=${placeholder} .value=${this.values?.global[key] ?? ""}
        @change=${commit} @keydown=${(e: KeyboardEvent) => e.key === "Enter" && commit(e)}></label>`
  }

  private check(key: string, byDefault: boolean, label: string) {
    return html`<label class="check wide"><input type="checkbox" name=${key} .checked=${isOn(this.values?.global ?? {}, key, byDefault)}
      @change=${(e: Event) => void this.save(key, (e.target as HTMLInputElement).checked ? "on" : "off")}> ${label}
      ${this.saved === key ? html`<span class="saved" data-saved=${key}>Saved</span>` : nothing}</label>`
  }

  private choice(key: string, options: ReadonlyArray<readonly [string, string]>, label: string) {
    const current = this.values?.global[key] ?? ""
    return html`<label>${label} ${this.saved === key ? html`<span class="saved" data-saved=${key}>Saved</span>` : nothing}
      <select name=${key} @change=${(e: Event) => void this.save(key, (e.target as HTMLSelectElement).value)}>
      ${options.map(([v, t]) => html`<option value=${v} ?selected=${v === current}>${t}</option>`)}</select></label>`
  }

  private providersSection() {
    return this.providers.map(
      (p) => html`<div class="provider" data-provider=${p.id}>
      <h3>${p.name} ${p.path !== "" ? html`<span class="found">${p.path}</span>` : html`<span class="missing">not found — ${p.install}</span>`}</h3>
      ${this.text(`provider.${p.id}.bin`, p.binary, "Binary", true)}
      ${p.models ? this.text(`provider.${p.id}.model`, "the provider's default", "Default model") : html`<span></span>`}
      ${
        p.efforts
          ? this.choice(
              `provider.${p.id}.effort`,
              EFFORTS.map((x) => [x, x === "" ? "the default" : x] as const),
              "Default effort"
            )
          : nothing
      }
      ${
        p.id === "claude"
          ? html`${this.check("provider.claude.ultracode", false, "Ultracode for every Claude Code session")}
        ${this.check("provider.claude.subagents", true, "Subagents as lich sessions (each subagent gets a card of its own)")}`
          : nothing
      }
    </div>`
    )
  }

  private sandboxSection() {
    return html`<div class="lead">Which sessions run confined (bubblewrap): the agent sees the project and its own state, not the rest of your home.</div>
      ${this.providers.map((p) => this.choice(`provider.${p.id}.sandbox`, RUNGS, p.name))}`
  }

  private projectSection() {
    if (this.projectId === "") return html`<div class="lead">Open a project to edit its worktree setup.</div>`
    const area = (file: "setup" | "include", label: string, value: string, hint: string) => html`<label>${label}
      ${this.saved === `file:${file}` ? html`<span class="saved" data-saved=${`file:${file}`}>Saved</span>` : nothing}
      <textarea name=${file} spellcheck="false" placeholder=${hint} .value=${value}
        @change=${(e: Event) => void this.saveFile(file, (e.target as HTMLTextAreaElement).value)}></textarea></label>`
    return html`<div class="lead">For ${this.projectName}: run in every new worktree's terminal before its agent starts.</div>
      ${area("setup", ".lich/setup-worktree.sh", this.values?.setupScript ?? "", "npm ci")}
      ${area("include", ".worktreeinclude (ignored files copied into a new worktree)", this.values?.worktreeInclude ?? "", ".env")}
      ${this.landing()}`
  }

  private appearanceSection() {
    const themes = this.themes?.themes ?? []
    const pick = (id: string) =>
      void this.call("system.SwitchTheme", { id }).then((r) => {
        if (r && this.themes) this.themes = { ...this.themes, current: id }
      })
    return html`<label>Theme<select name="theme" @change=${(e: Event) => pick((e.target as HTMLSelectElement).value)}>
      ${themes.map((t) => html`<option value=${t.id} ?selected=${t.id === this.themes?.current}>${t.id === "system" ? "Auto (light or dark, as the system asks)" : t.name}</option>`)}
    </select></label>`
  }

  private costSection() {
    return html`<div class="lead">With the readout off no transcript is summed: <code>lich cost</code> reports every session unpriced.</div>
      ${this.check("cost.readout", true, "Count what sessions cost (cost readout)")}`
  }

  override render() {
    const body = {
      Providers: () => this.providersSection(),
      Sandbox: () => this.sandboxSection(),
      Project: () => this.projectSection(),
      Appearance: () => this.appearanceSection(),
      Cost: () => this.costSection(),
      Budgets: () => html`<lich-budgets .call=${this.call} .projectId=${this.projectId} .projectPath=${this.projectPath}></lich-budgets>`,
      Hosts: () => html`<lich-hosts-settings .call=${this.call} .hosts=${this.hosts}></lich-hosts-settings>`,
      "lich plugin": () => html`<lich-plugins .attempt=${this.attempt} .providers=${this.providers}></lich-plugins>`
    }[this.section]
    return html`<div class="panel" role="dialog" aria-label="Settings" @keydown=${(e: KeyboardEvent) => e.key === "Escape" && this.dispatchEvent(dismissEvent())}>
      <div class="top"><h2>Settings</h2><button aria-label="close settings" @click=${() => this.dispatchEvent(dismissEvent())}>Done</button></div>
      <div class="frame">
        <nav role="tablist">${SECTIONS.map(
          (s) =>
            html`<button role="tab" data-section=${s} aria-selected=${s === this.section ? "true" : "false"} @click=${() => {
              this.section = s
            }}>${s}</button>`
        )}</nav>
        <div class="body">${this.values ? body() : html`<div class="lead">Loading…</div>`}</div>
      </div>
    </div>`
  }
}

customElements.define("lich-settings", LichSettings)

declare global {
  interface HTMLElementTagNameMap {
    "lich-settings": LichSettings
  }
}
