/** The open-project dialog's list: directories matching what is typed, then recent projects not open now. */
import type { Completion, RecentProject } from "../../api/wire.js"

export interface Choice {
  readonly path: string
  readonly title: string
  readonly detail: string
  readonly section: "Directories" | "Recent"
}

/** 8: the recent projects that fit above the fold of a small window. */
export const MAX_RECENT = 8

export const choices = (typed: string, dirs: Completion["entries"], recent: ReadonlyArray<RecentProject>): Array<Choice> => {
  const q = typed.trim().toLowerCase()
  const rec = recent
    .filter(
      (r) => !r.open && r.exists && (q === "" || r.path.toLowerCase().includes(q.replace(/^~/, "")) || r.name.toLowerCase().includes(q))
    )
    .slice(0, MAX_RECENT)
    .map((r): Choice => ({ path: r.path, title: r.name, detail: r.path, section: "Recent" }))
  const ds = q === "" ? [] : dirs.map((d): Choice => ({ path: d.path, title: `${d.name}/`, detail: d.path, section: "Directories" }))
  return [...ds, ...rec]
}
