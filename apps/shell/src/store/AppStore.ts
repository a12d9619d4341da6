/**
 * The window's state, in one place: the model (projects, cards, which tab and card are shown), the
 * dialog on top, the + menu and the name field, what the backend listed (providers, History, recent
 * projects, themes), the toasts, and what this window knows of its own opens in flight. Components
 * and hotkeys change it only through the actions below. Nothing here talks to the backend: Backend
 * and Actions do, and report what came back through these same actions.
 */
import type { LichEventWire, Parked, Provider, RecentProject, Theme, ThemeList, WindowStateWire } from "../api/wire.js"
import { type AnyToast, pushToast, type ShownToast, TOAST_MS } from "../components/lich-toasts/view.js"
import { groupCards } from "../logic/groups.js"
import { step } from "../logic/hotkeys.js"
import { applyEvent, emptyModel, fromState, type Model, type Selection, selectCard, shownCard, withSelection } from "../logic/model.js"
import { resolveTheme, terminalTheme } from "../logic/theme.js"
import { LoadEvents } from "./loadEvents.js"
import type { Overlay } from "./overlay.js"
import { Store } from "./Store.js"

export interface AppState {
  readonly mac: boolean
  /** the first state has loaded: before it, no first-run screen (the projects are not known yet) */
  readonly ready: boolean
  /** why this window cannot work at all (it has no token); "" = it can */
  readonly problem: string
  readonly model: Model
  readonly overlay: Overlay | undefined
  /** the new-session menu over the cards */
  readonly menuOpen: boolean
  /** the card whose name field is open; "" = none */
  readonly renaming: string
  /** the card whose menu is open; "" = none */
  readonly cardMenu: string
  readonly providers: ReadonlyArray<Provider>
  /** the palette's History and reopenable projects, as of its last opening */
  readonly parked: ReadonlyArray<Parked>
  readonly recent: ReadonlyArray<RecentProject>
  readonly toasts: ReadonlyArray<ShownToast>
  readonly themes: ThemeList | undefined
  readonly prefersDark: boolean
  /** the theme painted; termTheme is a new object only when it changes, since the terminal repaints on one */
  readonly theme: Theme | undefined
  readonly termTheme: Readonly<Record<string, string>>
  /** the window has the person's focus: notifications are for when it has not */
  readonly focused: boolean
  /** opens from this window still unanswered, and the cards that arrived meanwhile (shown "Starting…") */
  readonly opening: number
  readonly starting: ReadonlySet<string>
  /** cards whose process ended while this window watched, or whose start it asked for: never restarted unasked */
  readonly endedHere: ReadonlySet<string>
  /** a card this window opened, selected once its session-opened has arrived; "" = none */
  readonly selectOnOpen: string
  /** a project this window opened, made the tab once its project-opened has arrived; "" = none */
  readonly tabOnOpen: string
}

/** What the page reads of its surroundings once, when the store is made. */
export interface Surroundings {
  readonly mac: boolean
  readonly focused: boolean
  readonly prefersDark: boolean
}

const initial = (s: Surroundings): AppState => ({
  ...s,
  ready: false,
  problem: "",
  model: emptyModel,
  overlay: undefined,
  menuOpen: false,
  renaming: "",
  cardMenu: "",
  providers: [],
  parked: [],
  recent: [],
  toasts: [],
  themes: undefined,
  theme: undefined,
  termTheme: {},
  opening: 0,
  starting: new Set(),
  endedHere: new Set(),
  selectOnOpen: "",
  tabOnOpen: ""
})

const adding = (set: ReadonlySet<string>, id: string): ReadonlySet<string> => (set.has(id) ? set : new Set([...set, id]))

/** The theme to paint from a list and the OS's preference, when it is not the one painted already. */
const repaint = (themes: ThemeList | undefined, prefersDark: boolean, painted: Theme | undefined): Partial<AppState> => {
  const t = themes && resolveTheme(themes, prefersDark)
  return t && t !== painted ? { theme: t, termTheme: terminalTheme(t) } : {}
}

export class AppStore extends Store<AppState> {
  private nextToast = 0
  private loads = 0
  /** the events taken while a load is out, laid again over its picture (loadEvents.ts) */
  private readonly taken = new LoadEvents<LichEventWire>()
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()

  constructor(surroundings: Surroundings) {
    super(initial(surroundings))
  }

  /** Every change of the model passes here: a card this window asked to select is, as soon as it exists. */
  private commit(model: Model, patch: Partial<AppState> = {}) {
    const wanted = patch.selectOnOpen ?? this.state.selectOnOpen
    const found = wanted !== "" && model.cards.some((c) => c.id === wanted)
    this.set({ ...patch, model: found ? selectCard(model, wanted) : model, selectOnOpen: found ? "" : wanted })
  }

  problemFound(problem: string) {
    this.set({ problem })
  }

  /**
   * A load of the whole picture begins (start, every reconnect). Loads overlap — the page asks at once
   * and again when its events socket opens — and only the last one asked counts: an earlier one that
   * ends first must neither apply its picture nor make the window ready, or the window shows (and
   * remembers) an empty selection that the last load then lays its state under.
   */
  beginLoad(): number {
    this.taken.begin(++this.loads)
    return this.loads
  }

  /** The whole picture, with the events taken meanwhile over it and this window's remembered selection. */
  loaded(n: number, s: WindowStateWire, saved: () => Selection) {
    if (n !== this.loads) return
    const model = this.taken.landed(n).reduce((m, e) => applyEvent(m, e).model, fromState(s, this.state.model))
    this.commit(withSelection(model, saved()))
  }

  /** A load's calls have all answered: the window is ready once the last load asked has. */
  loadEnded(n: number) {
    if (n === this.loads) this.set({ ready: true })
  }

  providersLoaded(providers: ReadonlyArray<Provider>) {
    this.set({ providers })
  }

  historyLoaded(parked: ReadonlyArray<Parked>, recent: ReadonlyArray<RecentProject>) {
    this.set({ parked, recent })
  }

  themesLoaded(themes: ThemeList) {
    this.set({ themes, ...repaint(themes, this.state.prefersDark, this.state.theme) })
  }

  schemeChanged(prefersDark: boolean) {
    this.set({ prefersDark, ...repaint(this.state.themes, prefersDark, this.state.theme) })
  }

  /** First paint before the backend answers: the last theme this origin painted. */
  cachedTheme(t: Theme) {
    if (this.state.theme === undefined) this.set({ theme: t, termTheme: terminalTheme(t) })
  }

  openOverlay(overlay: Overlay) {
    this.set({ overlay })
  }

  closeOverlay() {
    this.set({ overlay: undefined })
  }

  /** Closed without an answer: back to the terminal, where the keyboard was before the dialog took it. */
  dismissOverlay() {
    const m = this.state.model
    this.set({ overlay: undefined, model: { ...m, focusTick: m.focusTick + 1 } })
  }

  menu(open: boolean) {
    this.set({ menuOpen: open })
  }

  startRename(id: string) {
    this.set({ renaming: id })
  }

  endRename() {
    this.set({ renaming: "" })
  }

  /** One card's menu at a time; "" closes it. */
  cardMenu(id: string) {
    if (id !== this.state.cardMenu) this.set({ cardMenu: id })
  }

  selectCard(id: string) {
    this.commit(selectCard(this.state.model, id))
  }

  showProject(id: string) {
    this.commit({ ...this.state.model, activeProject: id })
  }

  /** The next or previous card of the shown project, in the sidebar's order. */
  stepSession(by: 1 | -1) {
    const m = this.state.model
    const ids = groupCards(m.cards.filter((c) => c.projectId === m.activeProject)).flatMap((g) => g.cards.map((c) => c.id))
    const id = step(ids, shownCard(m)?.id ?? "", by)
    if (id) this.selectCard(id)
  }

  stepProject(by: 1 | -1) {
    const m = this.state.model
    const id = step(
      m.projects.map((p) => p.id),
      m.activeProject,
      by
    )
    if (id) this.showProject(id)
  }

  focusTerminal() {
    const m = this.state.model
    this.set({ model: { ...m, focusTick: m.focusTick + 1 } })
  }

  focusChanged(focused: boolean) {
    if (focused !== this.state.focused) this.set({ focused })
  }

  /** Shown at once, gone after TOAST_MS unless dismissed first. */
  toast(t: AnyToast) {
    const key = this.nextToast++
    this.set({ toasts: pushToast(this.state.toasts, t, key) })
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.dismissToast(key)
    }, TOAST_MS)
    this.timers.add(timer)
  }

  dismissToast(key: number) {
    if (this.state.toasts.some((t) => t.key === key)) this.set({ toasts: this.state.toasts.filter((t) => t.key !== key) })
  }

  /** An open from this window is in flight (+1) or answered (-1): cards arriving meanwhile wait for their PTY. */
  opening(by: 1 | -1) {
    const opening = this.state.opening + by
    this.set({ opening, ...(opening === 0 && this.state.starting.size > 0 ? { starting: new Set<string>() } : {}) })
  }

  selectWhenOpened(id: string) {
    this.commit(this.state.model, { selectOnOpen: id })
  }

  /** desk.OpenProject answered: that tab is the one asked for, whether its project-opened came already or comes next. */
  openedProject(id: string) {
    this.commit({ ...this.state.model, activeProject: id }, { overlay: undefined, tabOnOpen: id })
  }

  startAsked(id: string) {
    this.set({ endedHere: adding(this.state.endedHere, id) })
  }

  /** spawn.Start answered: its PTY runs, so there is a terminal to attach to. */
  startedCard(id: string) {
    const m = this.state.model
    this.commit({ ...m, cards: m.cards.map((c) => (c.id === id ? { ...c, live: true } : c)) })
  }

  /** One `/events` frame: the model follows it, and what needs the person becomes a toast. */
  event(e: LichEventWire) {
    this.taken.take(e)
    const s = this.state
    const { model, toast } = applyEvent(s.model, e)
    const asked = e._tag === "project-opened" && s.tabOnOpen === e.project.id
    this.commit(asked ? { ...model, activeProject: e.project.id } : model, {
      endedHere: e._tag === "session-exit" ? adding(s.endedHere, e.id) : s.endedHere,
      starting: e._tag === "session-opened" && s.opening > 0 ? adding(s.starting, e.session.id) : s.starting,
      tabOnOpen: asked ? "" : s.tabOnOpen
    })
    // The person is already looking at that card: no toast for it.
    const watching = toast?.kind === "waiting" && shownCard(model)?.id === toast.target && s.focused
    if (toast && !watching) this.toast(toast)
  }

  /** The page is going: no toast timer outlives it. */
  dispose() {
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }
}
