/** Pure renderers for worktrees and folders. The sentences are interface: agents act on them. */
import type { Checkout, Filed, Folder, FolderPainted, FolderRenamed } from "@lich/contract"

const quoted = (names: ReadonlyArray<string>) => names.map((n) => `"${n}"`).join(", ")

export const renderWorktrees = (cs: ReadonlyArray<Checkout>): string =>
  cs.length === 0
    ? "No worktrees."
    : [
        ["worktree", "state", "sessions"],
        ...cs.map((c) => [c.name, c.dirty ? "uncommitted" : "clean", c.sessions.length === 0 ? "-" : c.sessions.join(", ")])
      ]
        .map((cols) => cols.join("\t"))
        .join("\n")

export const renderFolders = (fs: ReadonlyArray<Folder>): string =>
  fs.length === 0
    ? "No folders: no open session of this project is filed under one."
    : [["folder", "sessions"], ...fs.map((f) => [f.name, f.sessions.join(", ")])].map((cols) => cols.join("\t")).join("\n")

export const renderFiled = (f: Filed): string =>
  f.folder !== ""
    ? `Filed "${f.label}" under "${f.folder}".`
    : f.previous !== ""
      ? `Took "${f.label}" out of folder "${f.previous}"; it is back under its checkout.`
      : `"${f.label}" was in no folder; nothing changed.`

const moved = (sessions: ReadonlyArray<string>) =>
  sessions.length === 0 ? "no open session (only parked ones carried it)" : quoted(sessions)

export const renderFolderRenamed = (r: FolderRenamed): string =>
  r.to === ""
    ? `Moved ${moved(r.sessions)} out of folder "${r.folder}"; it no longer exists.`
    : `Moved ${moved(r.sessions)} from folder "${r.folder}" to "${r.to}".`

export const renderFolderPainted = (p: FolderPainted): string =>
  p.color === ""
    ? `Handed ${moved(p.sessions)} in folder "${p.folder}" back to the theme's color.`
    : `Painted ${moved(p.sessions)} in folder "${p.folder}" ${p.color}.`
