/**
 * Where a missing thing has a right answer and where a failure must reach the person: the dirty
 * check, a project's worktrees, and a project path that cannot be looked at. Real git, real files.
 */

import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { EventHub } from "@lich/events"
import { type ProjectRow, StoreMemory } from "@lich/store"
import { Effect, Layer } from "effect"
import { isDirty } from "./close.js"
import { projectByPath } from "./projects.js"
import { listCheckouts } from "./worktrees.js"

const made: Array<string> = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-gitfail-"))
  made.push(dir)
  return dir
}

const repo = () => {
  const dir = tempDir()
  const git = (...args: Array<string>) => execFileSync("git", args, { cwd: dir, stdio: "pipe" })
  git("init", "-q", "-b", "main")
  git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "first")
  return dir
}

const projectAt = (dir: string): ProjectRow => ({
  id: "p1",
  name: "p",
  path: dir,
  isOpen: true,
  nextSeq: 1,
  activeSessionId: "",
  position: 0,
  createdAt: 0
})

describe("the dirty check", () => {
  it.effect("finds no work to protect in a checkout that is gone or that git takes for no work tree", () =>
    Effect.gen(function* () {
      expect(yield* isDirty(path.join(tempDir(), "gone"))).toBe(false)
      expect(yield* isDirty(tempDir())).toBe(false)
    })
  )

  it.effect("tells a clean checkout from one with an untracked file", () =>
    Effect.gen(function* () {
      const dir = repo()
      expect(yield* isDirty(dir)).toBe(false)
      fs.writeFileSync(path.join(dir, "new.txt"), "x")
      expect(yield* isDirty(dir)).toBe(true)
    })
  )

  it.effect("says it could not tell when git cannot read the checkout, instead of calling it clean", () =>
    Effect.gen(function* () {
      const dir = repo()
      fs.writeFileSync(path.join(dir, ".git", "index"), "not an index")
      const error = yield* Effect.flip(isDirty(dir))
      expect(error._tag).toBe("Failed")
      expect(error.message).toContain(`could not tell whether ${dir} holds uncommitted work: `)
    })
  )
})

describe("a project's worktrees", () => {
  it.effect("are none for a directory that is not a repository", () =>
    Effect.gen(function* () {
      expect(yield* listCheckouts(projectAt(tempDir()), [])).toEqual([])
    })
  )

  it.effect("fail with the reason when a linked checkout cannot be read", () =>
    Effect.gen(function* () {
      const dir = repo()
      const wt = path.join(tempDir(), "feat")
      execFileSync("git", ["worktree", "add", "-q", "-b", "feat", wt], { cwd: dir, stdio: "pipe" })
      expect((yield* listCheckouts(projectAt(dir), [])).map((c) => [c.name, c.dirty])).toEqual([["feat", false]])
      fs.writeFileSync(path.join(dir, ".git", "worktrees", "feat", "index"), "not an index")
      const error = yield* Effect.flip(listCheckouts(projectAt(dir), []))
      expect(error.message).toContain(`could not tell whether ${wt} holds uncommitted work: `)
    })
  )
})

describe("a project path", () => {
  const world = Layer.merge(StoreMemory, EventHub.layer)

  it.effect("that names nothing, or goes through a file, is no directory", () =>
    Effect.gen(function* () {
      const dir = tempDir()
      fs.writeFileSync(path.join(dir, "afile"), "")
      for (const p of [path.join(dir, "nothing"), path.join(dir, "afile", "below")]) {
        const error = yield* Effect.flip(projectByPath(p, "/home/u"))
        expect(error).toMatchObject({ _tag: "NotFound", message: `no directory at ${p}` })
      }
    }).pipe(Effect.provide(world))
  )

  it.effect("that cannot be looked at says why, not that nothing is there", () =>
    Effect.gen(function* () {
      const dir = tempDir()
      const loop = path.join(dir, "loop")
      fs.symlinkSync(loop, loop)
      const error = yield* Effect.flip(projectByPath(loop, "/home/u"))
      expect(error._tag).toBe("Failed")
      expect(error.message).toMatch(new RegExp(`^cannot look at ${loop}: ELOOP`))
    }).pipe(Effect.provide(world))
  )
})
