/**
 * One host under the local sessions: a header (its name, ssh destination, state; the far lich's
 * version once connected, the reason when not, Reconnect / Start), then each of its projects with a
 * + for a new session or worktree there, and its cards as local ones are drawn, each saying its host.
 * The cards' and the menu's own events are caught here and raised again with the host (and the
 * project) named, so lich-app answers a host's card with hosts.* calls and never mistakes it for a
 * local one of the same id.
 */
import { html, LitElement, nothing } from "lit"
import { repeat } from "lit/directives/repeat.js"
import type { Provider } from "../../api/wire.js"
import type { Project } from "../../logic/model.js"
import type { HostView } from "../../store/HostsStore.js"
import type { CardAction } from "../lich-session-card/lich-session-card.js"
import "../lich-new-menu/lich-new-menu.js"
import "../lich-session-card/lich-session-card.js"
import { styles } from "./lich-host-section.styles.js"
import { hostEmpty, hostHeader, hostProjects } from "./view.js"

export type HostAsk =
  | { readonly kind: "card"; readonly host: string; readonly action: CardAction }
  | { readonly kind: "connect"; readonly host: string; readonly start: boolean }
  | { readonly kind: "menu"; readonly host: string; readonly project: string }
  | { readonly kind: "new-session"; readonly host: string; readonly project: Project; readonly sessionKind: string }
  | { readonly kind: "new-worktree"; readonly host: string; readonly project: Project }

export class LichHostSection extends LitElement {
  static override styles = styles
  static override properties = {
    host: { attribute: false },
    shownId: { attribute: false },
    menuProject: { attribute: false },
    providers: { attribute: false }
  }
  declare host: HostView
  /** the card of this host's the main area shows, "" = none */
  declare shownId: string
  /** the project whose new-session menu is open, "" = none */
  declare menuProject: string
  declare providers: ReadonlyArray<Provider>

  constructor() {
    super()
    this.shownId = ""
    this.menuProject = ""
    this.providers = []
  }

  private ask(a: HostAsk) {
    this.dispatchEvent(new CustomEvent<HostAsk>("lich-host", { detail: a, bubbles: true, composed: true }))
  }

  private caught<T>(f: (detail: T) => void) {
    return (e: CustomEvent<T>) => {
      e.stopPropagation()
      f(e.detail)
    }
  }

  private header() {
    const v = hostHeader(this.host)
    const host = v.name
    return html`<div class="host-header" data-host=${host} data-state=${v.state}>
        <span class="dot ${v.state}"></span>
        <span class="name">${host}</span>
        <span class="badge" data-badge>${v.badge}</span>
        ${v.start ? html`<button class="act" @click=${() => this.ask({ kind: "connect", host, start: true })}>Start</button>` : nothing}
        ${v.reconnect ? html`<button class="act" @click=${() => this.ask({ kind: "connect", host, start: false })}>Reconnect</button>` : nothing}
        <span class="dest" title=${v.destination}>${v.destination}</span>
      </div>
      ${v.reason ? html`<div class="reason" title=${v.reason}>${v.reason}</div>` : nothing}`
  }

  private menu(project: Project) {
    const host = this.host.status.name
    return html`<lich-new-menu .providers=${this.providers}
      @lich-dismiss=${this.caught(() => this.ask({ kind: "menu", host: "", project: "" }))}
      @lich-new-session=${this.caught<{ kind: string }>((d) => this.ask({ kind: "new-session", host, project, sessionKind: d.kind }))}
      @lich-new-worktree=${this.caught(() => this.ask({ kind: "new-worktree", host, project }))}></lich-new-menu>`
  }

  override render() {
    const host = this.host.status.name
    const cut = hostHeader(this.host).cut
    const empty = hostEmpty(this.host)
    const open = this.menuProject
    return html`${this.header()}
      <div class="cards" @lich-card=${this.caught<CardAction>((action) => this.ask({ kind: "card", host, action }))}>
        ${empty ? html`<div class="empty">${empty}</div>` : nothing}
        ${hostProjects(this.host).map(
          ({ project, rows }) => html`<div class="project" data-project=${project.name}>
              <span class="pname" title=${project.path}>${project.name}</span>
              ${
                cut || project.path === ""
                  ? nothing
                  : html`<span class="new"><button title="New session on ${host}" aria-label="new session on ${host} in ${project.name}"
                    @click=${() => this.ask({ kind: "menu", host: open === project.id ? "" : host, project: project.id })}>+</button>
                  ${open === project.id ? this.menu(project) : nothing}</span>`
              }
            </div>
            ${repeat(
              rows,
              (r) => r.key,
              (r) =>
                r.type === "header"
                  ? html`<div class="block" data-group=${r.title}>${r.kind === "checkout" ? "⎇ " : ""}${r.title}</div>`
                  : html`<lich-session-card .card=${r.card} .projectPath=${project.path} ?active=${r.card.id === this.shownId}
                    .host=${host} ?disconnected=${cut}></lich-session-card>`
            )}`
        )}
      </div>`
  }
}

customElements.define("lich-host-section", LichHostSection)

declare global {
  interface HTMLElementTagNameMap {
    "lich-host-section": LichHostSection
  }
}
