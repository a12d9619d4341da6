/**
 * What a checkout changed: the commits on its branch since the base (merge base to HEAD), and what
 * is in no commit (staged, unstaged, untracked), each file with its status, +/− and whether it is
 * text, binary or too large. Sizes come first (git's object headers, a stat), so a file over the cap
 * is named and never read; git's own diff is told the same cap (core.bigFileThreshold) so it counts
 * such a file as binary instead of diffing it.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { FileChange } from "@lich/contract"
import { Effect } from "effect"
import { countLines, MAX_TEXT_BYTES, readWorkFile } from "./content.js"
import type { GitFailed, GitShape } from "./Git.js"
import { type NumstatEntry, parseBatchCheck, parseNumstat, parseRaw, parseStatus, type StatusEntry } from "./parse.js"

/** 2000 files a list: more than a person scrolls; the counts still cover every file. */
export const MAX_LISTED = 2000
const ZERO = /^0+$/
const BIG = ["-c", `core.bigFileThreshold=${MAX_TEXT_BYTES}`]

export interface Listed {
  readonly files: ReadonlyArray<FileChange>
  readonly added: number
  readonly removed: number
  readonly truncated: boolean
}

const listed = (all: ReadonlyArray<FileChange>): Listed => ({
  files: all.slice(0, MAX_LISTED),
  added: all.reduce((n, f) => n + f.added, 0),
  removed: all.reduce((n, f) => n + f.removed, 0),
  truncated: all.length > MAX_LISTED
})

/** The sizes of blobs, by sha, in one cat-file call. */
const blobSizes = (g: GitShape, dir: string, shas: ReadonlyArray<string>) =>
  shas.length === 0
    ? Effect.succeed(new Map<string, number>())
    : Effect.map(g.text(dir, ["cat-file", "--batch-check"], { input: `${shas.join("\n")}\n` }), parseBatchCheck)

const counted = (n: NumstatEntry | undefined, size: number) => {
  if (size > MAX_TEXT_BYTES) return { content: "too-large" as const, added: 0, removed: 0 }
  if (n !== undefined && n.added === undefined) return { content: "binary" as const, added: 0, removed: 0 }
  return { content: "text" as const, added: n?.added ?? 0, removed: n?.removed ?? 0 }
}

/** Committed between two commits: `from` (the merge base) to `to` (HEAD). */
export const committedBetween = (g: GitShape, dir: string, from: string, to: string): Effect.Effect<Listed, GitFailed> =>
  Effect.gen(function* () {
    const raw = parseRaw(yield* g.text(dir, ["diff", "--raw", "-z", "--no-abbrev", "-M", "--no-ext-diff", from, to]))
    if (raw.length === 0) return listed([])
    const sideOf = (r: (typeof raw)[number]) => (r.status === "deleted" ? r.oldBlob : r.newBlob)
    const sizes = yield* blobSizes(
      g,
      dir,
      raw.map(sideOf).filter((s) => !ZERO.test(s))
    )
    const nums = parseNumstat(yield* g.text(dir, [...BIG, "diff", "--numstat", "-z", "-M", "--no-ext-diff", from, to]))
    return listed(
      raw.map((r) => {
        const size = sizes.get(sideOf(r)) ?? 0
        return new FileChange({
          path: r.path,
          oldPath: r.oldPath,
          status: r.status,
          ...counted(nums.get(r.path), size),
          size,
          untracked: false
        })
      })
    )
  })

const statSize = (file: string): number => {
  try {
    const st = fs.lstatSync(file)
    return st.isFile() || st.isSymbolicLink() ? st.size : 0
  } catch {
    return 0
  }
}

/** An untracked file is counted here (git has no numstat for it): all its lines are added. */
const untrackedChange = (dir: string, e: StatusEntry): FileChange => {
  const f = readWorkFile(nodePath.join(dir, e.path))
  const size = f?.size ?? 0
  const kind = f?.kind ?? "text"
  const lines = kind === "text" && f?.bytes !== undefined ? countLines(f.bytes) : 0
  return new FileChange({ path: e.path, oldPath: "", status: "added", content: kind, added: lines, removed: 0, size, untracked: true })
}

/** One `git status` answers the branch, HEAD and what is uncommitted: the first call of every read. */
export const statusOf = (g: GitShape, dir: string) => g.text(dir, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=all"])

/**
 * What is in no commit, against `head` (the empty tree in a repository with no commits). Untracked
 * files past the list cap are counted by name only: reading thousands of them is not worth a number.
 */
export const uncommittedAt = (g: GitShape, dir: string, head: string, statusOut: string): Effect.Effect<Listed, GitFailed> =>
  Effect.gen(function* () {
    const status = parseStatus(statusOut)
    if (status.length === 0) return listed([])
    const tracked = status.some((e) => !e.untracked)
    const nums = tracked ? parseNumstat(yield* g.text(dir, [...BIG, "diff", "--numstat", "-z", "-M", "--no-ext-diff", head])) : new Map()
    let read = 0
    const all = status.map((e) => {
      if (e.untracked) {
        read++
        return read <= MAX_LISTED
          ? untrackedChange(dir, e)
          : new FileChange({ path: e.path, oldPath: "", status: "added", content: "text", added: 0, removed: 0, size: 0, untracked: true })
      }
      const size = e.status === "deleted" ? 0 : statSize(nodePath.join(dir, e.path))
      return new FileChange({
        path: e.path,
        oldPath: e.oldPath,
        status: e.status,
        ...counted(nums.get(e.path), size),
        size,
        untracked: false
      })
    })
    return listed(all)
  })

/** The empty tree's id in this repository's hash (sha1 or sha256): what an unborn HEAD is compared from. */
export const emptyTree = (g: GitShape, dir: string) => Effect.map(g.text(dir, ["hash-object", "-t", "tree", "--stdin"]), (s) => s.trim())
