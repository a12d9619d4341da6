/**
 * One session in the sidebar: provider glyph in its state ring, label, relay mark, path, and the
 * line of its checkout — branch, base standing, PR # and checks, diff +/−, the radar's overlap, each
 * saying its source and read time on hover — tinted with its colour. Double-click renames, × closes,
 * ⋯ (or a right-click) opens its menu, the diff figure opens the dock; all go out as events for the
 * app to turn into the same RPCs the CLI uses. Whether its name field or its menu is open is the
 * window's state (hotkeys open them too), handed in. A card of another host's says which (`host`),
 * offers no menu (its checkout is read on that host, not here), and is dimmed and labelled while
 * that host's link is down (`disconnected`).
 */
import { html, LitElement, nothing } from "lit"
import type { SessionGitWire } from "../../api/wire.js"
import type { Figure } from "../../logic/gitFigures.js"
import type { Card } from "../../logic/model.js"
import { styles } from "./lich-session-card.styles.js"
import { type CardMenuItem, renderCardMenu } from "./menu.js"
import { cardView } from "./view.js"

export type CardAction = { readonly id: string } & (
  | { readonly kind: "select" }
  | { readonly kind: "close" }
  /** the name field is asked for (a double-click) */
  | { readonly kind: "rename-start" }
  /** the name field is done: label is the new name, "" when nothing is to change */
  | { readonly kind: "rename-end"; readonly label: string }
  /** its menu opened or closed */
  | { readonly kind: "menu"; readonly open: boolean }
  /** one of its menu's items (the dock, a pull request, …) */
  | { readonly kind: "item"; readonly item: CardMenuItem }
)

export class LichSessionCard extends LitElement {
  static override styles = styles
  static override properties = {
    card: { attribute: false },
    projectPath: { attribute: false },
    active: { type: Boolean, reflect: true },
    exited: { type: Boolean, reflect: true },
    renaming: { attribute: false },
    git: { attribute: false },
    menuOpen: { attribute: false },
    gh: { attribute: false },
    overCap: { attribute: false },
    host: { attribute: false },
    disconnected: { type: Boolean, reflect: true }
  }
  declare card: Card
  declare projectPath: string
  declare active: boolean
  declare exited: boolean
  declare renaming: boolean
  /** the backend's last read of its checkout; undefined before the first */
  declare git: SessionGitWire | undefined
  declare menuOpen: boolean
  /** what the menu says of pull requests: "" when gh can open them, else why not */
  declare gh: string
  /** its project's cap refusal, "" while under every cap */
  declare overCap: string
  /** the host it runs on, "" = this machine */
  declare host: string
  /** its host's link is down: it still runs there, and comes back when the link does */
  declare disconnected: boolean

  constructor() {
    super()
    this.projectPath = ""
    this.active = false
    this.exited = false
    this.renaming = false
    this.git = undefined
    this.menuOpen = false
    this.overCap = ""
    this.gh = ""
    this.host = ""
    this.disconnected = false
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

  private figure(f: Figure) {
    const open = (e: Event) => {
      e.stopPropagation()
      this.act({ id: this.card.id, kind: "item", item: "dock" })
    }
    return html`<span class="fig ${f.key} ${f.tone} ${f.stale ? "stale" : ""}" data-fig=${f.key} title=${f.title}
      @click=${f.key === "diff" || f.key === "overlap" ? open : undefined}>${f.text}${f.stale ? html`<span class="stale-mark" aria-label="stale">?</span>` : nothing}</span>`
  }

  override render() {
    const v = cardView(this.card, this.projectPath, this.git)
    const id = this.card.id
    return html`<div class="card" style=${v.style} title=${v.tooltip} data-id=${id}
      @click=${() => this.act({ id, kind: "select" })}
      @contextmenu=${(e: Event) => {
        e.preventDefault()
        this.act({ id, kind: "menu", open: true })
      }}
      @dblclick=${() => this.act({ id, kind: "rename-start" })}>
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
      <span class="tools">
        ${this.host === "" ? this.moreButton(v.label) : nothing}
        <button class="close" title="Close" aria-label="close ${v.label}"
          @click=${(e: Event) => {
            e.stopPropagation()
            this.act({ id, kind: "close" })
          }}>×</button>
      </span>
      ${this.host !== "" ? html`<span class="host-tag" data-host=${this.host} title="runs on ${this.host}">${this.host}${this.disconnected ? html` · <span class="cut">disconnected</span>` : nothing}</span>` : nothing}
            ${v.relay ? html`<span class="relay ${v.relay.direction}" title=${v.relay.tooltip}>${v.relay.text}</span>` : nothing}
      ${v.status ? html`<span class="status ${v.status.tone}" title=${v.status.text}>${v.status.text}</span>` : nothing}
      <span class="path">&lrm;${v.path}&lrm;</span>
      ${this.overCap ? html`<span class="over-cap" title=${this.overCap}>project over its cap</span>` : nothing}
      ${
        v.branch || v.usage || v.figures.length > 0
          ? html`<span class="meta">${v.branch ? html`<span class="branch">⎇ ${v.branch}${v.dirty ? html`<span class="dirty" title="uncommitted changes"> ●</span>` : nothing}</span>` : nothing}
        ${v.figures.map((f) => this.figure(f))}
        ${v.usage ? html`<span class="usage" title="context used · cost so far">${v.usage}</span>` : nothing}</span>`
          : nothing
      }
      ${this.menuOpen ? renderCardMenu(this.git, this.gh, (item) => this.act(item === "close" ? { id, kind: "close" } : item === "rename" ? { id, kind: "rename-start" } : { id, kind: "item", item })) : nothing}
    </div>`
  }

  private moreButton(label: string) {
    return html`<button class="more" title="More" aria-label="menu of ${label}" aria-expanded=${this.menuOpen ? "true" : "false"}
      @click=${(e: Event) => {
        e.stopPropagation()
        this.act({ id: this.card.id, kind: "menu", open: !this.menuOpen })
      }}>⋯</button>`
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
