/**
 * Merging a session's branch into its base without checking anything out: the result is made in
 * git's object store (a fast-forward is the branch's own commit; a merge commit or a squash is
 * `merge-tree --write-tree` then `commit-tree`), and the base's ref moves with a compare-and-swap
 * `update-ref`, so a base that moved meanwhile is never overwritten.
 *
 * The base's own checkout (the project's directory, usually) is left as it was: a person's
 * uncommitted work there is never touched. When that checkout has the base branch checked out, its
 * index and files follow the ref the way `git merge --ff-only` would (`read-tree -m -u`, git's own
 * two-tree move that keeps local changes), which is git's rule for a push into a checked-out branch
 * (receive.denyCurrentBranch=updateInstead); a local change the merge would overwrite refuses the
 * whole merge before any ref moves. Without that step the checkout's HEAD would move under an index
 * that no longer matches it, and its next commit would undo the merge.
 */
import { Merged, type MergeMode, Refused } from "@lich/contract"
import { MERGE_KEY, MERGE_MODES, PROTECTED_KEY } from "@lich/spawn"
import { Settings } from "@lich/store"
import { Effect, Option } from "effect"
import { Changes } from "./Changes.js"
import { Git, type GitShape, NETWORK_TIMEOUT_MS } from "./Git.js"
import { gitFailure, refuseDirty, refuseNoBase, refuseRunningTurn } from "./guards.js"
import { parseWorktrees } from "./parse.js"
import { mergeTree } from "./standing.js"

const refusedBy = (what: string) => (e: { detail: string }) => new Refused({ message: `${what}: ${e.detail}` })

const setting = (key: string, projectId: string) =>
  Effect.flatMap(Settings, (s) =>
    s.get(key, projectId).pipe(
      Effect.map((v) => Option.getOrElse(v, () => "").trim()),
      Effect.orElseSucceed(() => "")
    )
  )

export const mergeModeOf = (asked: "" | MergeMode, projectId: string) =>
  asked !== ""
    ? Effect.succeed(asked)
    : Effect.map(
        setting(MERGE_KEY, projectId),
        (v): MergeMode => ((MERGE_MODES as ReadonlyArray<string>).includes(v) ? (v as MergeMode) : "ff")
      )

const subjects = (g: GitShape, dir: string, range: string) =>
  Effect.map(g.text(dir, ["log", "--reverse", "--format=%s", range]), (s) => s.split("\n").filter((l) => l !== ""))

/** The commit the base will point at, made in the object store. */
const resultOf = (
  g: GitShape,
  dir: string,
  mode: MergeMode,
  o: { base: string; baseSha: string; head: string; branch: string; behind: number }
) =>
  Effect.gen(function* () {
    if (mode === "ff") {
      if (o.behind > 0) {
        return yield* new Refused({
          message: `${o.base} has ${o.behind} commit${o.behind === 1 ? "" : "s"} the branch lacks, so it cannot fast-forward — rebase onto it first, or merge with a merge commit`
        })
      }
      return o.head
    }
    const m = yield* mergeTree(g, dir, o.head, o.baseSha)
    if (m.conflicted.length > 0) {
      return yield* new Refused({
        message: `merging ${o.branch} into ${o.base} conflicts in ${m.conflicted.join(", ")} — rebase and resolve first`
      })
    }
    const names = yield* subjects(g, dir, `${o.baseSha}..${o.head}`)
    const message =
      mode === "merge"
        ? `Merge branch '${o.branch}' into ${o.base}`
        : names.length === 1
          ? names[0]!
          : `${o.branch}: ${names.length} commits squashed\n\n${names.map((n) => `* ${n}`).join("\n")}`
    const parents = mode === "merge" ? ["-p", o.baseSha, "-p", o.head] : ["-p", o.baseSha]
    return (yield* g.text(dir, ["commit-tree", m.tree, ...parents, "-F", "-"], { input: message })).trim()
  })

/** The checkout that has `branch` checked out, if any. */
const holderOf = (g: GitShape, dir: string, branch: string) =>
  Effect.map(
    g.text(dir, ["worktree", "list", "--porcelain", "-z"]),
    (out) => parseWorktrees(out).find((w) => w.branch === `refs/heads/${branch}`)?.path
  )

export const merge = (id: string, asked: "" | MergeMode) =>
  gitFailure(
    Effect.gen(function* () {
      const changes = yield* Changes
      const g = yield* Git
      const card = yield* changes.card(id)
      yield* refuseRunningTurn(card, "merge it")
      const s = yield* changes.refresh(id)
      yield* refuseNoBase(card, s, "merge into")
      yield* refuseDirty(card, s, "merge it")
      const local = (yield* g.text(s.dir, ["rev-parse", "--verify", "-q", `refs/heads/${s.base}`], { ok: [1] })).trim()
      if (local === "") return yield* new Refused({ message: `the base ${s.base} is not a local branch — open a pull request to land it` })
      const protectedOnes = (yield* setting(PROTECTED_KEY, card.projectRow.id)).split(",").map((b) => b.trim())
      if (protectedOnes.includes(s.base)) {
        return yield* new Refused({
          message: `${s.base} is protected in this project (setting ${PROTECTED_KEY}) — open a pull request to land it`
        })
      }
      const ahead = s.standing?.ahead ?? 0
      if (ahead === 0) return yield* new Refused({ message: `"${card.label}" has no commits that ${s.base} lacks — nothing to merge` })
      const mode = yield* mergeModeOf(asked, card.projectRow.id)
      const next = yield* resultOf(g, s.dir, mode, {
        base: s.base,
        baseSha: local,
        head: s.head,
        branch: s.branch,
        behind: s.standing?.behind ?? 0
      })
      const holder = yield* holderOf(g, s.dir, s.base)
      if (holder !== undefined) {
        // The base's checkout follows first, keeping its local changes; one the merge would overwrite refuses it all.
        yield* g
          .run(holder, ["read-tree", "-m", "-u", local, next], { timeoutMs: NETWORK_TIMEOUT_MS })
          .pipe(Effect.mapError(refusedBy(`the merge would overwrite uncommitted work in ${holder}, where ${s.base} is checked out`)))
      }
      const moved = yield* Effect.either(
        g.run(s.dir, ["update-ref", "-m", `lich: merge ${s.branch} (${mode})`, `refs/heads/${s.base}`, next, local])
      )
      if (moved._tag === "Left") {
        if (holder !== undefined) yield* Effect.ignore(g.run(holder, ["read-tree", "-m", "-u", next, local]))
        return yield* new Refused({ message: `${s.base} moved while merging — try again: ${moved.left.detail}` })
      }
      yield* changes.refresh(id)
      return new Merged({ id, base: s.base, mode, sha: next, updated: holder ?? "" })
    })
  )
