/** The requests the window makes, shaped exactly as the CLI makes them: same RPCs, same payloads. */
import type { PayloadOf } from "@lich/contract"
import type { Card, Project } from "../logic/model.js"

/** from "" = a person, not a session: the same as a command typed in a plain terminal. */
export const openPayload = (project: Project, kind: string, confine?: boolean): PayloadOf<"spawn.Open"> => ({
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
export const renamePayload = (card: Card, label: string): PayloadOf<"spawn.Rename"> => ({ from: "", target: card.id, project: "", label })

export const closePayload = (card: Card): PayloadOf<"spawn.Close"> => ({
  from: "",
  target: card.id,
  project: "",
  worktree: "",
  force: false
})
