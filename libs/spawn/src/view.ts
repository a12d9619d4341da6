/** Turning store rows into the shapes the contract prints. Pure. */
import { Peer, ProjectId, Session, SessionId, type SessionState } from "@lich/contract"
import { rosterName } from "@lich/providers"
import type { ProjectRow, SessionRow } from "@lich/store"
import type { Candidate } from "./resolve.js"

export interface Card extends Candidate {
  readonly row: SessionRow
  readonly projectRow: ProjectRow
}

/** The directory the session runs in: its worktree's, or the project's own. */
export const dirOf = (row: SessionRow, project: ProjectRow): string => (row.path === "" ? project.path : row.path)

export const cardOf = (row: SessionRow, project: ProjectRow): Card => ({
  id: row.id,
  label: row.label,
  name: rosterName(row.id, dirOf(row, project)),
  project: project.name,
  projectPath: project.path,
  dir: dirOf(row, project),
  row,
  projectRow: project
})

export const peerOf = (c: Card, state: SessionState): Peer =>
  new Peer({
    label: c.label,
    name: c.name,
    project: c.project,
    kind: c.row.kind,
    state,
    id: c.id,
    path: c.dir,
    projectPath: c.projectPath
  })

export const sessionOf = (c: Card, nextSeq: number): Session =>
  new Session({
    id: SessionId.make(c.id),
    projectId: ProjectId.make(c.projectRow.id),
    project: c.project,
    label: c.label,
    name: c.name,
    kind: c.row.kind,
    path: c.row.path,
    nextSeq,
    originSessionId: c.row.originSessionId,
    originLabel: c.row.originLabel,
    confined: c.row.confined,
    folder: c.row.folder
  })
