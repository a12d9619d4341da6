/**
 * Paints the document with the store's theme: the app tokens as CSS custom properties (they reach
 * into every shadow root) and the colour scheme, and keeps the last theme painted for the next
 * load's first frame. It also tells the store when the OS's light/dark preference changes, which
 * is what `system` follows. Which theme that is, the store decides.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit"
import type { Theme } from "../../api/wire.js"
import { cssVariables, THEME_CACHE_KEY } from "../../logic/theme.js"
import type { AppStore } from "../../store/AppStore.js"

export const darkQuery = () => matchMedia("(prefers-color-scheme: dark)")

export class ThemePainter implements ReactiveController {
  private painted: Theme | undefined
  private stop: (() => void) | undefined

  constructor(
    host: ReactiveControllerHost,
    private readonly store: AppStore
  ) {
    host.addController(this)
    this.paintCached()
  }

  hostConnected() {
    darkQuery().addEventListener("change", this.onScheme)
    this.stop = this.store.subscribe((s) => {
      if (s.theme === undefined || s.theme === this.painted) return
      this.paint(s.theme)
      localStorage.setItem(THEME_CACHE_KEY, JSON.stringify(s.theme))
    })
  }

  hostDisconnected() {
    darkQuery().removeEventListener("change", this.onScheme)
    this.stop?.()
  }

  private readonly onScheme = (e: MediaQueryListEvent) => this.store.schemeChanged(e.matches)

  /** First paint before the backend answers: the last theme this origin painted. */
  private paintCached() {
    try {
      const cached = localStorage.getItem(THEME_CACHE_KEY)
      if (!cached) return
      const t = JSON.parse(cached) as Theme
      this.paint(t)
      this.store.cachedTheme(t)
    } catch {
      // A corrupt cache only costs the first paint; the backend's answer repaints.
    }
  }

  private paint(t: Theme) {
    this.painted = t
    const root = document.documentElement
    for (const [k, v] of cssVariables(t)) root.style.setProperty(k, v)
    root.style.colorScheme = t.scheme === "dark" ? "dark" : "light"
    root.dataset.theme = t.id
  }
}
