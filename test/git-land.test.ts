/**
 * Landing a worktree session's branch through a real backend on real repositories: rebase onto the
 * base (clean, and conflicting — aborted, nothing half-done, the files listed), merge into the base
 * as a fast-forward, a merge commit and a squash with the base's own checkout left as it was, commit
 * with a typed message, and the one-line refusals (dirty checkout, running turn, conflict, protected).
 */
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import type { ProcedureName, SuccessOf } from "@lich/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, type Backend, post, waitForRecord } from "./harness.js"
import { git, makeRepo, postHook, type Repo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let repo: Repo

beforeAll(async () => {
  b = await startBackendWith({})
  repo = makeRepo(b, "landing")
  // The project's own checkout sits on a branch of its own, with a person's work in progress.
  git(repo.dir, ["checkout", "-q", "-b", "desk"])
  fs.writeFileSync(path.join(repo.dir, "README.md"), "# a person's edit in progress\n")
  fs.writeFileSync(path.join(repo.dir, "scratch.txt"), "untracked notes\n")
})
afterAll(async () => {
  await b?.stop()
})

type Session = { id: string; path: string }

const open = async (branch: string): Promise<Session> => {
  const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", branch, "--base", "main"])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout)
}
const commitIn = (dir: string, file: string, text: string, message = `write ${file}`) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
  fs.writeFileSync(path.join(dir, file), text)
  git(dir, ["add", "-A"])
  git(dir, ["commit", "-q", "-m", message])
  return git(dir, ["rev-parse", "HEAD"])
}
/** main moves on by one commit, made in a throwaway checkout so the project's own stays as it is. */
const advanceMain = (file: string, text: string) => {
  const tmp = path.join(b.dir, `main-${crypto.randomBytes(3).toString("hex")}`)
  git(repo.dir, ["worktree", "add", "-q", tmp, "main"])
  const sha = commitIn(tmp, file, text, `main: ${file}`)
  git(repo.dir, ["worktree", "remove", "--force", tmp])
  return sha
}
/** Every file of the project's checkout with its hash, .git excluded: "untouched" means this is equal. */
const snapshot = (dir: string): Record<string, string> => {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === ".git") continue
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out[path.relative(dir, p)] = crypto.createHash("sha1").update(fs.readFileSync(p)).digest("hex")
    }
  }
  walk(dir)
  return out
}
const call = (method: string, body: unknown) => post(b, `/rpc/git.${method}`, body)
/** A git procedure's name; `ok` answers what it returns, as the contract encodes it. */
type GitMethod = { [K in ProcedureName]: K extends `git.${infer M}` ? M : never }[ProcedureName]
const ok = async <M extends GitMethod>(method: M, body: unknown) => {
  const r = await call(method, body)
  expect(r.status, r.text).toBe(200)
  return r.json() as SuccessOf<`git.${M}`>
}
const refused = async (method: string, body: unknown) => {
  const r = await call(method, body)
  expect(r.status).not.toBe(200)
  return r.json().error as string
}

describe("rebase onto the base", () => {
  it("rebases a branch cleanly onto a base that moved", async () => {
    const s = await open("re-clean")
    commitIn(s.path, "clean.txt", "mine\n")
    const main = advanceMain("elsewhere.txt", "theirs\n")
    const r = await ok("Rebase", { id: s.id })
    expect(r).toMatchObject({ rebased: true, onto: "main", conflicted: [] })
    expect(git(s.path, ["rev-parse", "HEAD~1"])).toBe(main)
    expect(fs.readFileSync(path.join(s.path, "elsewhere.txt"), "utf8")).toBe("theirs\n")
  })

  it("aborts a conflicting rebase, lists what conflicted, and leaves the branch where it was", async () => {
    const s = await open("re-conflict")
    const before = commitIn(s.path, "shared.txt", "mine\n")
    advanceMain("shared.txt", "theirs\n")
    const r = await ok("Rebase", { id: s.id })
    expect(r).toMatchObject({ rebased: false, conflicted: ["shared.txt"], head: before })
    expect(git(s.path, ["rev-parse", "HEAD"])).toBe(before)
    expect(git(s.path, ["status", "--porcelain"])).toBe("")
    expect(fs.existsSync(path.join(git(s.path, ["rev-parse", "--absolute-git-dir"]), "rebase-merge"))).toBe(false)
    // One click more: the agent gets the rebase as a task naming what will conflict.
    const handed = await ok("SendConflicts", { id: s.id })
    const task = await waitForRecord<AgentEvent>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.messages.jsonl`), (e) => e.event === "submit")
    expect(handed.ticket).toMatch(/^[0-9a-f]{8}$/)
    expect(task.text).toContain("Rebase your branch re-conflict onto main. These files will conflict:\n- shared.txt")
  })
})

describe("merge into the base", () => {
  it("fast-forwards, leaving the project's own checkout untouched", async () => {
    const s = await open("m-ff")
    const head = commitIn(s.path, "ff.txt", "fast\n")
    const desk = snapshot(repo.dir)
    const r = await ok("Merge", { id: s.id, mode: "ff" })
    expect(r).toMatchObject({ base: "main", mode: "ff", sha: head, updated: "" })
    expect(git(repo.dir, ["rev-parse", "main"])).toBe(head)
    expect(snapshot(repo.dir)).toEqual(desk)
    expect(git(repo.dir, ["status", "--porcelain"])).toBe("M README.md\n?? scratch.txt")
  })

  it("makes a merge commit when both sides moved", async () => {
    const s = await open("m-merge")
    const head = commitIn(s.path, "merged.txt", "merged\n")
    const main = advanceMain("other.txt", "other\n")
    const desk = snapshot(repo.dir)
    const r = await ok("Merge", { id: s.id, mode: "merge" })
    expect(git(repo.dir, ["rev-parse", `${r.sha}^1`, `${r.sha}^2`]).split("\n")).toEqual([main, head])
    expect(git(repo.dir, ["log", "-1", "--format=%s", "main"])).toBe("Merge branch 'm-merge' into main")
    expect(snapshot(repo.dir)).toEqual(desk)
  })

  it("squashes the branch into one commit on the base", async () => {
    const s = await open("m-squash")
    commitIn(s.path, "sq1.txt", "one\n", "first step")
    commitIn(s.path, "sq2.txt", "two\n", "second step")
    const main = git(repo.dir, ["rev-parse", "main"])
    const desk = snapshot(repo.dir)
    const r = await ok("Merge", { id: s.id, mode: "squash" })
    expect(git(repo.dir, ["rev-parse", `${r.sha}^`])).toBe(main)
    expect(git(repo.dir, ["rev-list", "--count", `${main}..main`])).toBe("1")
    expect(git(repo.dir, ["show", "main:sq2.txt"])).toBe("two")
    expect(git(repo.dir, ["log", "-1", "--format=%B", "main"])).toContain("* first step\n* second step")
    expect(snapshot(repo.dir)).toEqual(desk)
  })

  it("brings a checkout that holds the base along, keeping the person's uncommitted edit", async () => {
    const holder = path.join(b.dir, "holder")
    git(repo.dir, ["worktree", "add", "-q", holder, "main"])
    fs.writeFileSync(path.join(holder, "README.md"), "# edited where main is checked out\n")
    const s = await open("m-held")
    const head = commitIn(s.path, "held.txt", "held\n")
    const r = await ok("Merge", { id: s.id, mode: "ff" })
    expect(r).toMatchObject({ sha: head, updated: holder })
    expect(git(holder, ["rev-parse", "HEAD"])).toBe(head)
    expect(fs.readFileSync(path.join(holder, "README.md"), "utf8")).toBe("# edited where main is checked out\n")
    expect(git(holder, ["status", "--porcelain"])).toBe("M README.md")
    const conflicting = await open("m-held-2")
    commitIn(conflicting.path, "README.md", "# the branch's own readme\n")
    expect(await refused("Merge", { id: conflicting.id, mode: "ff" })).toMatch(
      new RegExp(`^the merge would overwrite uncommitted work in ${holder}, where main is checked out: `)
    )
    expect(git(repo.dir, ["rev-parse", "main"])).toBe(head)
    git(repo.dir, ["worktree", "remove", "--force", holder])
  })
})

describe("what landing refuses, in one line", () => {
  it("a dirty checkout, a running turn, a conflict and a protected base", async () => {
    const s = await open("refuse")
    commitIn(s.path, "shared.txt", "another take\n")
    fs.writeFileSync(path.join(s.path, "loose.txt"), "not committed\n")
    expect(await refused("Merge", { id: s.id, mode: "" })).toBe(
      `"refuse" has uncommitted work (1 file) — commit or stash it before you merge it`
    )
    expect(await refused("Rebase", { id: s.id })).toBe(`"refuse" has uncommitted work (1 file) — commit or stash it before you rebase it`)
    const committed = await ok("Commit", { id: s.id, message: "loose ends" })
    expect(committed).toMatchObject({ message: "loose ends", files: 1 })
    expect(git(s.path, ["log", "-1", "--format=%s"])).toBe("loose ends")
    advanceMain("shared.txt", "a third take\n")
    expect(await refused("Merge", { id: s.id, mode: "merge" })).toBe(
      "merging refuse into main conflicts in shared.txt — rebase and resolve first"
    )
    expect(await postHook(b, "/hook", { session_id: s.id, state: "busy" })).toBe(204)
    expect(await refused("Rebase", { id: s.id })).toBe(`"refuse" is in a turn — wait for it to finish before you rebase it`)
    await postHook(b, "/hook", { session_id: s.id, state: "done" })
    expect((await post(b, "/rpc/desk.SetSetting", { key: "git.protected", value: "release, main", project: "" })).status).toBe(200)
    expect(await refused("Merge", { id: s.id, mode: "squash" })).toBe(
      "main is protected in this project (setting git.protected) — open a pull request to land it"
    )
  })
})
