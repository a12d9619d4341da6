/** Pure renderers for open, close and rename. The sentences are interface: agents act on them. */
import type { Closed, Opened as OpenedDecoded, Renamed } from "@lich/contract"

/** As it crosses the wire (brands gone): the plain `open` reads it so, and a decoded one fits too. */
type Opened = typeof OpenedDecoded.Encoded

export const renderOpened = (o: Opened): string => {
  const s = o.session
  const where = o.worktree === "" ? "" : `, in worktree ${o.worktree}`
  const lines = [
    `Opened session "${s.label}" (${s.kind}) in project "${s.project}"${where}.`,
    `It answers to "${s.label}" and to "${s.name}". Its agent may still be starting — a fresh worktree runs the project's setup script first — so a task you send it is held until the agent is up rather than lost.`
  ]
  if (o.resumed) lines.push(`It resumes the session parked on that worktree, conversation included.`)
  if (s.confined) {
    lines.push(`It runs confined: the machine is read-only to it, its home is a private one, and only its checkout is writable.`)
  }
  return lines.join("\n")
}

/** The one line for a session whose row and card exist but whose terminal did not start. */
export const renderStartFailure = (o: Opened): string =>
  `session "${o.session.label}" was created but its terminal did not start: ${o.startError}`

export const renderClosed = (c: Closed): string =>
  c.removed
    ? `Closed "${c.label}" and removed its worktree ${c.worktree}.`
    : c.kept
      ? `Closed "${c.label}". Its worktree ${c.worktree} is still there, and the session is parked: opening a session on that branch again picks its conversation back up.`
      : `Closed "${c.label}".`

export const renderRenamed = (r: Renamed): string => `Renamed "${r.previous}" to "${r.label}".`
