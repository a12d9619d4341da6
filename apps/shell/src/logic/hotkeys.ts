/**
 * The window's hotkeys, as data: which key does what, and the help overlay's list. Mod is Ctrl
 * (⌘ on a Mac). They are taken before the terminal sees them (capture phase), so each one is a
 * combination no agent TUI needs: mod+shift with a letter or an arrow, mod+K, mod+, and mod+O.
 */
export type HotAction =
  | "palette"
  | "settings"
  | "open-project"
  | "new-session"
  | "new-worktree"
  | "rename"
  | "close"
  | "next-session"
  | "prev-session"
  | "next-project"
  | "prev-project"
  | "focus-terminal"
  | "dock"
  | "timeline"
  | "help"

interface Binding {
  readonly action: HotAction
  readonly shift: boolean
  /** KeyboardEvent.code: the key's place, not its letter, so shift and layouts do not move it */
  readonly code: string
  readonly keys: string
  readonly label: string
}

const b = (action: HotAction, shift: boolean, code: string, keys: string, label: string): Binding => ({ action, shift, code, keys, label })

export const HOTKEYS: ReadonlyArray<Binding> = [
  b("palette", false, "KeyK", "K", "Command palette: sessions, projects, actions, History"),
  b("open-project", false, "KeyO", "O", "Open a project"),
  b("new-session", true, "KeyT", "Shift+T", "New session"),
  b("new-worktree", true, "KeyB", "Shift+B", "New worktree session"),
  b("rename", true, "KeyE", "Shift+E", "Rename the shown session"),
  b("close", true, "KeyX", "Shift+X", "Close the shown session"),
  b("prev-session", true, "ArrowUp", "Shift+↑", "Previous session"),
  b("next-session", true, "ArrowDown", "Shift+↓", "Next session"),
  b("prev-project", true, "ArrowLeft", "Shift+←", "Previous project"),
  b("next-project", true, "ArrowRight", "Shift+→", "Next project"),
  b("focus-terminal", true, "Enter", "Shift+Enter", "Focus the terminal"),
  b("dock", true, "KeyD", "Shift+D", "Show or hide the changes dock (files, diff, review)"),
  b("timeline", true, "KeyL", "Shift+L", "The relay timeline: who asked whom, how each errand went"),
  b("settings", false, "Comma", ",", "Settings"),
  b("help", false, "Slash", "/", "This list")
]

export interface KeyLike {
  readonly code: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
}

export const modName = (mac: boolean) => (mac ? "⌘" : "Ctrl")

export const actionOf = (e: KeyLike, mac: boolean): HotAction | undefined => {
  const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey
  if (!mod || e.altKey) return undefined
  return HOTKEYS.find((h) => h.code === e.code && h.shift === e.shiftKey)?.action
}

/** "Ctrl+Shift+T" for the help overlay and the palette's hints. */
export const keysOf = (action: HotAction, mac: boolean): string => {
  const h = HOTKEYS.find((x) => x.action === action)
  return h ? `${modName(mac)}+${h.keys}` : ""
}

/** The next or previous in a ring, by id; the first when nothing is picked. */
export const step = (ids: ReadonlyArray<string>, current: string, by: 1 | -1): string | undefined => {
  if (ids.length === 0) return undefined
  const at = ids.indexOf(current)
  if (at < 0) return ids[0]
  return ids[(at + by + ids.length) % ids.length]
}
