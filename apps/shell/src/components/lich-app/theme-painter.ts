/**
 * Paints the window with its theme: the backend's list (system.Themes), `system` resolved by the OS's
 * light/dark preference (followed live), the app tokens as CSS custom properties and the terminal's
 * colours handed to the host. The last theme painted is cached for the next load's first frame.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit"
import type { Call } from "../../api/call.js"
import type { ThemeListJson } from "../../logic/model.js"
import { cssVariables, resolveTheme, THEME_CACHE_KEY, type ThemeJson, terminalTheme } from "../../logic/theme.js"

const darkQuery = () => matchMedia("(prefers-color-scheme: dark)")

export interface PaintHost extends ReactiveControllerHost {
  readonly call: Call
  termTheme: Record<string, string>
}

export class ThemePainter implements ReactiveController {
  themes: ThemeListJson | undefined

  constructor(private readonly host: PaintHost) {
    host.addController(this)
  }

  hostConnected() {
    darkQuery().addEventListener("change", this.repaint)
  }

  hostDisconnected() {
    darkQuery().removeEventListener("change", this.repaint)
  }

  async load() {
    const list = await this.host.call<ThemeListJson>("system.Themes")
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
  paintCached() {
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
    this.host.termTheme = terminalTheme(t)
  }
}
