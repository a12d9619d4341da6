/**
 * The window: project tabs, the sidebar of cards, the shown card's terminal and the toasts. It loads
 * the whole picture once (`system.State`), then follows `/events`; every change a person makes goes
 * through the same RPCs the CLI uses, and comes back as the same events every other window sees.
 */
import { html, LitElement, nothing } from "lit"
import { keyed } from "lit/directives/keyed.js"
import { type Rpc, makeRpc } from "../../api/rpc.js"
import { connectEvents, TerminalMux } from "../../api/sockets.js"
import { obtainToken } from "../../api/token.js"
import {
  applyEvent, type Card, emptyModel, type EventJson, fromState, type Model, type Selection, selectCard, selectionOf, shownCard,
  type ThemeListJson, type WindowStateJson, withSelection
} from "../../logic/model.js"
import { cssVariables, resolveTheme, terminalTheme, THEME_CACHE_KEY, type ThemeJson } from "../../logic/theme.js"
import type { CardAction } from "../lich-session-card/lich-session-card.js"
import "../lich-sidebar/lich-sidebar.js"
import "../lich-tabs/lich-tabs.js"
import "../lich-terminal/lich-terminal.js"
import "../lich-toasts/lich-toasts.js"
import type { AnyToast, LichToasts } from "../lich-toasts/lich-toasts.js"
import { styles } from "./lich-app.styles.js"
import { closePayload, openPayload, renamePayload } from "./view.js"

const SELECTION_KEY = "lich.selection"
const darkQuery = () => matchMedia("(prefers-color-scheme: dark)")

export class LichApp extends LitElement {
  static override styles = styles
  static override properties = { model: { state: true }, termTheme: { state: true }, problem: { state: true } }
  declare model: Model
  declare termTheme: Record<string, string>
  declare problem: string
  private rpc: Rpc | undefined
  private mux: TerminalMux | undefined
  private themes: ThemeListJson | undefined
  private closeEvents: (() => void) | undefined

  constructor() {
    super()
    this.model = emptyModel
    this.termTheme = {}
    this.problem = ""
    this.paintCached()
  }

  override connectedCallback() {
    super.connectedCallback()
    darkQuery().addEventListener("change", this.repaint)
    void this.start()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    darkQuery().removeEventListener("change", this.repaint)
    this.closeEvents?.()
  }

  private async start() {
    let token: string
    try {
      token = await obtainToken()
    } catch (e) {
      this.problem = (e as Error).message
      return
    }
    this.rpc = makeRpc(token)
    this.mux = new TerminalMux(token)
    ;(window as unknown as { lich: unknown }).lich = { terminals: () => this.mux?.attached ?? 0 }
    // Every (re)connect reloads the picture: events sent while nobody listened are gone.
    this.closeEvents = connectEvents(token, (e) => this.onEvent(e), () => void this.reload())
  }

  private async reload() {
    await Promise.all([
      this.call<WindowStateJson>("system.State").then((s) => s && (this.model = withSelection(fromState(s, this.model), this.savedSelection()))),
      this.loadThemes()
    ])
    this.dataset.ready = "true"
  }

  private async call<A>(method: string, payload?: Record<string, unknown>): Promise<A | undefined> {
    try {
      return await this.rpc!<A>(method, payload)
    } catch (e) {
      this.toast({ kind: "error", text: (e as Error).message, detail: "", target: "" })
      return undefined
    }
  }

  private toast(t: AnyToast) {
    this.renderRoot.querySelector<LichToasts>("lich-toasts")?.show(t)
  }

  private onEvent(e: EventJson) {
    if (e._tag === "theme-changed") return void this.loadThemes()
    if (e._tag === "session-exit") this.endedHere.add(e.id)
    const { model, toast } = applyEvent(this.model, e)
    this.model = model
    // The person is already looking at that card: no toast for it.
    const watching = toast?.kind === "waiting" && shownCard(model)?.id === toast.target && document.hasFocus()
    if (toast && !watching) this.toast(toast)
  }

  private async loadThemes() {
    const list = await this.call<ThemeListJson>("system.Themes")
    if (!list) return
    this.themes = list
    this.repaint()
  }

  private readonly repaint = () => {
    if (!this.themes) return
    const t = resolveTheme(this.themes, darkQuery().matches)
    if (!t) return
    this.paint(t)
    localStorage.setItem(THEME_CACHE_KEY, JSON.stringify(t))
  }

  /** First paint before the backend answers: the last theme this origin painted. */
  private paintCached() {
    try {
      const cached = localStorage.getItem(THEME_CACHE_KEY)
      if (cached) this.paint(JSON.parse(cached) as ThemeJson)
    } catch {
      // A corrupt cache only costs the first paint; the backend's answer repaints.
    }
  }

  private paint(t: ThemeJson) {
    const root = document.documentElement
    for (const [k, v] of cssVariables(t)) root.style.setProperty(k, v)
    root.style.colorScheme = t.scheme === "dark" ? "dark" : "light"
    root.dataset.theme = t.id
    this.termTheme = terminalTheme(t)
  }

  private onCard(a: CardAction) {
    const card = this.model.cards.find((c) => c.id === a.id)
    if (!card) return
    if (a.kind === "select") this.model = selectCard(this.model, a.id)
    if (a.kind === "rename") void this.call("spawn.Rename", renamePayload(card, a.label))
    if (a.kind === "close") void this.call("spawn.Close", closePayload(card))
  }

  private async newSession(kind: string) {
    const project = this.model.projects.find((p) => p.id === this.model.activeProject)
    if (!project) return
    const opened = await this.call<{ session: { id: string }; startError: string }>("spawn.Open", openPayload(project, kind))
    if (!opened) return
    if (opened.startError !== "") this.toast({ kind: "error", text: opened.startError, detail: "", target: "" })
    // Asked for here, so shown here: unlike a card opened from the command line.
    const id = opened.session.id
    if (this.model.cards.some((c) => c.id === id)) this.model = selectCard(this.model, id)
    else this.pendingSelect = id
  }

  /** Cards whose process ended while this window was open, and starts already asked for. */
  private readonly endedHere = new Set<string>()
  private readonly starting = new Set<string>()

  private startCard(id: string) {
    if (this.starting.has(id)) return
    this.starting.add(id)
    this.endedHere.add(id)
    void this.call<{ id: string; startError: string }>("spawn.Start", { from: "", target: id }).then((r) => {
      this.starting.delete(id)
      if (!r) return
      if (r.startError !== "") return this.toast({ kind: "error", text: r.startError, detail: "", target: "" })
      this.model = { ...this.model, cards: this.model.cards.map((c) => (c.id === id ? { ...c, live: true } : c)) }
    })
  }

  /** A card this window opened, selected as soon as its session-opened arrives. */
  private pendingSelect = ""

  override willUpdate() {
    if (this.pendingSelect !== "" && this.model.cards.some((c) => c.id === this.pendingSelect)) {
      this.model = selectCard(this.model, this.pendingSelect)
      this.pendingSelect = ""
    }
  }

  /** A reload keeps what this window showed; another window keeps its own. */
  private savedSelection(): Selection {
    try {
      return JSON.parse(sessionStorage.getItem(SELECTION_KEY) ?? "") as Selection
    } catch {
      return { activeProject: "", shown: {} }
    }
  }

  override updated() {
    if (this.dataset.ready === "true") sessionStorage.setItem(SELECTION_KEY, JSON.stringify(selectionOf(this.model)))
  }

  private terminalFor(card: Card | undefined) {
    if (this.problem) return html`<div class="placeholder">${this.problem}</div>`
    if (!card) return html`<div class="placeholder">No session is open here. Open one with <code>lich open</code> or the + above the list.</div>`
    if (!card.live) {
      // A card's terminal starts on its first view here (after a restart, or one never viewed); a
      // session that ended while this window watched waits for the person to start it again.
      if (!this.endedHere.has(card.id)) this.startCard(card.id)
      return html`<div class="placeholder">“${card.label}” is not running.
        <button class="start" @click=${() => this.startCard(card.id)}>Start it</button></div>`
    }
    return keyed(card.id, html`<lich-terminal session-id=${card.id} .mux=${this.mux!} .theme=${this.termTheme} .focusTick=${this.model.focusTick} .live=${card.live}></lich-terminal>`)
  }

  override render() {
    const m = this.model
    const project = m.projects.find((p) => p.id === m.activeProject)
    const shown = shownCard(m)
    return html`<lich-tabs .projects=${m.projects} .cards=${m.cards} .active=${m.activeProject}
        @lich-tab=${(e: CustomEvent<{ id: string }>) => { this.model = { ...m, activeProject: e.detail.id } }}></lich-tabs>
      <div class="body">
        <lich-sidebar .cards=${m.cards.filter((c) => c.projectId === m.activeProject)} .activeId=${shown?.id ?? ""} .projectPath=${project?.path ?? ""}
          @lich-card=${(e: CustomEvent<CardAction>) => this.onCard(e.detail)}
          @lich-new-session=${(e: CustomEvent<{ kind: string }>) => void this.newSession(e.detail.kind)}></lich-sidebar>
        <main>${this.terminalFor(shown)}</main>
      </div>
      <lich-toasts @lich-open=${(e: CustomEvent<{ id: string }>) => { this.model = selectCard(this.model, e.detail.id) }}></lich-toasts>
      ${nothing}`
  }
}

customElements.define("lich-app", LichApp)

declare global {
  interface HTMLElementTagNameMap {
    "lich-app": LichApp
  }
}
