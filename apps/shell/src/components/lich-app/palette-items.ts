/** Everything the palette can reach, built from the model, the providers found and History. */
import { keysOf } from "../../logic/hotkeys.js"
import type { Model, SessionNames } from "../../logic/model.js"
import { ago, type PaletteItem } from "../../logic/palette.js"
import type { ProviderJson } from "../lich-new-menu/view.js"
import type { RecentJson } from "../lich-open-project/view.js"

export interface ParkedJson extends SessionNames {
  readonly parkedAt: number
  readonly resumable: boolean
}

export const paletteItems = (
  m: Model,
  providers: ReadonlyArray<ProviderJson>,
  parked: ReadonlyArray<ParkedJson>,
  recent: ReadonlyArray<RecentJson>,
  mac: boolean,
  now: number
): Array<PaletteItem> => {
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
      ? [action("worktree", "New worktree session…", keysOf("new-worktree", mac)), action("close-project", "Close this project")]
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
