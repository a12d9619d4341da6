import { afterEach, describe, expect, it, vi } from "vitest"
import type { Theme, ThemeList, WindowStateWire } from "../api/wire.js"
import { TOAST_MS } from "../components/lich-toasts/view.js"
import { session } from "../logic/fixtures.js"
import { shownCard } from "../logic/model.js"
import { AppStore } from "./AppStore.js"

/** A window on project api holding these cards, focused, the first card shown. */
const storeWith = (...cards: Array<ReturnType<typeof session>>) => {
  const store = new AppStore({ mac: false, focused: true, prefersDark: false })
  store.loaded(store.beginLoad(), stateOf("", ...cards), () => ({ activeProject: "", shown: {} }))
  return store
}

/** The backend's picture of project api holding these cards, `activeId` the one it last opened. */
const stateOf = (activeId: string, ...cards: Array<ReturnType<typeof session>>): WindowStateWire => ({
  projects: [{ id: "p1", name: "api", path: "/w/api", activeId }],
  cards: cards.map((s) => ({ session: s, live: true, state: "", branch: "", color: "" }))
})

const theme = (id: string, scheme: "light" | "dark"): Theme => ({
  id,
  name: id,
  scheme,
  pair: "",
  inUse: false,
  app: { background: id },
  terminal: { background: id }
})
const themes = (current: string): ThemeList => ({ current, themes: [theme("light", "light"), theme("dark", "dark")] })

afterEach(() => {
  vi.useRealTimers()
})

describe("the window's store", () => {
  it("is ready only once the last of two overlapping loads has ended, with the card the window showed before its reload", () => {
    const store = new AppStore({ mac: false, focused: true, prefersDark: false })
    const first = store.beginLoad() // at once
    const second = store.beginLoad() // when the events socket opened
    // The first load answers first, its picture already stale: the window stays as it was, not ready.
    store.loaded(first, stateOf("b", session("a"), session("b")), () => ({ activeProject: "p1", shown: { p1: "a" } }))
    store.loadEnded(first)
    expect(store.state.ready).toBe(false)
    expect(store.state.model.cards).toEqual([])
    store.loaded(second, stateOf("b", session("a"), session("b")), () => ({ activeProject: "p1", shown: { p1: "a" } }))
    store.loadEnded(second)
    expect(store.state.ready).toBe(true)
    // The backend last opened b (from the CLI, not taking this window's selection): the window keeps a.
    expect(shownCard(store.state.model)?.id).toBe("a")
  })

  it("keeps a card an event added while a load was out, when that load's picture was read before it", () => {
    const store = storeWith(session("a"))
    const n = store.beginLoad() // the events socket opened again
    // The session opened (and its frame came) after the backend read the picture now landing.
    store.event({ _tag: "session-opened", session: session("b") })
    store.selectWhenOpened("b")
    store.loaded(n, stateOf("", session("a")), () => ({ activeProject: "p1", shown: { p1: "b" } }))
    expect(store.state.model.cards.map((c) => c.id)).toEqual(["a", "b"])
    expect(shownCard(store.state.model)?.id).toBe("b")
  })

  it("tells its listeners once per action, with the whole new state", () => {
    const store = storeWith(session("a"), session("b"))
    const heard: Array<string> = []
    const stop = store.subscribe((s) => heard.push(shownCard(s.model)?.id ?? ""))
    store.selectCard("b")
    stop()
    store.selectCard("a")
    expect(heard).toEqual(["b"])
  })

  it("selects a card this window opened as soon as its session-opened arrives, not before", () => {
    const store = storeWith(session("a"))
    store.selectWhenOpened("b")
    expect(shownCard(store.state.model)?.id).toBe("a")
    store.event({ _tag: "session-opened", session: session("b") })
    expect(shownCard(store.state.model)?.id).toBe("b")
    store.event({ _tag: "session-opened", session: session("c") })
    expect(shownCard(store.state.model)?.id).toBe("b")
  })

  it("holds cards that arrive during an open from here at Starting until every open has answered", () => {
    const store = storeWith()
    store.opening(1)
    store.opening(1)
    store.event({ _tag: "session-opened", session: session("x") })
    store.opening(-1)
    expect([...store.state.starting]).toEqual(["x"])
    store.opening(-1)
    expect(store.state.starting.size).toBe(0)
    store.event({ _tag: "session-opened", session: session("y") })
    expect(store.state.starting.size).toBe(0)
  })

  it("remembers a session that ended while this window watched, so it is not started again unasked", () => {
    const store = storeWith(session("a"))
    store.event({ _tag: "session-exit", id: "a", code: 0 })
    expect(store.state.model.cards[0]!.live).toBe(false)
    expect(store.state.endedHere.has("a")).toBe(true)
    store.startedCard("a")
    expect(store.state.model.cards[0]!.live).toBe(true)
  })

  it("toasts a session that waits, unless the person is looking at that very card", () => {
    const store = storeWith(session("a"), session("b"))
    const waiting = (id: string) =>
      store.event({ _tag: "session-status", id, state: "waiting", tool: "", detail: "", reason: "permission" })
    waiting("a")
    expect(store.state.toasts).toEqual([])
    waiting("b")
    expect(store.state.toasts.map((t) => t.target)).toEqual(["b"])
    store.focusChanged(false)
    waiting("a")
    expect(store.state.toasts.map((t) => t.target)).toEqual(["b", "a"])
  })

  it("lets a toast go after its time, or at once when it is pressed", () => {
    vi.useFakeTimers()
    const store = storeWith()
    store.toast({ kind: "error", text: "one", detail: "", target: "" })
    store.toast({ kind: "error", text: "two", detail: "", target: "" })
    store.dismissToast(store.state.toasts[1]!.key)
    expect(store.state.toasts.map((t) => t.text)).toEqual(["one"])
    vi.advanceTimersByTime(TOAST_MS - 1)
    expect(store.state.toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.state.toasts).toEqual([])
    store.toast({ kind: "error", text: "three", detail: "", target: "" })
    store.dispose()
    vi.advanceTimersByTime(TOAST_MS)
    expect(store.state.toasts).toHaveLength(1)
  })

  it("steps through the shown project's cards in the sidebar's order, folders grouped", () => {
    const store = storeWith(session("a"), session("b", { folder: "later" }), session("c"))
    const shown = () => shownCard(store.state.model)?.id
    store.stepSession(1)
    expect(shown()).toBe("c")
    store.stepSession(1)
    expect(shown()).toBe("b")
    store.stepSession(-1)
    expect(shown()).toBe("c")
  })

  it("makes the tab it opened the active one when its project-opened arrives, once", () => {
    const store = storeWith(session("a"))
    store.openOverlay({ kind: "open-project" })
    store.openedProject("p2")
    expect(store.state.overlay).toBeUndefined()
    store.showProject("p1")
    store.event({ _tag: "project-opened", project: { id: "p2", name: "web", path: "/w/web" } })
    expect(store.state.model.activeProject).toBe("p2")
    store.showProject("p1")
    store.event({ _tag: "project-closed", id: "p2" })
    store.event({ _tag: "project-opened", project: { id: "p2", name: "web", path: "/w/web" } })
    expect(store.state.model.activeProject).toBe("p1")
  })

  it("gives the keyboard back to the terminal when a dialog is dismissed, not when its backdrop is clicked away", () => {
    const store = storeWith(session("a"))
    const tick = store.state.model.focusTick
    store.openOverlay({ kind: "help" })
    store.closeOverlay()
    expect(store.state.model.focusTick).toBe(tick)
    store.openOverlay({ kind: "help" })
    store.dismissOverlay()
    expect(store.state).toMatchObject({ overlay: undefined, model: { focusTick: tick + 1 } })
  })

  it("paints the cached theme until the backend's list answers, and follows the OS under system", () => {
    const store = storeWith()
    store.cachedTheme(theme("dark", "dark"))
    expect(store.state.theme?.id).toBe("dark")
    store.themesLoaded(themes("system"))
    expect(store.state.theme?.id).toBe("light")
    const terminal = store.state.termTheme
    store.schemeChanged(false)
    // The same theme: the terminal is not handed new colours, so it does not repaint.
    expect(store.state.termTheme).toBe(terminal)
    store.schemeChanged(true)
    expect(store.state).toMatchObject({ theme: { id: "dark" }, termTheme: { background: "dark" } })
    store.themesLoaded(themes("light"))
    expect(store.state.theme?.id).toBe("light")
  })
})
