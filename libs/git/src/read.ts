/**
 * One read of one checkout, whole: which commit and branch it is on, what it is compared against,
 * the two file lists and the base standing. A checkout that is no repository reads as empty
 * (`repository: false`), not as a failure; a base branch deleted since the open is compared against
 * the commit recorded then, and said (`baseGone`); a repository with no commits lists everything as
 * uncommitted against the empty tree.
 */
import { Read, SessionGit, type Standing } from "@lich/contract"
import { Effect } from "effect"
import type { GitFailed, GitShape } from "./Git.js"
import { committedBetween, emptyTree, type Listed, statusOf, uncommittedAt } from "./lists.js"
import { parseStatusBranch } from "./parse.js"
import { standingOf } from "./standing.js"

export interface Target {
  readonly id: string
  readonly projectId: string
  readonly dir: string
  /** the base branch; "" for a session in the project's own checkout (compared against HEAD) */
  readonly base: string
  /** the base's commit at open, for when the branch is gone */
  readonly baseSha: string
}

const nothing: Listed = { files: [], added: 0, removed: 0, truncated: false }

/** A rev-parse that answers "" instead of failing when the name resolves to nothing. */
const resolve = (g: GitShape, dir: string, args: ReadonlyArray<string>) => Effect.map(g.text(dir, args, { ok: [1, 128] }), (s) => s.trim())

export const emptyRead = (t: Target, read: Read): SessionGit =>
  new SessionGit({
    id: t.id,
    projectId: t.projectId,
    dir: t.dir,
    repository: false,
    branch: "",
    head: "",
    base: t.base === "" ? "HEAD" : t.base,
    baseSha: "",
    baseGone: false,
    committed: [],
    uncommitted: [],
    truncated: false,
    added: 0,
    removed: 0,
    overlaps: [],
    read,
    rev: 0
  })

/** Not a repository (or no such directory): the one failure that is an answer, not an error. */
const noRepository = (e: GitFailed) => /not a git repository/i.test(e.stderr) || e.code === "spawn"

/**
 * What only HEAD and the base's commit decide — the merge base, the committed list, the standing —
 * kept per session between reads: an agent's edits move neither, so a read after a touch is a status
 * and a numstat, not the whole walk again.
 */
export interface Memo {
  readonly key: string
  readonly mergeBase: string
  readonly committed: Listed
  readonly standing: Standing | undefined
}

/** The merge base, the committed list and the standing, read afresh. */
const walk = (g: GitShape, t: Target, o: { key: string; baseCommit: string; head: string; at: number }) =>
  Effect.gen(function* () {
    const { baseCommit, head } = o
    const mergeBase = t.base === "" || baseCommit === "" || head === "" ? "" : yield* resolve(g, t.dir, ["merge-base", baseCommit, head])
    const committed = mergeBase === "" ? nothing : yield* committedBetween(g, t.dir, mergeBase, head)
    const standing = t.base === "" || head === "" || baseCommit === "" ? undefined : yield* standingOf(g, t.dir, baseCommit, head, o.at)
    return { key: o.key, mergeBase, committed, standing } satisfies Memo
  })

export const readCheckout = (g: GitShape, t: Target, at: number, memos?: Map<string, Memo>): Effect.Effect<SessionGit, GitFailed> =>
  Effect.gen(function* () {
    const read = new Read({ source: "git", at, stale: false, error: "" })
    const status = yield* Effect.either(statusOf(g, t.dir))
    if (status._tag === "Left") {
      if (noRepository(status.left)) return emptyRead(t, read)
      return yield* status.left
    }
    const { head, branch } = parseStatusBranch(status.right)
    const baseNow = t.base === "" ? "" : yield* resolve(g, t.dir, ["rev-parse", "--verify", "-q", `${t.base}^{commit}`])
    const baseGone = t.base !== "" && baseNow === ""
    const baseCommit = baseNow !== "" ? baseNow : t.baseSha
    const key = `${t.base}\0${baseCommit}\0${head}`
    const known = memos?.get(t.id)
    const memo: Memo = known !== undefined && known.key === key ? known : yield* walk(g, t, { key, baseCommit, head, at })
    memos?.set(t.id, memo)
    const { mergeBase, committed, standing } = memo
    const uncommitted = yield* uncommittedAt(g, t.dir, head !== "" ? head : yield* emptyTree(g, t.dir), status.right)
    return new SessionGit({
      id: t.id,
      projectId: t.projectId,
      dir: t.dir,
      repository: true,
      branch,
      head,
      base: t.base === "" ? "HEAD" : t.base,
      baseSha: t.base === "" ? head : mergeBase,
      baseGone,
      committed: committed.files,
      uncommitted: uncommitted.files,
      truncated: committed.truncated || uncommitted.truncated,
      added: committed.added + uncommitted.added,
      removed: committed.removed + uncommitted.removed,
      ...(standing === undefined ? {} : { standing }),
      overlaps: [],
      read,
      rev: 0
    })
  })
