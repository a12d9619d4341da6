/** The app's hotkey handler: a key the table knows is taken before the terminal or a field sees it. */
import { actionOf, type HotAction } from "../../logic/hotkeys.js"

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform)

export const hotkeyListener = (act: (a: HotAction) => void, onEscape: () => boolean) => (e: KeyboardEvent) => {
  if (e.key === "Escape" && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey) {
    if (onEscape()) {
      e.preventDefault()
      e.stopPropagation()
    }
    return
  }
  const a = actionOf(e, isMac())
  if (!a) return
  e.preventDefault()
  e.stopPropagation()
  act(a)
}
