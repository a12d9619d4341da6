/** What each hotkey does in the window: the same things the menu, the palette and the cards do. */
import { type HotAction, step } from "../../logic/hotkeys.js"
import { selectCard, shownCard } from "../../logic/model.js"
import { sidebarRows } from "../lich-sidebar/view.js"
import type { LichApp } from "./lich-app.js"

export const runHotkey = (app: LichApp, a: HotAction) => {
  const m = app.model
  const shown = shownCard(m)
  if (a === "palette") return app.overlay?.kind === "palette" ? (app.overlay = undefined) : void app.openPalette()
  if (app.overlay && a !== "help" && a !== "settings" && a !== "open-project") return
  const ids = sidebarRows(m.cards.filter((c) => c.projectId === m.activeProject)).flatMap((r) => (r.type === "card" ? [r.card.id] : []))
  const tabs = m.projects.map((p) => p.id)
  const go: Record<HotAction, () => void> = {
    palette: () => {},
    settings: () => {
      app.overlay = { kind: "settings" }
    },
    "open-project": () => {
      app.overlay = { kind: "open-project" }
    },
    help: () => {
      app.overlay = { kind: "help" }
    },
    "new-session": () => app.sidebar()?.openMenu(),
    "new-worktree": () => {
      if (m.activeProject !== "") app.overlay = { kind: "worktree" }
    },
    rename: () => shown && app.sidebar()?.renameCard(shown.id),
    close: () => shown && void app.actions.close(shown),
    "next-session": () => {
      const id = step(ids, shown?.id ?? "", 1)
      if (id) app.model = selectCard(m, id)
    },
    "prev-session": () => {
      const id = step(ids, shown?.id ?? "", -1)
      if (id) app.model = selectCard(m, id)
    },
    "next-project": () => {
      const id = step(tabs, m.activeProject, 1)
      if (id) app.model = { ...m, activeProject: id }
    },
    "prev-project": () => {
      const id = step(tabs, m.activeProject, -1)
      if (id) app.model = { ...m, activeProject: id }
    },
    "focus-terminal": () => {
      app.model = { ...m, focusTick: m.focusTick + 1 }
    }
  }
  go[a]()
}
