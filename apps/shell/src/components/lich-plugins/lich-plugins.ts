/**
 * Settings › lich plugin: per provider found, whether lich's plugin is installed, its version and
 * whether it is current, with Install / Update / Remove. Each action answers the provider's install
 * as the backend read it back off the disk, so the card changes as soon as the files do; a refusal
 * is the backend's one line, said on that card (nothing was written).
 */
import { html, LitElement, nothing } from "lit"
import type { Attempt } from "../../api/call.js"
import type { PluginInstallWire, Provider } from "../../api/wire.js"
import { styles } from "./lich-plugins.styles.js"
import { type PluginCard, type PluginVerb, pluginCards, VERB_LABEL } from "./view.js"

const PROCEDURE = { install: "plugin.Install", update: "plugin.Update", remove: "plugin.Remove" } as const

export class LichPlugins extends LitElement {
  static override styles = styles
  static override properties = {
    attempt: { attribute: false },
    providers: { attribute: false },
    states: { state: true },
    busy: { state: true },
    said: { state: true }
  }
  declare attempt: Attempt
  declare providers: ReadonlyArray<Provider>
  declare states: ReadonlyArray<PluginInstallWire> | undefined
  /** the provider whose action is running: its buttons wait */
  declare busy: string
  /** per provider, the last refusal (or, on a load, why nothing could be read) */
  declare said: Readonly<Record<string, string>>

  constructor() {
    super()
    this.providers = []
    this.states = undefined
    this.busy = ""
    this.said = {}
  }

  override connectedCallback() {
    super.connectedCallback()
    void this.load()
  }

  private async load() {
    const r = await this.attempt("plugin.States")
    if (r.ok) this.states = r.value
    else this.said = { "": r.error }
  }

  private async act(provider: PluginInstallWire["provider"], verb: PluginVerb) {
    this.busy = provider
    this.said = { ...this.said, [provider]: "" }
    const r = await this.attempt(PROCEDURE[verb], { provider })
    this.busy = ""
    if (!r.ok) {
      this.said = { ...this.said, [provider]: r.error }
      return
    }
    this.states = (this.states ?? []).map((s) => (s.provider === provider ? r.value : s))
  }

  private card(c: PluginCard) {
    const refusal = this.said[c.provider] ?? ""
    return html`<div class="plugin" data-plugin=${c.provider} data-state=${c.state}>
      <h3>${c.name} ${c.found !== "" ? html`<span class="found">${c.found}</span>` : html`<span class="missing">not found on this machine</span>`}</h3>
      <div class="summary">${c.summary}</div>
      <div class="where">${c.where.map((w) => html`<code>${w}</code>`)}</div>
      <div class="buttons">${c.verbs.map(
        (v) =>
          html`<button class=${v === "remove" ? "" : "primary"} data-action=${v} ?disabled=${this.busy !== ""}
            @click=${() => void this.act(c.provider, v)}>${this.busy === c.provider ? "…" : VERB_LABEL[v]}</button>`
      )}</div>
      ${refusal !== "" ? html`<div class="error" role="alert">${refusal}</div>` : nothing}
    </div>`
  }

  override render() {
    if (this.said[""]) return html`<div class="error" role="alert">${this.said[""]}</div>`
    if (this.states === undefined) return html`<div class="lead">Loading…</div>`
    const { cards, missing } = pluginCards(this.states, this.providers)
    return html`<div class="lead">oh-my-pi, Crush, Cursor CLI, Kiro CLI and Antigravity learn about lich only from files in
      their own config: installing writes lich's state hooks and tools there, and Remove takes out exactly that.
      Nothing is installed unless you ask here or with <code>lich plugin</code>.</div>
      ${cards.map((c) => this.card(c))}
      ${cards.length === 0 ? html`<div class="lead">None of these providers was found on this machine.</div>` : nothing}
      ${missing.length > 0 && cards.length > 0 ? html`<div class="lead">Not found here: ${missing.join(", ")}.</div>` : nothing}`
  }
}

customElements.define("lich-plugins", LichPlugins)

declare global {
  interface HTMLElementTagNameMap {
    "lich-plugins": LichPlugins
  }
}
