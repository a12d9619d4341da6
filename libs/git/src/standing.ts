/**
 * A branch against its base without touching any checkout: commits ahead and behind
 * (`rev-list --left-right --count`), and whether merging the two would conflict, by doing the merge
 * in git's object store only (`merge-tree --write-tree`, git ≥ 2.38). A merge can only conflict when
 * both sides moved, so the merge is tried only then.
 */
import { Read, Standing } from "@lich/contract"
import { Effect } from "effect"
import { type GitShape, mergeTreeWorks } from "./Git.js"
import { parseLeftRight, parseMergeTree } from "./parse.js"

export interface Merged {
  readonly tree: string
  readonly conflicted: ReadonlyArray<string>
}

/** The merge of `ours` and `theirs` as a tree, in the object store; conflicted paths when it conflicts. */
export const mergeTree = (g: GitShape, dir: string, ours: string, theirs: string) =>
  Effect.map(
    g.text(dir, ["merge-tree", "--write-tree", "--name-only", "-z", "--no-messages", ours, theirs], { ok: [1] }),
    (out): Merged => parseMergeTree(out)
  )

export const standingOf = (g: GitShape, dir: string, base: string, head: string, at: number) =>
  Effect.gen(function* () {
    const { left: behind, right: ahead } = parseLeftRight(yield* g.text(dir, ["rev-list", "--left-right", "--count", `${base}...${head}`]))
    const read = new Read({ source: "git", at, stale: false, error: "" })
    if (ahead === 0 || behind === 0) return new Standing({ ahead, behind, conflict: "none", conflicted: [], read })
    if (!mergeTreeWorks(yield* g.version)) {
      return new Standing({
        ahead,
        behind,
        conflict: "unknown",
        conflicted: [],
        read: new Read({ ...read, error: "git is older than 2.38: it cannot try a merge without a checkout" })
      })
    }
    const m = yield* mergeTree(g, dir, head, base)
    return new Standing({ ahead, behind, conflict: m.conflicted.length > 0 ? "conflict" : "none", conflicted: m.conflicted, read })
  })
