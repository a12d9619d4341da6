/**
 * One file's diff as its two whole sides, so the dock can draw it unified, side by side or as the
 * whole file without asking again. Each side is sized before it is read (git's object header, a
 * stat): over the cap it is `too-large` and its bytes never leave git.
 */

import * as nodePath from "node:path"
import { type DiffSection, DiffSide, type FileChange, FileDiff, Read, type SessionGit } from "@lich/contract"
import { Effect } from "effect"
import { decode, looksBinary, MAX_TEXT_BYTES, readWorkFile } from "./content.js"
import type { GitFailed, GitShape } from "./Git.js"

const absent = (from: string) => new DiffSide({ state: "absent", text: "", size: 0, encoding: "utf-8", from })

const sideOfBytes = (bytes: Buffer, from: string): DiffSide => {
  if (looksBinary(bytes)) return new DiffSide({ state: "binary", text: "", size: bytes.length, encoding: "utf-8", from })
  const d = decode(bytes)
  return new DiffSide({ state: "text", text: d.text, size: bytes.length, encoding: d.encoding, from })
}

/** `<commit>:<path>` from the object store, sized first. */
export const blobSide = (g: GitShape, dir: string, commit: string, path: string): Effect.Effect<DiffSide, GitFailed> =>
  Effect.gen(function* () {
    const from = `${commit.slice(0, 12)}:${path}`
    const spec = `${commit}:${path}`
    const size = Number((yield* g.text(dir, ["cat-file", "-s", spec])).trim())
    if (size > MAX_TEXT_BYTES) return new DiffSide({ state: "too-large", text: "", size, encoding: "utf-8", from })
    const r = yield* g.run(dir, ["cat-file", "blob", spec], { maxBytes: MAX_TEXT_BYTES + 1 })
    return sideOfBytes(r.stdout, from)
  })

export const workSide = (dir: string, path: string): DiffSide => {
  const f = readWorkFile(nodePath.join(dir, path))
  if (f === undefined) return absent("working tree")
  if (f.kind === "too-large" || f.bytes === undefined) {
    return new DiffSide({ state: "too-large", text: "", size: f.size, encoding: "utf-8", from: "working tree" })
  }
  return sideOfBytes(f.bytes, "working tree")
}

/** The change git listed for `path` in that section, or undefined when it lists none. */
export const changeIn = (s: SessionGit, path: string, section: DiffSection): FileChange | undefined =>
  (section === "committed" ? s.committed : s.uncommitted).find((f) => f.path === path)

export const fileDiff = (g: GitShape, s: SessionGit, change: FileChange, section: DiffSection, at: number) =>
  Effect.gen(function* () {
    const oldPath = change.oldPath !== "" ? change.oldPath : change.path
    const created = change.status === "added"
    const gone = change.status === "deleted"
    let older: DiffSide
    let newer: DiffSide
    if (section === "committed") {
      older = created ? absent(s.baseSha) : yield* blobSide(g, s.dir, s.baseSha, oldPath)
      newer = gone ? absent(s.head) : yield* blobSide(g, s.dir, s.head, change.path)
    } else {
      older = created || s.head === "" ? absent(s.head) : yield* blobSide(g, s.dir, s.head, oldPath)
      newer = gone ? absent("working tree") : workSide(s.dir, change.path)
    }
    return new FileDiff({
      id: s.id,
      path: change.path,
      oldPath: change.oldPath,
      section,
      status: change.status,
      old: older,
      new: newer,
      read: new Read({ source: "git", at, stale: false, error: "" })
    })
  })
