import * as fs from "node:fs"
import * as path from "node:path"
import { it } from "@effect/vitest"
import { Effect } from "effect"
import { afterAll, describe, expect } from "vitest"
import { MAX_TEXT_BYTES } from "./content.js"
import { changeIn, fileDiff } from "./diff.js"
import { Git, GitFailed } from "./Git.js"
import { readCheckout, type Target } from "./read.js"
import { commitAll, removeTemps, repo, sh, tempDir, worktree, write } from "./testRepo.js"

afterAll(removeTemps)

const target = (dir: string, base = "main", baseSha = ""): Target => ({ id: "s1", projectId: "p1", dir, base, baseSha })

const readOf = (t: Target) => Effect.flatMap(Git, (g) => readCheckout(g, t, Date.now()))
const diffOf = (t: Target, file: string, section: "committed" | "uncommitted") =>
  Effect.gen(function* () {
    const g = yield* Git
    const s = yield* readCheckout(g, t, 0)
    const change = changeIn(s, file, section)
    if (change === undefined) throw new Error(`${file} is not listed in ${section}`)
    return yield* fileDiff(g, s, change, section, 0)
  })

describe("reading a checkout", () => {
  it.effect("splits committed-on-the-branch from uncommitted, with +/− and status", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "feat")
      write(wt, "a.txt", "one\n2\nthree\nfour\n")
      write(wt, "new.ts", "export const x = 1\n")
      commitAll(wt, "work")
      write(wt, "a.txt", "one\n2\nthree\nfour\nfive\n")
      write(wt, "loose.md", "a\nb\n")
      const s = yield* readOf(target(wt))
      expect(s.repository).toBe(true)
      expect(s.branch).toBe("feat")
      expect(s.committed.map((f) => [f.path, f.status, f.added, f.removed])).toEqual([
        ["a.txt", "modified", 2, 1],
        ["new.ts", "added", 1, 0]
      ])
      expect(s.uncommitted.map((f) => [f.path, f.status, f.added, f.removed, f.untracked])).toEqual([
        ["a.txt", "modified", 1, 0, false],
        ["loose.md", "added", 2, 0, true]
      ])
      expect([s.added, s.removed]).toEqual([6, 1])
      expect(s.standing?.ahead).toBe(1)
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("reports renames, deletions and binary files", () =>
    Effect.gen(function* () {
      const root = repo()
      write(root, "old-name.txt", "a fairly long line so that rename detection has content to match\nand another\n")
      write(root, "gone.txt", "bye\n")
      commitAll(root, "more")
      const wt = worktree(root, "shuffle")
      sh(wt, "mv", "old-name.txt", "new-name.txt")
      sh(wt, "rm", "-q", "gone.txt")
      write(wt, "logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]))
      commitAll(wt, "shuffle")
      const s = yield* readOf(target(wt))
      const by = new Map(s.committed.map((f) => [f.path, f]))
      expect(by.get("new-name.txt")).toMatchObject({ status: "renamed", oldPath: "old-name.txt", content: "text" })
      expect(by.get("gone.txt")).toMatchObject({ status: "deleted", content: "text", removed: 1 })
      expect(by.get("logo.png")).toMatchObject({ status: "added", content: "binary", added: 0, removed: 0, size: 10 })
      const d = yield* diffOf(target(wt), "logo.png", "committed")
      expect([d.old.state, d.new.state]).toEqual(["absent", "binary"])
      const gone = yield* diffOf(target(wt), "gone.txt", "committed")
      expect([gone.old.text, gone.new.state]).toEqual(["bye\n", "absent"])
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("counts a file of 50,000 lines and hands both of its sides whole", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "big")
      const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`)
      write(wt, "big.txt", `${lines.join("\n")}\n`)
      commitAll(wt, "big")
      lines[25_000] = "changed"
      write(wt, "big.txt", `${lines.join("\n")}\n`)
      const s = yield* readOf(target(wt))
      expect(s.committed[0]).toMatchObject({ path: "big.txt", added: 50_000, removed: 0 })
      expect(s.uncommitted[0]).toMatchObject({ path: "big.txt", added: 1, removed: 1 })
      const d = yield* diffOf(target(wt), "big.txt", "uncommitted")
      expect(d.old.text.split("\n")[25_000]).toBe("line 25000")
      expect(d.new.text.split("\n")[25_000]).toBe("changed")
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("shows a file that is not UTF-8 byte for byte, line numbers intact", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "latin")
      write(wt, "latin1.txt", Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a]))
      const s = yield* readOf(target(wt))
      expect(s.uncommitted[0]).toMatchObject({ path: "latin1.txt", content: "text", added: 2 })
      const d = yield* diffOf(target(wt), "latin1.txt", "uncommitted")
      expect(d.new).toMatchObject({ state: "text", encoding: "latin1", text: "café\nnaïve\n" })
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("names a 200 MB file as too large without reading it", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "huge")
      // Sparse: 200 MB on paper, nothing on disk. A read of it would take seconds and 200 MB of memory.
      const fd = fs.openSync(path.join(wt, "generated.bin"), "w")
      fs.ftruncateSync(fd, 200 * 1024 * 1024)
      fs.closeSync(fd)
      write(wt, "small.txt", "x\n")
      const heapBefore = process.memoryUsage().rss
      const started = performance.now()
      const s = yield* readOf(target(wt))
      const d = yield* diffOf(target(wt), "generated.bin", "uncommitted")
      const took = performance.now() - started
      expect(s.uncommitted.find((f) => f.path === "generated.bin")).toMatchObject({
        content: "too-large",
        size: 200 * 1024 * 1024,
        added: 0
      })
      expect(d.new).toMatchObject({ state: "too-large", text: "", size: 200 * 1024 * 1024 })
      expect(process.memoryUsage().rss - heapBefore).toBeLessThan(100 * 1024 * 1024)
      expect(took).toBeLessThan(5_000)
      expect(MAX_TEXT_BYTES).toBeLessThan(200 * 1024 * 1024)
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("keeps a path with spaces and a newline exactly as git holds it", () =>
    Effect.gen(function* () {
      const root = repo()
      const wt = worktree(root, "odd")
      const odd = 'dir with space/line\nbreak "quoted".txt'
      write(wt, odd, "hello\n")
      commitAll(wt, "odd")
      write(wt, odd, "hello\nworld\n")
      const s = yield* readOf(target(wt))
      expect(s.committed.map((f) => f.path)).toEqual([odd])
      expect(s.uncommitted.map((f) => [f.path, f.added])).toEqual([[odd, 1]])
      const d = yield* diffOf(target(wt), odd, "uncommitted")
      expect([d.old.text, d.new.text]).toEqual(["hello\n", "hello\nworld\n"])
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("lists everything as uncommitted in a repository with no commits", () =>
    Effect.gen(function* () {
      const dir = tempDir("unborn")
      sh(dir, "init", "-q", "-b", "main")
      write(dir, "first.txt", "a\nb\n")
      write(dir, "staged.txt", "s\n")
      sh(dir, "add", "staged.txt")
      const s = yield* readOf(target(dir, ""))
      expect([s.repository, s.head, s.branch]).toEqual([true, "", "main"])
      expect(s.uncommitted.map((f) => [f.path, f.status, f.added])).toEqual([
        ["staged.txt", "added", 1],
        ["first.txt", "added", 2]
      ])
      expect(s.standing).toBeUndefined()
      const d = yield* diffOf(target(dir, ""), "staged.txt", "uncommitted")
      expect([d.old.state, d.new.text]).toEqual(["absent", "s\n"])
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("reads a detached HEAD as a checkout with no branch", () =>
    Effect.gen(function* () {
      const root = repo()
      write(root, "b.txt", "b\n")
      commitAll(root, "second")
      sh(root, "checkout", "-q", "--detach", "HEAD~1")
      write(root, "a.txt", "changed\n")
      const s = yield* readOf(target(root, ""))
      expect(s.branch).toBe("")
      expect(s.head).toBe(sh(root, "rev-parse", "HEAD"))
      expect(s.base).toBe("HEAD")
      expect(s.committed).toEqual([])
      expect(s.uncommitted.map((f) => f.path)).toEqual(["a.txt"])
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("says the base branch is gone and compares against the commit recorded at open", () =>
    Effect.gen(function* () {
      const root = repo()
      sh(root, "branch", "develop")
      const recorded = sh(root, "rev-parse", "develop")
      const wt = worktree(root, "topic")
      write(wt, "t.txt", "t\n")
      commitAll(wt, "topic")
      sh(root, "branch", "-q", "-D", "develop")
      const s = yield* readOf(target(wt, "develop", recorded))
      expect(s.baseGone).toBe(true)
      expect(s.committed.map((f) => f.path)).toEqual(["t.txt"])
      expect(s.standing).toMatchObject({ ahead: 1, behind: 0 })
      const lost = yield* readOf(target(wt, "develop", ""))
      expect([lost.baseGone, lost.committed.length, lost.standing]).toEqual([true, 0, undefined])
    }).pipe(Effect.provide(Git.layer))
  )

  it.effect("reads a directory that is no repository as empty, not as a failure", () =>
    Effect.gen(function* () {
      const s = yield* readOf(target(tempDir("plain"), ""))
      expect([s.repository, s.committed, s.uncommitted]).toEqual([false, [], []])
    }).pipe(Effect.provide(Git.layer))
  )
})

describe("GitFailed", () => {
  it("reads as one line, worded as the workspace's git errors are", () => {
    const e = new GitFailed({ args: ["diff"], code: 128, stderr: "warning: x\nfatal: bad revision 'nope'\nusage: ..." })
    expect(e.detail).toBe("fatal: bad revision 'nope'")
    expect(new GitFailed({ args: ["diff"], code: 1, stderr: "" }).detail).toBe("git diff exited with 1")
  })
})
