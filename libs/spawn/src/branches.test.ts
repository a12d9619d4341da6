import { describe, expect, it } from "vitest"
import { branchExists, classifyBase, parseWorktreeList } from "./branches.js"

const repo = { local: ["main", "feature/x"], remotes: ["origin", "upstream"], held: ["main", "wt-only"] }

describe("what a --base names", () => {
  it("is a local branch first, then one a worktree holds", () => {
    expect(classifyBase("feature/x", repo)).toEqual({ _tag: "local", branch: "feature/x" })
    expect(classifyBase("wt-only", repo)).toEqual({ _tag: "local", branch: "wt-only" })
  })

  it("is a remote branch when it starts with a configured remote's name", () => {
    expect(classifyBase("origin/release/1.2", repo)).toEqual({ _tag: "remote", remote: "origin", branch: "release/1.2" })
    expect(classifyBase("upstream/main", repo)).toEqual({ _tag: "remote", remote: "upstream", branch: "main" })
  })

  it("is nothing for a typo, a revision, a sha or an unknown remote", () => {
    for (const base of ["mian", "HEAD~1", "3f2a9c1", "elsewhere/main", "origin/"])
      expect(classifyBase(base, repo)).toEqual({ _tag: "none" })
  })

  it("knows a branch exists when it is local or held", () => {
    expect(branchExists("wt-only", repo)).toBe(true)
    expect(branchExists("origin/main", repo)).toBe(false)
  })
})

describe("git worktree list --porcelain", () => {
  it("reads paths and short branch names, detached and bare entries included", () => {
    const out = [
      "worktree /repo",
      "HEAD 1111",
      "branch refs/heads/main",
      "",
      "worktree /wt/feat",
      "HEAD 2222",
      "branch refs/heads/feat/a",
      "",
      "worktree /wt/detached",
      "HEAD 3333",
      "detached",
      "",
      "worktree /bare.git",
      "bare",
      ""
    ].join("\n")
    expect(parseWorktreeList(out)).toEqual([
      { path: "/repo", branch: "main", bare: false },
      { path: "/wt/feat", branch: "feat/a", bare: false },
      { path: "/wt/detached", branch: "", bare: false },
      { path: "/bare.git", branch: "", bare: true }
    ])
  })
})
