/**
 * The window: project tabs, the sidebar of cards, the shown card's terminal, the dialogs and the
 * toasts. It loads the whole picture once (`system.State`), then follows `/events`; every change a
 * person makes goes through the same RPCs the CLI uses (actions.ts), and comes back as the same
 * events every other window sees. Hotkeys are taken in the capture phase, before the terminal.
 */
import { LitElement } from "lit"
import { makeRpc, type Rpc } from "../../api/rpc.js"
import { connectEvents, TerminalMux } from "../../api/sockets.js"
import { obtainToken } from "../../api/token.js"
import type { HotAction } from "../../logic/hotkeys.js"
import {
  applyEvent,
  type EventJson,
  emptyModel,
  fromState,
  type Model,
  selectCard,
  selectionOf,
  shownCard,
  type ThemeListJson,
  type WindowStateJson,
  withSelection
} from "../../logic/model.js"
import { noteFor } from "../../logic/notify.js"
import type { ProviderJson } from "../lich-new-menu/view.js"
import type { RecentJson } from "../lich-open-project/view.js"
import type { CardAction } from "../lich-session-card/lich-session-card.js"
import type { LichSidebar } from "../lich-sidebar/lich-sidebar.js"
import type { AnyToast, LichToasts } from "../lich-toasts/lich-toasts.js"
import { Actions } from "./actions.js"
import { renderApp } from "./app-view.js"
import { type Checkout, withCheckouts } from "./checkouts.js"
import { hotkeyListener, isMac } from "./keys.js"
import { styles } from "./lich-app.styles.js"
import { askOnce, raise } from "./notes.js"
import type { Overlay } from "./overlay.js"
import type { ParkedJson } from "./palette-items.js"
import { runHotkey } from "./run-hotkey.js"
import { savedSelection, saveSelection } from "./selection-storage.js"
import { ThemePainter } from "./theme-painter.js"
import { renamePayload } from "./view.js"
import "../lich-sidebar/lich-sidebar.js"
import "../lich-tabs/lich-tabs.js"
import "../lich-toasts/lich-toasts.js"

export class LichApp extends LitElement {
  static override styles = styles
  static override properties = {
    model: { state: true },
    termTheme: { state: true },
    problem: { state: true },
    overlay: { state: true },
    providers: { state: true },
    parked: { state: true },
    recent: { state: true },
    ready: { state: true }
  }
  /** the first state has loaded: before it, no first-run screen (the projects are not known yet) */
  declare ready: boolean
  declare model: Model
  declare termTheme: Record<string, string>
  declare problem: string
  declare overlay: Overlay | undefined
  declare providers: ReadonlyArray<ProviderJson>
  declare parked: ReadonlyArray<ParkedJson>
  declare recent: ReadonlyArray<RecentJson>
  private rpc: Rpc | undefined
  mux: TerminalMux | undefined
  private readonly painter = new ThemePainter(this)
  get themes(): ThemeListJson | undefined {
    return this.painter.themes
  }
  private closeEvents: (() => void) | undefined
  /** the window has the person's focus: notifications are for when it has not */
  private focused = document.hasFocus()
  readonly actions = new Actions(this)
  readonly mac = isMac()

  constructor() {
    super()
    this.model = emptyModel
    this.termTheme = {}
    this.problem = ""
    this.overlay = undefined
    this.providers = []
    this.parked = []
    this.recent = []
    this.ready = false
    this.painter.paintCached()
  }

  private readonly onKey = hotkeyListener(
    (a) => this.hotkey(a),
    () => {
      // Escape closes the dialog on top wherever the keyboard is (a field that lost focus included).
      if (!this.overlay) return false
      this.overlay = undefined
      this.model = { ...this.model, focusTick: this.model.focusTick + 1 }
      return true
    }
  )
  private readonly onFocus = () => {
    this.focused = true
  }
  private readonly onBlur = () => {
    this.focused = false
  }

  override connectedCallback() {
    super.connectedCallback()
    window.addEventListener("keydown", this.onKey, true)
    window.addEventListener("focus", this.onFocus)
    window.addEventListener("blur", this.onBlur)
    window.addEventListener("pointerdown", askOnce, { once: true })
    window.addEventListener("keydown", askOnce, { once: true })
    void this.start()
  }

  override disconnectedCallback() {
    super.disconnectedCallback()
    window.removeEventListener("keydown", this.onKey, true)
    window.removeEventListener("focus", this.onFocus)
    window.removeEventListener("blur", this.onBlur)
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
    // The first picture is asked for at once, not after the events socket opens: that open reloads
    // it again, so nothing published in between is missed, and the cards paint a round trip sooner.
    void this.reload()
    this.mux = new TerminalMux(token)
    ;(window as unknown as { lich: unknown }).lich = { terminals: () => this.mux?.attached ?? 0 }
    // Every (re)connect reloads the picture: events sent while nobody listened are gone.
    this.closeEvents = connectEvents(
      token,
      (e) => this.onEvent(e),
      () => void this.reload()
    )
  }

  private loads = 0
  private async reload() {
    const n = ++this.loads
    await Promise.all([
      this.call<WindowStateJson>("system.State").then((s) => {
        // Two loads can overlap (start and the socket's open): only the last one asked is applied.
        if (s && n === this.loads) this.model = withSelection(fromState(s, this.model), savedSelection())
      }),
      this.painter.load(),
      this.call<ReadonlyArray<ProviderJson>>("desk.Providers").then((p) => {
        this.providers = p ?? []
      })
    ])
    this.ready = true
    this.dataset.ready = "true"
    // The terminal's code (xterm) loads after the cards are on screen.
    void import("../lich-terminal/lich-terminal.js")
    for (const p of this.model.projects) void this.refreshCheckouts(p.id)
  }

  readonly call = async <A>(method: string, payload?: Record<string, unknown>): Promise<A | undefined> => {
    try {
      return await this.rpc!<A>(method, payload)
    } catch (e) {
      this.toast({ kind: "error", text: (e as Error).message, detail: "", target: "" })
      return undefined
    }
  }

  toast(t: AnyToast) {
    this.renderRoot.querySelector<LichToasts>("lich-toasts")?.show(t)
  }

  /** Branch and uncommitted state of each worktree card of a project (spawn.Worktrees, as `lich worktrees`). */
  private async refreshCheckouts(projectId: string) {
    const project = this.model.projects.find((p) => p.id === projectId)
    if (!project || project.path === "" || !this.rpc) return
    const list = await this.rpc<ReadonlyArray<Checkout>>("spawn.Worktrees", { from: "", project: project.path }).catch(() => [])
    this.model = withCheckouts(this.model, projectId, list)
  }

  private onEvent(e: EventJson) {
    if (e._tag === "theme-changed") return void this.painter.load()
    if (e._tag === "session-exit") this.endedHere.add(e.id)
    if (e._tag === "session-opened" && this.inFlight > 0) this.startingIds.add(e.session.id)
    const { model, toast } = applyEvent(this.model, e)
    this.model = model
    if (e._tag === "session-touched" || e._tag === "session-opened") {
      const card = model.cards.find((c) => c.id === (e._tag === "session-opened" ? e.session.id : e.id))
      if (card && card.path !== "") void this.refreshCheckouts(card.projectId)
    }
    if (e._tag === "project-opened" && this.actions.pendingTab === e.project.id) this.model = { ...this.model, activeProject: e.project.id }
    if (e._tag === "session-status") {
      const card = model.cards.find((c) => c.id === e.id)
      const note = noteFor(e.state, e.reason, card, this.focused)
      if (note)
        raise(note, () => {
          this.model = selectCard(this.model, e.id)
        })
    }
    // The person is already looking at that card: no toast for it.
    const watching = toast?.kind === "waiting" && shownCard(model)?.id === toast.target && this.focused
    if (toast && !watching) this.toast(toast)
  }

  onCard(a: CardAction) {
    const card = this.model.cards.find((c) => c.id === a.id)
    if (!card) return
    if (a.kind === "select") this.model = selectCard(this.model, a.id)
    if (a.kind === "rename") void this.call("spawn.Rename", renamePayload(card, a.label))
    if (a.kind === "close") void this.actions.close(card)
  }

  /** The palette's History and reopenable projects, fresh each time it opens. */
  async openPalette() {
    this.overlay = { kind: "palette", tab: "All" }
    const [parked, recent] = await Promise.all([
      this.call<ReadonlyArray<ParkedJson>>("desk.History", { project: "" }),
      this.call<ReadonlyArray<RecentJson>>("desk.Recent")
    ])
    this.parked = parked ?? []
    this.recent = recent ?? []
  }

  readonly sidebar = () => this.renderRoot.querySelector<LichSidebar>("lich-sidebar")

  hotkey(a: HotAction) {
    runHotkey(this, a)
  }

  /** Cards whose process ended while this window was open, and starts already asked for. */
  readonly endedHere = new Set<string>()
  private readonly starting = new Set<string>()

  startCard(id: string) {
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

  started(id: string) {
    this.mux?.refresh(id)
  }

  /** Opens from this window still unanswered, and the cards that arrived meanwhile (shown as starting). */
  private inFlight = 0
  readonly startingIds = new Set<string>()
  opening(by: 1 | -1) {
    this.inFlight += by
    if (this.inFlight === 0 && this.startingIds.size > 0) {
      this.startingIds.clear()
      this.requestUpdate()
    }
  }

  /** A card this window opened, selected as soon as its session-opened arrives. */
  private pendingSelect = ""
  selectWhenOpened(id: string) {
    if (this.model.cards.some((c) => c.id === id)) this.model = selectCard(this.model, id)
    else this.pendingSelect = id
  }

  override willUpdate() {
    if (this.pendingSelect !== "" && this.model.cards.some((c) => c.id === this.pendingSelect)) {
      this.model = selectCard(this.model, this.pendingSelect)
      this.pendingSelect = ""
    }
  }

  override updated() {
    if (this.dataset.ready === "true") saveSelection(selectionOf(this.model))
  }

  override render() {
    return renderApp(this)
  }
}

customElements.define("lich-app", LichApp)

declare global {
  interface HTMLElementTagNameMap {
    "lich-app": LichApp
  }
}
