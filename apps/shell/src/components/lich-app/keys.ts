/** The app's hotkey handler: a key the table knows is taken before the terminal or a field sees it. */
import { actionOf, type HotAction } from "../../logic/hotkeys.js"

export const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform)

export const hotkeyListener = (act: (a: HotAction) => void) => (e: KeyboardEvent) => {
  const a = actionOf(e, isMac())
  if (!a) return
  e.preventDefault()
  e.stopPropagation()
  act(a)
}
