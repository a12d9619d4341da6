/**
 * git's machine formats, read. Pure: bytes in, records out. Every format here is the `-z` one, so a
 * path with spaces, quotes or newlines arrives exactly as git holds it, never C-quoted.
 */
import type { ChangeStatus } from "@lich/contract"

/** NUL-separated fields, the trailing empty one dropped. */
export const fieldsOf = (out: string): Array<string> => {
  const f = out.split("\0")
  if (f.at(-1) === "") f.pop()
  return f
}

export interface RawEntry {
  readonly path: string
  readonly oldPath: string
  readonly status: ChangeStatus
  readonly oldBlob: string
  readonly newBlob: string
  readonly oldMode: string
  readonly newMode: string
}

const letterStatus = (l: string): ChangeStatus => {
  switch (l) {
    case "A":
      return "added"
    case "D":
      return "deleted"
    case "R":
      return "renamed"
    case "C":
      return "copied"
    case "T":
      return "typechange"
    case "U":
      return "unmerged"
    default:
      return "modified"
  }
}

/** `git diff --raw -z --no-abbrev`: `:m1 m2 h1 h2 S\0path\0`, with a second path for R and C. */
export const parseRaw = (out: string): Array<RawEntry> => {
  const f = fieldsOf(out)
  const entries: Array<RawEntry> = []
  for (let i = 0; i < f.length; ) {
    const head = f[i++]!
    if (!head.startsWith(":")) continue
    const [oldMode = "", newMode = "", oldBlob = "", newBlob = "", code = ""] = head.slice(1).split(" ")
    const status = letterStatus(code.charAt(0))
    const first = f[i++] ?? ""
    if (status === "renamed" || status === "copied") {
      entries.push({ path: f[i++] ?? "", oldPath: first, status, oldBlob, newBlob, oldMode, newMode })
    } else {
      entries.push({ path: first, oldPath: "", status, oldBlob, newBlob, oldMode, newMode })
    }
  }
  return entries
}

export interface NumstatEntry {
  readonly path: string
  /** undefined for a binary file (git prints `-`) */
  readonly added: number | undefined
  readonly removed: number | undefined
}

/** `git diff --numstat -z`: `a\tr\tpath\0`, or `a\tr\t\0old\0new\0` for a rename. */
export const parseNumstat = (out: string): Map<string, NumstatEntry> => {
  const f = fieldsOf(out)
  const byPath = new Map<string, NumstatEntry>()
  for (let i = 0; i < f.length; ) {
    const rec = f[i++]!
    const t1 = rec.indexOf("\t")
    const t2 = rec.indexOf("\t", t1 + 1)
    if (t1 < 0 || t2 < 0) continue
    const a = rec.slice(0, t1)
    const r = rec.slice(t1 + 1, t2)
    let path = rec.slice(t2 + 1)
    if (path === "") {
      i++ // the old path
      path = f[i++] ?? ""
    }
    byPath.set(path, { path, added: a === "-" ? undefined : Number(a), removed: r === "-" ? undefined : Number(r) })
  }
  return byPath
}

export interface StatusEntry {
  readonly path: string
  readonly oldPath: string
  readonly status: ChangeStatus
  readonly untracked: boolean
}

/** What a two-letter XY (index, work tree) means against HEAD; undefined when the two cancel out. */
const statusOfXY = (xy: string): ChangeStatus | undefined => {
  const x = xy.charAt(0)
  const y = xy.charAt(1)
  if (x === "A") return y === "D" ? undefined : "added"
  if (x === "D" || y === "D") return "deleted"
  if (x === "T" || y === "T") return "typechange"
  return "modified"
}

/** `git status --porcelain=v2 -z`: ordinary (1), renamed/copied (2, with the old path next), unmerged (u), untracked (?). */
export const parseStatus = (out: string): Array<StatusEntry> => {
  const f = fieldsOf(out)
  const entries: Array<StatusEntry> = []
  for (let i = 0; i < f.length; ) {
    const rec = f[i++]!
    const kind = rec.charAt(0)
    if (kind === "?") {
      entries.push({ path: rec.slice(2), oldPath: "", status: "added", untracked: true })
    } else if (kind === "1") {
      const parts = rec.split(" ")
      const status = statusOfXY(parts[1] ?? "")
      const path = parts.slice(8).join(" ")
      if (status !== undefined) entries.push({ path, oldPath: "", status, untracked: false })
    } else if (kind === "2") {
      const parts = rec.split(" ")
      const path = parts.slice(9).join(" ")
      const oldPath = f[i++] ?? ""
      const code = parts[8]?.charAt(0) === "C" ? "copied" : "renamed"
      entries.push({ path, oldPath, status: code, untracked: false })
    } else if (kind === "u") {
      entries.push({ path: rec.split(" ").slice(10).join(" "), oldPath: "", status: "unmerged", untracked: false })
    }
  }
  return entries
}

/** The `--branch` headers of `git status --porcelain=v2`: HEAD's commit ("" before the first) and branch ("" detached). */
export const parseStatusBranch = (out: string): { readonly head: string; readonly branch: string } => {
  let head = ""
  let branch = ""
  for (const f of fieldsOf(out)) {
    if (!f.startsWith("# ")) continue
    if (f.startsWith("# branch.oid ")) head = f.slice("# branch.oid ".length).replace("(initial)", "")
    else if (f.startsWith("# branch.head ")) branch = f.slice("# branch.head ".length).replace("(detached)", "")
  }
  return { head, branch }
}

/** `git cat-file --batch-check`: `<sha> <type> <size>` per line, or `<sha> missing`. */
export const parseBatchCheck = (out: string): Map<string, number> => {
  const sizes = new Map<string, number>()
  for (const line of out.split("\n")) {
    const [sha, type, size] = line.split(" ")
    if (sha !== undefined && type !== undefined && type !== "missing" && size !== undefined) sizes.set(sha, Number(size))
  }
  return sizes
}

/**
 * `git merge-tree --write-tree --name-only -z --no-messages`: the tree, then (on a conflict, exit 1)
 * the conflicted paths, NUL-separated, up to an empty field.
 */
export const parseMergeTree = (out: string): { readonly tree: string; readonly conflicted: Array<string> } => {
  const f = out.split("\0")
  const tree = (f[0] ?? "").trim()
  const conflicted: Array<string> = []
  for (const p of f.slice(1)) {
    if (p === "") break
    if (!conflicted.includes(p)) conflicted.push(p)
  }
  return { tree, conflicted }
}

/** `git rev-list --left-right --count A...B`: `<left>\t<right>`. */
export const parseLeftRight = (out: string): { readonly left: number; readonly right: number } => {
  const [l = "0", r = "0"] = out.trim().split(/\s+/)
  return { left: Number(l) || 0, right: Number(r) || 0 }
}

/** `git worktree list --porcelain -z`: NUL-terminated `key value` fields, an empty field between checkouts. */
export const parseWorktrees = (out: string): Array<{ readonly path: string; readonly branch: string }> => {
  const found: Array<{ path: string; branch: string }> = []
  let cur: { path: string; branch: string } | undefined
  for (const f of out.split("\0")) {
    if (f.startsWith("worktree ")) {
      cur = { path: f.slice("worktree ".length), branch: "" }
      found.push(cur)
    } else if (f.startsWith("branch ") && cur) cur.branch = f.slice("branch ".length)
  }
  return found
}
