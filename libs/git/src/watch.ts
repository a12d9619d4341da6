/**
 * Noticing a commit, a checkout, a rebase or a fetch made outside lich (a person in a terminal, an
 * agent's own git) without polling: fs.watch on the git directories, never on the working tree. Per
 * repository, its common directory (packed-refs, the root's HEAD and index) and its refs (recursive:
 * branches with slashes nest); per linked worktree, its private git directory (HEAD, index). A
 * change there names the checkouts it concerns; the reader debounces. Lock files are git's own
 * scaffolding and say nothing yet: the rename that ends them does.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Effect, Queue, type Scope } from "effect"

export interface Place {
  /** the checkout */
  readonly dir: string
  /** its own git directory (absolute): `.git` of a main checkout, `.git/worktrees/<name>` of a linked one */
  readonly gitDir: string
  /** the repository's common directory (absolute) */
  readonly commonDir: string
}

/** What changed: every checkout of the repository (a ref moved), or one checkout (its HEAD or index). */
export type Moved = { readonly _tag: "repository"; readonly commonDir: string } | { readonly _tag: "checkout"; readonly gitDir: string }

const quiet = (name: string | null) => name?.endsWith(".lock") === true

const watchDir = (dir: string, recursive: boolean, onChange: (name: string | null) => void): fs.FSWatcher | undefined => {
  try {
    const w = fs.watch(dir, { recursive, persistent: false }, (_event, name) => {
      if (!quiet(name)) onChange(name)
    })
    // A directory removed under the watcher (a worktree pruned) ends it; reconcile drops the entry.
    w.on("error", () => w.close())
    return w
  } catch {
    return undefined
  }
}

export interface Watcher {
  /** Watches exactly these places from now on: new ones added, gone ones closed. */
  readonly reconcile: (places: ReadonlyArray<Place>) => Effect.Effect<void>
  readonly moved: Queue.Dequeue<Moved>
  /** how many directories are watched: what a test and the bench read */
  readonly watching: Effect.Effect<number>
}

export const makeWatcher: Effect.Effect<Watcher, never, Scope.Scope> = Effect.gen(function* () {
  const moved = yield* Queue.unbounded<Moved>()
  const open = new Map<string, ReadonlyArray<fs.FSWatcher>>()
  const closeAll = () => {
    for (const ws of open.values()) for (const w of ws) w.close()
    open.clear()
  }
  yield* Effect.addFinalizer(() => Effect.sync(closeAll))

  const repositoryWatch = (commonDir: string) => {
    const tell = () => Queue.unsafeOffer(moved, { _tag: "repository", commonDir })
    const own = watchDir(commonDir, false, (name) => {
      // The common directory holds much that is not a ref (objects, logs, config): only these say one moved.
      if (name === "packed-refs" || name === "HEAD" || name === "FETCH_HEAD" || name === "index" || name === "ORIG_HEAD") tell()
    })
    const refs = watchDir(nodePath.join(commonDir, "refs"), true, tell)
    return [own, refs].filter((w) => w !== undefined)
  }

  const checkoutWatch = (gitDir: string) => {
    const w = watchDir(gitDir, false, (name) => {
      if (name === "HEAD" || name === "index" || name === "REBASE_HEAD" || name === "MERGE_HEAD") {
        Queue.unsafeOffer(moved, { _tag: "checkout", gitDir })
      }
    })
    return w === undefined ? [] : [w]
  }

  const reconcile = (places: ReadonlyArray<Place>) =>
    Effect.sync(() => {
      const want = new Map<string, () => ReadonlyArray<fs.FSWatcher>>()
      for (const p of places) {
        want.set(`repo:${p.commonDir}`, () => repositoryWatch(p.commonDir))
        // A main checkout's git directory is the common one, already watched.
        if (p.gitDir !== p.commonDir) want.set(`wt:${p.gitDir}`, () => checkoutWatch(p.gitDir))
      }
      for (const [key, ws] of open) {
        if (!want.has(key)) {
          for (const w of ws) w.close()
          open.delete(key)
        }
      }
      for (const [key, start] of want) if (!open.has(key)) open.set(key, start())
    })

  return {
    reconcile,
    moved,
    watching: Effect.sync(() => [...open.values()].reduce((n, ws) => n + ws.length, 0))
  }
})
