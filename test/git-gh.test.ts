/**
 * Pull requests through a scripted gh on PATH (test/fixtures/gh/gh: records its argv, answers in gh
 * 2.x's `--json` shapes, fails the ways gh fails): whether gh can be used, said and never raised; a
 * branch pushed (to a real bare origin) and its PR opened as a draft; its number and checks on the
 * card; a failing check sent to the agent as one prompt with its log tail; stale figures when gh is
 * rate limited or unreachable; the PR list, and a PR checked out as a worktree session on its branch.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { ProcedureName, SessionGit, SuccessOf } from "@lich/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, type Backend, type Events, post, root, waitForRecord, watchEvents } from "./harness.js"
import { git, makeRepo, type Repo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let repo: Repo
let events: Events
let ghDir: string

const setGh = (patch: Record<string, unknown>) => {
  const file = path.join(ghDir, "state.json")
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), ...patch }))
}
const ghCalls = (): Array<Array<string>> =>
  fs
    .readFileSync(path.join(ghDir, "argv.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l))

beforeAll(async () => {
  ghDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "lich-gh-"))
  fs.writeFileSync(path.join(ghDir, "argv.jsonl"), "")
  fs.writeFileSync(path.join(ghDir, "state.json"), JSON.stringify({ mode: "ok", prs: [], logs: {} }))
  b = await startBackendWith({
    PATH: `${path.join(root, "test", "fixtures", "gh")}:${process.env.PATH}`,
    FAKE_GH_DIR: ghDir,
    FAKE_HOOKS: "1"
  })
  repo = makeRepo(b, "pulls")
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
  fs.rmSync(ghDir, { recursive: true, force: true })
})

const call = (method: string, body: unknown) => post(b, `/rpc/git.${method}`, body)
/** A session's git card as the session-git event carries it. */
type Git = typeof SessionGit.Encoded

/** A git procedure's name; `ok` answers what it returns, as the contract encodes it. */
type GitMethod = { [K in ProcedureName]: K extends `git.${infer M}` ? M : never }[ProcedureName]
const ok = async <M extends GitMethod>(method: M, body: unknown) => {
  const r = await call(method, body)
  expect(r.status, r.text).toBe(200)
  return r.json() as SuccessOf<`git.${M}`>
}

describe("gh", () => {
  let s: { id: string; path: string; projectId: string }

  it("says whether it can open pull requests, as data and never as an error", async () => {
    expect(await ok("Gh", {})).toMatchObject({ installed: true, loggedIn: true, detail: "github.com as lich-test", read: { source: "gh" } })
    setGh({ mode: "logged-out" })
    const out = await ok("Gh", {})
    expect(out).toMatchObject({ installed: true, loggedIn: false })
    expect(out.detail).toBe(
      "gh is not logged in (run gh auth login): You are not logged into any GitHub hosts. To log in, run: gh auth login"
    )
    setGh({ mode: "ok" })
  })

  it("pushes the branch and opens a draft PR titled from its commits; the card shows its number and checks", async () => {
    s = JSON.parse((await b.lich(["open", "--project", repo.dir, "--json", "--worktree", "pr-a", "--base", "main"])).stdout)
    fs.writeFileSync(path.join(s.path, "pr.txt"), "for review\n")
    git(s.path, ["add", "pr.txt"])
    git(s.path, ["commit", "-q", "-m", "Add pr.txt", "-m", "So that it can be reviewed."])
    expect(await ok("PrDraft", { id: s.id })).toMatchObject({
      branch: "pr-a",
      base: "main",
      title: "Add pr.txt",
      body: "So that it can be reviewed."
    })
    setGh({
      newChecks: [
        { name: "build", state: "SUCCESS", link: "https://github.com/lich/test/actions/runs/11/job/22" },
        { name: "unit tests", state: "FAILURE", link: "https://github.com/lich/test/actions/runs/11/job/33" }
      ],
      logs: { "33": "setup\nrunning 12 tests\nFAIL adds.test.ts\nError: expected 2 to be 3\n" }
    })
    const pr = await ok("OpenPr", { id: s.id, title: "", body: "", draft: true })
    expect(pr).toMatchObject({ number: 1, state: "OPEN", draft: true, reviewDecision: "REVIEW_REQUIRED", checks: { passed: 1, failed: 1 } })
    expect(pr.checks.checks[0]).toMatchObject({ name: "unit tests", bucket: "fail" })
    expect(git(repo.origin, ["rev-parse", "refs/heads/pr-a"])).toBe(git(s.path, ["rev-parse", "HEAD"]))
    expect(ghCalls()).toContainEqual([
      "pr",
      "create",
      "--title",
      "Add pr.txt",
      "--body",
      "So that it can be reviewed.",
      "--base",
      "main",
      "--head",
      "pr-a",
      "--draft"
    ])
    const card = await events.until((e) => e._tag === "session-git" && (e.git as Git).id === s.id && (e.git as Git).pr?.number === 1)
    expect((card.git as Git).pr?.checks).toMatchObject({ passed: 1, failed: 1, read: { source: "gh", stale: false } })
  })

  it("sends the failing checks to the agent as one prompt with their names and log tails", async () => {
    const handed = await ok("SendChecks", { id: s.id })
    expect(handed.ticket).toMatch(/^[0-9a-f]{8}$/)
    const got = await waitForRecord<AgentEvent>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.messages.jsonl`), (e) => e.event === "submit")
    expect(got.text).toContain("Pull request #1 has 1 failing check.")
    expect(got.text).toContain("1. unit tests (FAILURE) https://github.com/lich/test/actions/runs/11/job/33")
    expect(got.text).toContain("FAIL adds.test.ts\nError: expected 2 to be 3")
    expect(got.text).not.toContain("build (SUCCESS)")
    expect(ghCalls()).toContainEqual(["run", "view", "--job", "33", "--log-failed"])
  })

  it("keeps the last figures, marked stale, when gh is rate limited or unreachable", async () => {
    for (const [mode, line] of [
      ["rate-limited", "GraphQL: API rate limit exceeded for user ID 1."],
      ["network", "error connecting to api.github.com"]
    ] as const) {
      setGh({ mode })
      await ok("Refresh", { id: s.id })
      const e = await events.until((e) => e._tag === "session-git" && (e.git as Git).id === s.id && (e.git as Git).pr?.read.error === line)
      expect((e.git as Git).pr).toMatchObject({ number: 1, read: { stale: true, error: line } })
    }
    setGh({ mode: "no-remote" })
    const r = await call("PrList", { project: s.projectId })
    expect(r.json().error).toBe("gh: no git remotes found")
    setGh({ mode: "ok" })
  })

  it("lists the project's PRs and checks one out as a worktree session on its branch", async () => {
    // PR #7's head exists only on the origin, under refs/pull/7/head, as GitHub keeps it.
    git(repo.dir, ["checkout", "-q", "-b", "tmp-pr"])
    fs.writeFileSync(path.join(repo.dir, "contrib.txt"), "from a contributor\n")
    git(repo.dir, ["add", "contrib.txt"])
    git(repo.dir, ["commit", "-q", "-m", "contribution"])
    const head = git(repo.dir, ["rev-parse", "HEAD"])
    git(repo.dir, ["push", "-q", "origin", "HEAD:refs/pull/7/head"])
    git(repo.dir, ["checkout", "-q", "main"])
    git(repo.dir, ["branch", "-q", "-D", "tmp-pr"])
    const state = JSON.parse(fs.readFileSync(path.join(ghDir, "state.json"), "utf8"))
    setGh({
      prs: [
        ...state.prs,
        {
          number: 7,
          title: "A contribution",
          state: "OPEN",
          headRefName: "contrib",
          isDraft: false,
          url: "u7",
          author: { login: "ann" },
          checks: []
        }
      ]
    })
    const list = (await ok("PrList", { project: s.projectId })) as unknown as Array<Record<string, unknown>>
    expect(list.map((p) => [p.number, p.headRefName, p.author])).toEqual([
      [1, "pr-a", "lich-test"],
      [7, "contrib", "ann"]
    ])
    const opened = await ok("CheckoutPr", { project: s.projectId, number: 7, kind: "claude" })
    expect(opened.session.label).toBe("contrib")
    expect(git(opened.worktree, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("contrib")
    expect(git(opened.worktree, ["rev-parse", "HEAD"])).toBe(head)
  })
})
