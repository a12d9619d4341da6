/**
 * Making a worktree for `open --worktree`, and unmaking it. A branch that exists is checked out as it
 * stands; a new one starts from a base that must be a branch (local, held by a worktree, or
 * `<remote>/<branch>`, fetched and tracked). A creation that fails part-way leaves nothing behind:
 * no checkout, no directory, and no branch this call created.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Failed, Refused } from "@lich/contract"
import { Effect, Option } from "effect"
import { branchExists, classifyBase, parseWorktreeList, type Repo, type WorktreeEntry } from "./branches.js"
import { type GitError, git, gitOk } from "./git.js"
import { selectIncluded } from "./worktreeInclude.js"

export interface Checkout {
  readonly path: string
  readonly branch: string
  /** true when this call made the checkout (the setup script runs then, and only then). */
  readonly fresh: boolean
  /** true when this call made the branch: undoing the checkout deletes it too. */
  readonly createdBranch: boolean
  /** The branch the session's diff is read against, and its commit now; "" when there is none to name. */
  readonly base: string
  readonly baseSha: string
}

/** `<dataDir>/worktrees/<projectId>/<branch>`: a branch with slashes nests, as git's refs do. */
export const worktreeRoot = (dataDir: string, projectId: string) => nodePath.join(dataDir, "worktrees", projectId)
export const worktreePath = (dataDir: string, projectId: string, branch: string) => nodePath.join(worktreeRoot(dataDir, projectId), branch)

const lines = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")

export const isRepository = (root: string) => gitOk(root, ["rev-parse", "--git-dir"])

export const listWorktrees = (root: string): Effect.Effect<ReadonlyArray<WorktreeEntry>, GitError> =>
  Effect.map(git(root, ["worktree", "list", "--porcelain"]), parseWorktreeList)

export const readRepo = (root: string) =>
  Effect.gen(function* () {
    const local = lines(yield* git(root, ["for-each-ref", "--format=%(refname:short)", "refs/heads"]))
    const remotes = lines(yield* git(root, ["remote"]))
    const held = (yield* listWorktrees(root)).map((w) => w.branch).filter((b) => b !== "")
    return { local, remotes, held } satisfies Repo
  })

const gitFailed = (what: string) => (e: GitError) => new Failed({ message: `${what}: ${e.detail}` })

/** The checkout lich made for this branch before (kept on close), when git still knows it. */
export const existingCheckout = (root: string, path: string) =>
  Effect.map(listWorktrees(root), (ws) => Option.fromNullable(ws.find((w) => w.path === path && !w.bare)))

/** The commit `ref` names now; "" when it names none (a branch with no commits yet). */
export const commitOf = (root: string, ref: string) =>
  git(root, ["rev-parse", "--verify", "-q", `${ref}^{commit}`]).pipe(
    Effect.map((s) => s.trim()),
    Effect.orElseSucceed(() => "")
  )

/**
 * What a checkout of an existing branch is compared against: the project's current branch, the one
 * a new branch would have started from. "" on a detached HEAD: such a session diffs as it stands.
 */
export const defaultBase = (root: string) =>
  git(root, ["symbolic-ref", "--short", "-q", "HEAD"]).pipe(
    Effect.map((s) => s.trim()),
    Effect.orElseSucceed(() => "")
  )

const currentBranch = (root: string, project: string) =>
  git(root, ["symbolic-ref", "--short", "-q", "HEAD"]).pipe(
    Effect.map((s) => s.trim()),
    Effect.catchAll(() => Effect.succeed("")),
    Effect.flatMap((b) =>
      b === ""
        ? Effect.fail(
            new Refused({
              message: `project "${project}" is on a detached HEAD, so it has no current branch to start a new worktree branch from — name one with --base`
            })
          )
        : Effect.succeed(b)
    )
  )

/** Removes empty directories from `dir` up to (not including) `stop`: a failed open leaves no husk. */
const pruneEmptyDirs = (dir: string, stop: string) => {
  let d = dir
  while (d.startsWith(stop + nodePath.sep) || d === stop) {
    try {
      fs.rmdirSync(d)
    } catch {
      return
    }
    if (d === stop) return
    d = nodePath.dirname(d)
  }
}

export const discardCheckout = (root: string, dataRoot: string, c: Checkout) =>
  Effect.gen(function* () {
    yield* Effect.ignore(git(root, ["worktree", "remove", "--force", "--", c.path]))
    yield* Effect.sync(() => fs.rmSync(c.path, { recursive: true, force: true }))
    yield* Effect.ignore(git(root, ["worktree", "prune"]))
    if (c.createdBranch) yield* Effect.ignore(git(root, ["branch", "-D", "--", c.branch]))
    yield* Effect.sync(() => pruneEmptyDirs(nodePath.dirname(c.path), dataRoot))
  })

/** Gitignored files of the project matching `.worktreeinclude` (default `.env*`), copied into the checkout. */
export const seedIgnored = (root: string, checkout: string) =>
  Effect.gen(function* () {
    const include = yield* Effect.sync(() => {
      try {
        return fs.readFileSync(nodePath.join(root, ".worktreeinclude"), "utf8")
      } catch {
        return undefined
      }
    })
    // --directory folds a wholly ignored directory (node_modules) into one entry instead of listing
    // every file in it; such a directory is copied only when a pattern names the directory itself.
    const out = yield* git(root, ["ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"])
    const entries = out
      .split("\0")
      .filter((p) => p !== "")
      .map((p) => (p.endsWith("/") ? p.slice(0, -1) : p))
    const picked = selectIncluded(include, entries)
    yield* Effect.try({
      try: () => {
        for (const rel of picked) {
          const dest = nodePath.join(checkout, rel)
          fs.mkdirSync(nodePath.dirname(dest), { recursive: true })
          fs.cpSync(nodePath.join(root, rel), dest, { recursive: true, force: false, errorOnExist: false })
        }
      },
      catch: (e) =>
        new Failed({ message: `copying the project's .worktreeinclude files failed: ${e instanceof Error ? e.message : String(e)}` })
    })
    return picked
  })

export interface CreateInput {
  readonly root: string
  readonly project: string
  readonly branch: string
  readonly base: string
  readonly path: string
  /** The directory worktrees of every project live under: emptied parents are removed up to it. */
  readonly dataRoot: string
}

/** Makes the checkout, or refuses; on any failure after git made something, undoes it. */
export const createCheckout = (i: CreateInput) =>
  Effect.gen(function* () {
    if (!(yield* gitOk(i.root, ["check-ref-format", "--branch", i.branch])) || i.branch.startsWith("-")) {
      return yield* new Refused({ message: `"${i.branch}" is not a valid branch name` })
    }
    const repo = yield* readRepo(i.root).pipe(Effect.mapError(gitFailed(`reading the branches of "${i.project}" failed`)))
    const exists = branchExists(i.branch, repo)
    let add: ReadonlyArray<string>
    let base: string
    if (exists) {
      add = ["worktree", "add", "--", i.path, i.branch]
      base = yield* defaultBase(i.root)
      if (base === i.branch) base = ""
    } else {
      const asked = i.base !== "" ? i.base : yield* currentBranch(i.root, i.project)
      const kind = classifyBase(asked, repo)
      const noBranch = (why: string) =>
        new Refused({
          message: `no branch named "${asked}" in ${i.project} — --base takes a local branch, a remote one (origin/…) or one a worktree holds${why}`
        })
      if (kind._tag === "none") return yield* noBranch("")
      if (kind._tag === "remote") {
        yield* git(i.root, ["fetch", "--", kind.remote, kind.branch]).pipe(Effect.mapError((e) => noBranch(` (git: ${e.detail})`)))
        add = ["worktree", "add", "--track", "-b", i.branch, "--", i.path, `${kind.remote}/${kind.branch}`]
        base = `${kind.remote}/${kind.branch}`
      } else {
        add = ["worktree", "add", "-b", i.branch, "--", i.path, kind.branch]
        base = kind.branch
      }
    }
    yield* Effect.ignore(git(i.root, ["worktree", "prune"]))
    if (fs.existsSync(i.path)) {
      return yield* new Refused({
        message: `${i.path} already exists and is not a worktree of "${i.project}" — move it away, or pick another branch`
      })
    }
    yield* Effect.sync(() => fs.mkdirSync(nodePath.dirname(i.path), { recursive: true }))
    const baseSha = base === "" ? "" : yield* commitOf(i.root, base)
    const checkout: Checkout = { path: i.path, branch: i.branch, fresh: true, createdBranch: !exists, base, baseSha }
    // git can fail `worktree add -b` after it made the branch (a checkout error): the branch is
    // ours to delete only when it did not exist before and does now.
    yield* git(i.root, add).pipe(
      Effect.catchAll((e) =>
        Effect.gen(function* () {
          const made = !exists && (yield* gitOk(i.root, ["show-ref", "--verify", "--quiet", `refs/heads/${i.branch}`]))
          yield* discardCheckout(i.root, i.dataRoot, { ...checkout, createdBranch: made })
          return yield* new Refused({ message: e.detail })
        })
      )
    )
    yield* seedIgnored(i.root, i.path).pipe(
      Effect.mapError((e) => (e._tag === "GitError" ? gitFailed("listing the project's ignored files failed")(e) : e)),
      Effect.tapError(() => discardCheckout(i.root, i.dataRoot, checkout))
    )
    return checkout
  })
