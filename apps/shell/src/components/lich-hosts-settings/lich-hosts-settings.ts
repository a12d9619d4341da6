/**
 * Settings › Hosts: the machines whose lich this one reaches over ssh — each with its destination and
 * state (the reason when it is not connected) and a Remove; a form to add one by name and ssh
 * destination (and the lich command there, when it is not `lich` on that host's PATH). Adding
 * answers once the first attempt is over, as `lich hosts add` does. The list is the window's own
 * (HostsStore, handed in as `hosts`), the one the sidebar draws, so a host added or removed from the
 * CLI or another window comes and goes here too while the panel is open; after its own change the
 * panel asks the window to read the list again (`lich-hosts-changed`), for the state an add ended in.
 */
import { css, html, LitElement, nothing } from "lit"
import type { Call } from "../../api/call.js"
import type { HostStatusWire } from "../../store/HostsStore.js"

export class LichHostsSettings extends LitElement {
  static override styles = css`
    :host { display: grid; gap: 12px; }
    .lead { color: var(--muted-foreground); line-height: 1.5; }
    .host { display: grid; grid-template-columns: 1fr auto; gap: 2px 10px; padding: 8px 0; border-bottom: 1px solid var(--border); }
    .host .name { font-weight: 600; }
    .host .dest, .host .why { grid-column: 1; font-size: 12px; color: var(--muted-foreground); }
    .host .dest { font-family: ui-monospace, monospace; }
    .host button { grid-row: 1 / 3; grid-column: 2; align-self: center; }
    form { display: grid; grid-template-columns: 1fr 1.4fr 1fr auto; gap: 8px; align-items: end; }
    label { display: grid; gap: 4px; font-size: 12px; color: var(--muted-foreground); }
    input { font: inherit; font-size: 13px; padding: 4px 6px; border: 1px solid var(--border); border-radius: 6px; background: var(--background); color: var(--foreground); }
    button { font: inherit; border: 1px solid var(--border); background: var(--secondary); color: var(--secondary-foreground); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
    button[disabled] { opacity: 0.6; cursor: default; }
  `
  static override properties = { call: { attribute: false }, hosts: { attribute: false }, busy: { state: true } }
  declare call: Call
  /** the window's hosts (HostsStore's hostStatuses); undefined until hosts.List has answered */
  declare hosts: ReadonlyArray<HostStatusWire> | undefined
  declare busy: boolean

  constructor() {
    super()
    this.hosts = undefined
    this.busy = false
  }

  override connectedCallback() {
    super.connectedCallback()
    // Opened: the window reads the list again, for each link's latest state and reason.
    this.changed()
  }

  private changed() {
    this.dispatchEvent(new CustomEvent("lich-hosts-changed", { bubbles: true, composed: true }))
  }

  private async add(e: Event) {
    e.preventDefault()
    const form = e.target as HTMLFormElement
    const value = (n: string) => (form.elements.namedItem(n) as HTMLInputElement).value.trim()
    this.busy = true
    const r = await this.call("hosts.Add", { name: value("name"), destination: value("destination"), lich: value("lich") })
    this.busy = false
    if (r) form.reset()
    this.changed()
  }

  private async forget(name: string) {
    await this.call("hosts.Remove", { name })
    this.changed()
  }

  override render() {
    const hosts = this.hosts
    return html`<div class="lead">Other machines with a lich of their own, reached with your system's ssh (your ~/.ssh/config, keys and
        known_hosts apply). Their sessions show under the local ones in the sidebar.</div>
      ${hosts === undefined ? html`<div class="lead">Loading…</div>` : hosts.length === 0 ? html`<div class="lead">No hosts yet.</div>` : nothing}
      ${(hosts ?? []).map(
        (h) => html`<div class="host" data-host=${h.name}>
          <span class="name">${h.name} <span class="why">· ${h.state}${h.version ? ` · lich ${h.version}` : ""}</span></span>
          <button aria-label="remove ${h.name}" @click=${() => void this.forget(h.name)}>Remove</button>
          <span class="dest">${h.destination}</span>
          ${h.message ? html`<span class="why">${h.message}</span>` : nothing}
        </div>`
      )}
      <form @submit=${(e: Event) => void this.add(e)}>
        <label>Name<input name="name" required spellcheck="false" placeholder="devbox"></label>
        <label>ssh destination<input name="destination" required spellcheck="false" placeholder="me@devbox.example"></label>
        <label>lich there<input name="lich" spellcheck="false" placeholder="lich (on its PATH)"></label>
        <button type="submit" ?disabled=${this.busy}>${this.busy ? "Adding…" : "Add"}</button>
      </form>`
  }
}

customElements.define("lich-hosts-settings", LichHostsSettings)

declare global {
  interface HTMLElementTagNameMap {
    "lich-hosts-settings": LichHostsSettings
  }
}
