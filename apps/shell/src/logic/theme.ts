/**
 * Which theme paints the window and how. `system` is light or dark by the OS's preference; any
 * other id is taken as the backend listed it (already validated there). The app tokens become
 * `--<token>` custom properties on the document, which reach into every component's shadow root.
 */
import type { Theme, ThemeList } from "../api/wire.js"

/** The theme to paint with: the current one, with `system` resolved to the bundled light or dark. */
export const resolveTheme = (list: ThemeList, prefersDark: boolean): Theme | undefined => {
  const id = list.current === "system" ? (prefersDark ? "dark" : "light") : list.current
  return list.themes.find((t) => t.id === id) ?? list.themes.find((t) => t.id === (prefersDark ? "dark" : "light"))
}

/** `--background: …` pairs for the document's style. */
export const cssVariables = (t: Theme): Array<[string, string]> => Object.entries(t.app).map(([k, v]) => [`--${k}`, v])

/** xterm's ITheme is the terminal tokens as they are, named alike on purpose. */
export const terminalTheme = (t: Theme): Record<string, string> => ({ ...t.terminal })

/** What first paint uses before the backend answers: the last theme painted, cached by the page. */
export const THEME_CACHE_KEY = "lich.theme"
