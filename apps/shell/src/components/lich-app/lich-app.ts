/**
 * The window: project tabs, the sidebar of cards, the shown card's terminal, the dialogs and the
 * toasts. This element is where the window is wired: it makes the store (the state, store/AppStore),
 * the line to the backend (store/Backend: the whole picture on load, then `/events`) and the actions
 * (store/Actions: every change a person makes, through the same RPCs the CLI uses), renders from the
 * store and hands the page's keys, focus and clicks to them. Hotkeys are taken in the capture phase,
 * before the terminal. A panel with state of its own gets its store made here, beside these.
 */
import { LitElement } from "lit"
import { askOnce } from "../../api/notes.js"
import { type Model, selectionOf, shownCard } from "../../logic/model.js"
import { Actions } from "../../store/Actions.js"
import { AppStore } from "../../store/AppStore.js"
import { Backend } from "../../store/Backend.js"
import { DockActions } from "../../store/DockActions.js"
import { DockStore } from "../../store/DockStore.js"
import { GitStore } from "../../store/GitStore.js"
import { HostLinks } from "../../store/HostLinks.js"
import { HostsStore } from "../../store/HostsStore.js"
import { LandActions } from "../../store/LandActions.js"
import { LandStore } from "../../store/LandStore.js"
import type { Parts } from "../../store/parts.js"
import { SpendStore } from "../../store/SpendStore.js"
import { StoreController } from "../../store/StoreController.js"
import { saveSelection } from "../../store/selection-storage.js"
import { TimelineStore } from "../../store/TimelineStore.js"
import { renderApp } from "./app-view.js"
import { hostHotkey } from "./host-asks.js"
import { hotkeyListener, isMac } from "./keys.js"
import { styles } from "./lich-app.styles.js"
import { darkQuery, ThemePainter } from "./theme-painter.js"
import "../lich-footer/lich-footer.js"
import "../lich-sidebar/lich-sidebar.js"
import "../lich-tabs/lich-tabs.js"
import "../lich-toasts/lich-toasts.js"

export class LichApp extends LitElement {
  static override styles = styles
  readonly store = new AppStore({ mac: isMac(), focused: document.hasFocus(), prefersDark: darkQuery().matches })
  readonly backend = new Backend(this.store)
  readonly git = new GitStore()
  readonly dock = new DockStore()
  readonly land = new LandStore()
  readonly spend = new SpendStore()
  readonly timeline = new TimelineStore()
  readonly hosts = new HostsStore()
  readonly hostLinks = new HostLinks(this.hosts, this.backend, (t) => this.store.toast(t))
  readonly landActions = new LandActions(this.land, this.git, this.backend, {
    close: (id) => this.actions.closeById(id),
    opened: (id) => this.store.selectWhenOpened(id)
  })
  readonly dockActions = new DockActions(this.store, this.git, this.dock, this.backend, this.landActions)
  readonly actions = new Actions(this.store, this.backend, this.dockActions)
  private readonly parts: Parts = {
    store: this.store,
    actions: this.actions,
    backend: this.backend,
    git: this.git,
    dock: this.dock,
    dockActions: this.dockActions,
    land: this.land,
    landActions: this.landActions,
    spend: this.spend,
    timeline: this.timeline,
    hosts: this.hosts,
    hostLinks: this.hostLinks
  }
  private terminalCode: Promise<unknown> | undefined
  private dockCode: Promise<unknown> | undefined

  constructor() {
    super()
    new StoreController(this, this.store)
    // The cards read the checkouts; the layout reads whether the dock is open and how wide.
    new StoreController(this, this.git, (s) => s.byId)
    new StoreController(this, this.git, (s) => s.gh)
    new StoreController(this, this.dock, (s) => `${s.open} ${s.width}`)
    // The footer reads the plan windows and budgets: loaded with the rest, followed through their events.
    new StoreController(this, this.spend)
    this.backend.reloaded(() => void this.backend.call("system.Budgets").then((r) => r && this.spend.loaded(r)))
    this.backend.follow((e) => {
      const t = this.spend.event(e, this.store.state.model.cards)
      if (t) this.store.toast(t)
    })
    // The sidebar's host sections and the main area when it shows a host's card.
    new StoreController(this, this.hosts)
    new ThemePainter(this, this.store)
    // The timeline's records follow every frame, opened or not, so it opens on the live picture.
    this.backend.follow((e) => this.timeline.follow(e))
  }

  /** The model the window shows (the browser tests read a card's fields here). */
  get model(): Model {
    return this.store.state.model
  }

  private readonly onKey = hotkeyListener(
    (a) => (this.hosts.state.shown ? hostHotkey(this.parts, a) : this.actions.hotkey(a)),
    () => {
      // Escape closes the dialog on top wherever the keyboard is (a field that lost focus included).
      if (this.store.state.cardMenu !== "") {
        this.store.cardMenu("")
        return true
      }
      if (!this.store.state.overlay) return false
      this.store.dismissOverlay()
      return true
    }
  )
  private readonly onFocus = () => this.store.focusChanged(true)
  private readonly onBlur = () => this.store.focusChanged(false)

  override connectedCallback() {
    super.connectedCallback()
    window.addEventListener("keydown", this.onKey, true)
    window.addEventListener("focus", this.onFocus)
    window.addEventListener("blur", this.onBlur)
    window.addEventListener("pointerdown", askOnce, { once: true })
    window.addEventListener("keydown", askOnce, { once: true })
    void this.backend.connect()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    window.removeEventListener("keydown", this.onKey, true)
    window.removeEventListener("focus", this.onFocus)
    window.removeEventListener("blur", this.onBlur)
    this.backend.disconnect()
    this.hostLinks.dispose()
    this.store.dispose()
  }

  override willUpdate() {
    // A card's terminal starts on its first view here (after a restart, or one never viewed); a
    // session that ended while this window watched waits for the person to start it again.
    const s = this.store.state
    const card = shownCard(s.model)
    if (s.problem === "" && card && !card.live && !s.starting.has(card.id) && !s.endedHere.has(card.id)) this.actions.startCard(card.id)
  }

  override updated() {
    const s = this.store.state
    if (!s.ready) return
    this.dataset.ready = "true"
    saveSelection(selectionOf(s.model))
    // The terminal's code (xterm) loads after the cards are on screen; the dock's (the diff editor
    // behind it) when it is first opened.
    this.terminalCode ??= import("../lich-terminal/lich-terminal.js")
    if (this.dock.state.open) this.dockCode ??= import("../lich-dock/lich-dock.js")
  }

  override render() {
    return renderApp(this.parts)
  }
}

customElements.define("lich-app", LichApp)

declare global {
  interface HTMLElementTagNameMap {
    "lich-app": LichApp
  }
}
