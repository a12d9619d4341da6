import { it } from "@effect/vitest"
import { Effect } from "effect"
import { afterAll, describe, expect } from "vitest"
import { Git } from "./Git.js"
import { standingOf } from "./standing.js"
import { commitAll, removeTemps, repo, sh, worktree, write } from "./testRepo.js"

afterAll(removeTemps)

const standing = (dir: string, base = "main") =>
  Effect.flatMap(Git, (g) => standingOf(g, dir, sh(dir, "rev-parse", base), sh(dir, "rev-parse", "HEAD"), 0))

describe("base standing, read without touching a checkout", () => {
  it.effect("a branch behind its base", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "behind")
      write(root, "base.txt", "moved\n")
      commitAll(root, "base moves")
      expect(yield* standing(wt)).toMatchObject({ ahead: 0, behind: 1, conflict: "none", conflicted: [] })
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("a branch ahead of its base", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "ahead")
      write(wt, "mine.txt", "mine\n")
      commitAll(wt, "mine")
      expect(yield* standing(wt)).toMatchObject({ ahead: 1, behind: 0, conflict: "none" })
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("diverged without a conflict, and diverged with one, leaving both checkouts as they were", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "diverged")
      write(wt, "mine.txt", "mine\n")
      commitAll(wt, "mine")
      write(root, "theirs.txt", "theirs\n")
      commitAll(root, "theirs")
      expect(yield* standing(wt)).toMatchObject({ ahead: 1, behind: 1, conflict: "none" })
      write(wt, "a.txt", "one\nmine\nthree\n")
      commitAll(wt, "edit a")
      write(root, "a.txt", "one\ntheirs\nthree\n")
      commitAll(root, "edit a too")
      const headBefore = sh(wt, "rev-parse", "HEAD")
      expect(yield* standing(wt)).toMatchObject({ ahead: 2, behind: 2, conflict: "conflict", conflicted: ["a.txt"] })
      expect([sh(wt, "rev-parse", "HEAD"), sh(wt, "status", "--porcelain"), sh(root, "status", "--porcelain")]).toEqual([
        headBefore,
        "",
        ""
      ])
    }).pipe(Effect.provide(Git.layer))
  )
})
