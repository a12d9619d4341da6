/**
 * The dock's data, live, through a real backend: a worktree session's base is recorded at open, a
 * touch reads its checkout again (`session-git`), a commit made in a terminal moves a file from
 * uncommitted to committed without any touch (the git directory is watched), the base moving puts
 * the session behind, and two sessions changing one file both carry the overlap.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, type Backend, type Events, post, waitForRecord, watchEvents } from "./harness.js"
import { git, makeRepo, postHook, type Repo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let repo: Repo
let events: Events

beforeAll(async () => {
  b = await startBackendWith({})
  repo = makeRepo(b, "dockyard")
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

type Git = {
  id: string
  rev: number
  base: string
  committed: Array<{ path: string; added: number }>
  uncommitted: Array<{ path: string; added: number }>
  standing?: { ahead: number; behind: number; conflict: string }
  overlaps: Array<{ id: string; files: Array<string> }>
  read: { source: string; at: number; stale: boolean; error: string }
}

const open = async (branch: string) => {
  const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", branch])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout) as { id: string; path: string }
}

/** The first session-git for `id` after `since` events that `match` accepts. */
const nextGit = (id: string, match: (g: Git) => boolean) =>
  events.until((e) => e._tag === "session-git" && (e.git as Git).id === id && match(e.git as Git)).then((e) => e.git as Git)

const rpc = async (method: string, body: unknown) => {
  const r = await post(b, `/rpc/git.${method}`, body)
  expect(r.status, r.text).toBe(200)
  return r.json()
}

describe("a worktree session's changes, live", () => {
  let a: { id: string; path: string }

  it("records the base at open and reads the checkout against it", async () => {
    a = await open("dock-a")
    const first = (await rpc("Changes", { id: a.id })) as unknown as Git
    expect(first.base).toBe("main")
    expect(first.committed).toEqual([])
    expect(first.read).toMatchObject({ source: "git", stale: false })
  })

  it("reads again when the agent touches files", async () => {
    fs.writeFileSync(path.join(a.path, "feature.ts"), "export const a = 1\nexport const b = 2\n")
    expect(await postHook(b, "/session-touched", { session_id: a.id, file_path: "feature.ts" })).toBe(204)
    const g = await nextGit(a.id, (g) => g.uncommitted.some((f) => f.path === "feature.ts"))
    expect(g.uncommitted.find((f) => f.path === "feature.ts")?.added).toBe(2)
  })

  it("moves a file from uncommitted to committed when a commit is made in a terminal, with no touch", async () => {
    git(a.path, ["add", "feature.ts"])
    git(a.path, ["commit", "-q", "-m", "feature"])
    const g = await nextGit(a.id, (g) => g.committed.some((f) => f.path === "feature.ts"))
    expect(g.uncommitted).toEqual([])
    expect(g.standing).toMatchObject({ ahead: 1, behind: 0, conflict: "none" })
  })

  it("puts the session behind when the base gets a commit, and says a conflict when one would happen", async () => {
    fs.writeFileSync(path.join(repo.dir, "README.md"), "# moved on\n")
    git(repo.dir, ["commit", "-q", "-am", "base moves"])
    const behind = await nextGit(a.id, (g) => g.standing?.behind === 1)
    expect(behind.standing).toMatchObject({ ahead: 1, behind: 1, conflict: "none" })
    fs.writeFileSync(path.join(repo.dir, "feature.ts"), "export const a = 'base'\n")
    git(repo.dir, ["add", "feature.ts"])
    git(repo.dir, ["commit", "-q", "-m", "base writes feature.ts too"])
    const conflict = await nextGit(a.id, (g) => g.standing?.conflict === "conflict")
    expect(conflict.standing).toMatchObject({ behind: 2, conflict: "conflict", conflicted: ["feature.ts"] })
  })

  it("marks two sessions changing one file on both cards", async () => {
    const c = await open("dock-c")
    fs.writeFileSync(path.join(c.path, "feature.ts"), "export const c = 3\n")
    await postHook(b, "/session-touched", { session_id: c.id })
    const mine = await nextGit(c.id, (g) => g.overlaps.length > 0)
    expect(mine.overlaps).toMatchObject([{ id: a.id, files: ["feature.ts"] }])
    const theirs = await nextGit(a.id, (g) => g.overlaps.some((o) => o.id === c.id))
    expect(theirs.overlaps).toMatchObject([{ id: c.id, files: ["feature.ts"] }])
    // The radar's one click: a note to either side naming the file the other changes too.
    await rpc("NoteOverlap", { id: c.id, other: a.id })
    const note = await waitForRecord<AgentEvent>(path.join(b.env.FAKE_AGENT_LOG!, `${c.id}.messages.jsonl`), (e) => e.event === "submit")
    expect(note.text).toContain(`session "dock-a" (branch dock-a) is changing the same files as you:\n- feature.ts`)
  })

  it("hands a file's two sides, and refuses a file with no change in one line", async () => {
    const d = await rpc("Diff", { id: a.id, path: "feature.ts", section: "committed" })
    expect(d).toMatchObject({ old: { state: "absent" }, new: { state: "text", text: "export const a = 1\nexport const b = 2\n" } })
    const r = await post(b, "/rpc/git.Diff", { id: a.id, path: "nope.ts", section: "committed" })
    expect(r.status).not.toBe(200)
    expect(r.json().error).toBe(`"nope.ts" has no committed change in "dock-a"`)
  })

  it("keeps the last good read, marked stale with git's line, when a read fails", async () => {
    const index = path.join(git(a.path, ["rev-parse", "--absolute-git-dir"]), "index")
    const good = fs.readFileSync(index)
    fs.writeFileSync(index, "not an index")
    await postHook(b, "/session-touched", { session_id: a.id })
    const stale = await nextGit(a.id, (g) => g.read.stale)
    expect(stale.committed.map((f) => f.path)).toEqual(["feature.ts"])
    expect(stale.read.error).toMatch(/index/)
    fs.writeFileSync(index, good)
    await postHook(b, "/session-touched", { session_id: a.id })
    expect((await nextGit(a.id, (g) => g.rev > stale.rev && !g.read.stale)).read.stale).toBe(false)
  })
})
