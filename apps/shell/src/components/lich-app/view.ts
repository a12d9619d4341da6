/** The requests the window makes, shaped exactly as the CLI makes them: same RPCs, same payloads. */
import type { Card, Project } from "../../logic/model.js"

/** from "" = a person, not a session: the same as a command typed in a plain terminal. */
export const openPayload = (project: Project, kind: string, confine?: boolean) => ({
  from: "",
  project: project.path,
  kind,
  worktree: "",
  base: "",
  model: "",
  effort: "",
  ultracode: false,
  folder: "",
  // Only where the rung asked: absent, the backend takes the rung's own side.
  ...(confine === undefined ? {} : { confine })
})

/** Cards are named by lich id: unambiguous even when two projects share a label. */
export const renamePayload = (card: Card, label: string) => ({ from: "", target: card.id, project: "", label })

export const closePayload = (card: Card) => ({ from: "", target: card.id, project: "", worktree: "" as const, force: false })
