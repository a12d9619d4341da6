/**
 * What a comment quotes and whether it still holds: the lines of one side of one file as the checkout
 * has them now (the new side: the working tree for uncommitted work, HEAD for committed; the old
 * side: HEAD, or the merge base). A comment whose quoted lines no longer read the same there — the
 * agent changed them, or the file went — is outdated; it is kept and shown as such, never dropped.
 */
import type { DiffSide } from "@lich/contract"
import { ReviewComment, type SessionGit } from "@lich/contract"
import type { CommentRow } from "@lich/store"
import { Effect } from "effect"
import { blobSide, workSide } from "./diff.js"
import type { GitFailed, GitShape } from "./Git.js"

export interface Place {
  readonly path: string
  readonly section: "committed" | "uncommitted"
  readonly side: "old" | "new"
}

/** The side's text now; undefined when there is none to quote (absent, binary, too large). */
export const sideText = (g: GitShape, s: SessionGit, p: Place): Effect.Effect<string | undefined> => {
  const list = p.section === "committed" ? s.committed : s.uncommitted
  const change = list.find((f) => f.path === p.path)
  const oldPath = change !== undefined && change.oldPath !== "" ? change.oldPath : p.path
  const none = Effect.succeed<DiffSide | undefined>(undefined)
  const side: Effect.Effect<DiffSide | undefined, GitFailed> =
    p.side === "new"
      ? p.section === "uncommitted"
        ? Effect.succeed(workSide(s.dir, p.path))
        : s.head === ""
          ? none
          : blobSide(g, s.dir, s.head, p.path)
      : p.section === "uncommitted"
        ? s.head === ""
          ? none
          : blobSide(g, s.dir, s.head, oldPath)
        : s.baseSha === ""
          ? none
          : blobSide(g, s.dir, s.baseSha, oldPath)
  return side.pipe(
    Effect.map((d) => (d !== undefined && d.state === "text" ? d.text : undefined)),
    Effect.orElseSucceed(() => undefined)
  )
}

/** Lines start..end (1-based, inclusive) of `text`; undefined when the range is not in it. */
export const linesOf = (text: string, start: number, end: number): string | undefined => {
  const lines = text.split("\n")
  if (text.endsWith("\n")) lines.pop()
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start || end > lines.length) return undefined
  return lines.slice(start - 1, end).join("\n")
}

const keyOf = (p: Place) => `${p.section}\0${p.side}\0${p.path}`

/** The rows as the dock shows them: each marked outdated or not against the checkout as it is now. */
export const withOutdated = (g: GitShape, s: SessionGit | undefined, rows: ReadonlyArray<CommentRow>) =>
  Effect.gen(function* () {
    const texts = new Map<string, string | undefined>()
    if (s !== undefined) {
      for (const r of rows) {
        const k = keyOf(r)
        if (!texts.has(k)) texts.set(k, yield* sideText(g, s, r))
      }
    }
    return rows.map((r) => {
      const now = texts.get(keyOf(r))
      const outdated = now === undefined || linesOf(now, r.startLine, r.endLine) !== r.quoted
      return new ReviewComment({
        id: r.id,
        sessionId: r.sessionId,
        path: r.path,
        section: r.section,
        side: r.side,
        startLine: r.startLine,
        endLine: r.endLine,
        quoted: r.quoted,
        text: r.body,
        author: r.author,
        authorKind: r.authorKind,
        state: r.sentIn === "" ? "draft" : "sent",
        outdated,
        createdAt: r.createdAt,
        sentIn: r.sentIn
      })
    })
  })
