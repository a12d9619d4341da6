/** Everything the palette can reach, built from the window's state: its cards and projects, the providers found and History. */
import { keysOf } from "../../logic/hotkeys.js"
import { ago, type PaletteItem } from "../../logic/palette.js"
import type { AppState } from "../../store/AppStore.js"

export const paletteItems = (s: AppState, now: number): Array<PaletteItem> => {
  const { model: m, providers, parked, recent, mac } = s
  const hasProject = m.activeProject !== ""
  const action = (name: string, title: string, hint = ""): PaletteItem => ({
    group: "Actions",
    key: `action:${name}`,
    title,
    detail: "",
    hint
  })
  const kinds = [{ id: "shell", name: "Shell" }, ...providers.filter((p) => p.path !== "")]
  return [
    ...m.cards.map(
      (c): PaletteItem => ({
        group: "Sessions",
        key: `session:${c.id}`,
        title: c.label,
        detail: `${c.project} · ${c.kind}${c.branch ? ` · ${c.branch}` : ""}`,
        hint: ""
      })
    ),
    ...m.projects.map((p): PaletteItem => ({ group: "Projects", key: `project:${p.id}`, title: p.name, detail: p.path, hint: "" })),
    ...recent
      .filter((r) => !r.open && r.exists)
      .map((r): PaletteItem => ({ group: "Projects", key: `reopen:${r.path}`, title: r.name, detail: `reopen · ${r.path}`, hint: "" })),
    ...(hasProject ? kinds.map((k) => action(`new:${k.id}`, `New ${k.name} session`)) : []),
    ...(hasProject
      ? [
          action("worktree", "New worktree session…", keysOf("new-worktree", mac)),
          action("timeline", "Relay timeline", keysOf("timeline", mac)),
          action("close-project", "Close this project")
        ]
      : []),
    action("open-project", "Open a project…", keysOf("open-project", mac)),
    action("settings", "Settings", keysOf("settings", mac)),
    action("help", "Hotkeys", keysOf("help", mac)),
    ...parked.map(
      (s): PaletteItem => ({
        group: "History",
        key: `resume:${s.id}`,
        title: s.label,
        detail: `${s.project} · ${s.kind}${s.branch ? ` · ${s.branch}` : ""} · parked ${ago(s.parkedAt, now)}${s.resumable ? "" : " · starts fresh"}`,
        hint: ""
      })
    )
  ]
}
