/**
 * Reading a repository's branches and worktrees, and deciding what a --base names. Pure: git's
 * output goes in, a decision comes out. A base that is not a branch is refused rather than resolved:
 * git would happily branch off a typo that names a revision, leaving a checkout nobody asked for.
 */

export interface WorktreeEntry {
  readonly path: string
  /** Short branch name; "" when detached or bare. */
  readonly branch: string
  readonly bare: boolean
}

/** `git worktree list --porcelain`: blank-line separated records of `key value` lines. */
export const parseWorktreeList = (porcelain: string): ReadonlyArray<WorktreeEntry> =>
  porcelain
    .split(/\n\n+/)
    .map((block) => block.split("\n").filter((l) => l !== ""))
    .filter((lines) => lines.length > 0 && lines[0]!.startsWith("worktree "))
    .map((lines) => {
      const branchLine = lines.find((l) => l.startsWith("branch "))
      const ref = branchLine === undefined ? "" : branchLine.slice("branch ".length)
      return {
        path: lines[0]!.slice("worktree ".length),
        branch: ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : ref,
        bare: lines.includes("bare")
      }
    })

export type BaseKind =
  | { readonly _tag: "local"; readonly branch: string }
  | { readonly _tag: "remote"; readonly remote: string; readonly branch: string }
  | { readonly _tag: "none" }

export interface Repo {
  /** Short names of refs/heads/*. */
  readonly local: ReadonlyArray<string>
  /** Configured remote names (`git remote`). */
  readonly remotes: ReadonlyArray<string>
  /** Branches other worktrees hold (they are local too; listed for a branch only a worktree knows). */
  readonly held: ReadonlyArray<string>
}

/**
 * Local first, then one a worktree holds, then `<remote>/<branch>` for a configured remote (the
 * remote branch is fetched before use, so it need not be known locally yet). Anything else: none.
 */
export const classifyBase = (base: string, repo: Repo): BaseKind => {
  if (repo.local.includes(base) || repo.held.includes(base)) return { _tag: "local", branch: base }
  const slash = base.indexOf("/")
  if (slash > 0) {
    const remote = base.slice(0, slash)
    const branch = base.slice(slash + 1)
    if (branch !== "" && repo.remotes.includes(remote)) return { _tag: "remote", remote, branch }
  }
  return { _tag: "none" }
}

/** A branch already in the repository is checked out as it stands; the base is then ignored. */
export const branchExists = (branch: string, repo: Repo): boolean => repo.local.includes(branch) || repo.held.includes(branch)
