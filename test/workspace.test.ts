/**
 * Worktree sessions over real git: a bare origin, a remote-only branch, a local one. open creates,
 * reuses and resumes checkouts; close keeps or removes them; worktrees lists them. The fake agent
 * records how each session was started; the terminal socket shows what the PTY printed, in order.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, type Backend, waitForJson } from "./harness.js"
import { attachTerminal, git, makeRepo, postHook, type Repo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let repo: Repo

const SETUP = `echo "SETUP-RAN-$((40+2)) in $(basename "$PWD")"\ntest -f .env && echo "SETUP-SAW-ENV"\n`

beforeAll(async () => {
  b = await startBackendWith({})
  repo = makeRepo(b, "shop", { setup: SETUP })
})
afterAll(async () => {
  await b?.stop()
})

/** What `open --json` prints, as far as these tests read it by name. */
type Opened = { readonly id: string; readonly projectId: string; readonly path: string } & Record<string, unknown>

const openJson = async (args: ReadonlyArray<string>) => {
  const r = await b.lich(["open", "--project", repo.dir, "--json", ...args])
  expect(r.stderr).toBe("")
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout) as Opened
}
const record = (id: string) => waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`))
const branches = () => git(repo.dir, ["branch", "--list", "--format=%(refname:short)"]).split("\n")

describe("open --worktree", () => {
  let featA: Opened
  let featR: Opened

  it("cuts a new branch off the project's current branch, labelled after it, with .env seeded and build.log not", async () => {
    featA = await openJson(["--worktree", "feat-a", "--model", "opus-birth"])
    const projectId = featA.projectId
    const checkout = path.join(b.env.XDG_DATA_HOME!, "lich", "worktrees", projectId, "feat-a")
    expect(featA).toMatchObject({ label: "feat-a", path: checkout, project: "shop", confined: false })
    expect(git(checkout, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("feat-a")
    expect(git(checkout, ["rev-parse", "HEAD"])).toBe(git(repo.dir, ["rev-parse", "main"]))
    expect(fs.readFileSync(path.join(checkout, ".env"), "utf8")).toBe("SECRET=from-the-project\n")
    expect(fs.existsSync(path.join(checkout, "build.log"))).toBe(false)
    const started = await record(featA.id)
    expect(started.cwd).toBe(checkout)
    expect(started.argv).toContain("opus-birth")
  })

  it("prints the worktree in its prose", async () => {
    const r = await b.lich(["open", "--project", repo.dir, "--worktree", "feat-prose"])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^Opened session "feat-prose" \(claude\) in project "shop", in worktree \/.*\/worktrees\/[0-9a-f]{12}\/feat-prose\.\n/
    )
  })

  it("runs the setup script in the session's terminal, ending with the marker, before the provider starts", async () => {
    const term = await attachTerminal(b, featA.id)
    const seen = await term.waitFor(/fake agent \d+ args/)
    term.close()
    const setup = seen.indexOf("SETUP-RAN-42 in feat-a")
    const marker = seen.indexOf("\x1b]6969;lich-setup-done\x07")
    const agent = seen.indexOf("fake agent")
    expect(setup).toBeGreaterThanOrEqual(0)
    expect(seen).toContain("SETUP-SAW-ENV")
    expect(marker).toBeGreaterThan(setup)
    expect(agent).toBeGreaterThan(marker)
  })

  it("says so in the terminal when the setup script fails, and starts the provider anyway", async () => {
    const broken = makeRepo(b, "broken", { setup: "echo trying-setup\nexit 3\n" })
    const r = await b.lich(["open", "--project", broken.dir, "--worktree", "feat-broken", "--json"])
    expect(r.code).toBe(0)
    const term = await attachTerminal(b, JSON.parse(r.stdout).id)
    const seen = await term.waitFor(/fake agent \d+ args/)
    term.close()
    const failed = seen.indexOf("[lich] worktree setup failed (exit 3)")
    expect(failed).toBeGreaterThan(seen.indexOf("trying-setup"))
    expect(seen.indexOf("fake agent")).toBeGreaterThan(failed)
  })

  it("starts a new branch off a remote base: fetched, and tracked", async () => {
    featR = await openJson(["--worktree", "feat-r", "--base", "origin/remote-feature"])
    expect(fs.readFileSync(path.join(featR.path, "remote.txt"), "utf8")).toBe("from origin\n")
    expect(git(repo.dir, ["rev-parse", "--abbrev-ref", "feat-r@{upstream}"])).toBe("origin/remote-feature")
  })

  it("checks an existing branch out as it stands, ignoring --base", async () => {
    const s = await openJson(["--worktree", "existing", "--base", "origin/remote-feature"])
    expect(s.label).toBe("existing")
    expect(git(s.path, ["rev-parse", "HEAD"])).toBe(git(repo.dir, ["rev-parse", "existing"]))
    expect(fs.existsSync(path.join(s.path, "remote.txt"))).toBe(false)
    expect(fs.existsSync(path.join(s.path, "existing.txt"))).toBe(true)
  })

  it("hands each checkout its own LICH_WORKTREE_PORT", async () => {
    const a = Number((await record(featA.id)).env.LICH_WORKTREE_PORT)
    const r = Number((await record(featR.id)).env.LICH_WORKTREE_PORT)
    expect(a).toBeGreaterThanOrEqual(24000)
    expect(r).toBeGreaterThanOrEqual(24000)
    expect(a).not.toBe(r)
  })

  it("refuses a base that is no branch — a typo, a revision — and leaves nothing behind", async () => {
    for (const base of ["nope", "HEAD~0", git(repo.dir, ["rev-parse", "main"])]) {
      const r = await b.lich(["open", "--project", repo.dir, "--worktree", "feat-bad", "--base", base])
      expect(r.code).toBe(1)
      expect(r.stderr).toBe(
        `lich: no branch named "${base}" in shop — --base takes a local branch, a remote one (origin/…) or one a worktree holds\n`
      )
    }
    expect(branches()).not.toContain("feat-bad")
    expect(fs.existsSync(path.join(b.env.XDG_DATA_HOME!, "lich", "worktrees", featA.projectId, "feat-bad"))).toBe(false)
    const labels = JSON.parse((await b.lich(["sessions", "--json"])).stdout).map((p: { label: string }) => p.label)
    expect(labels).not.toContain("feat-bad")
  })

  it("refuses a branch checked out elsewhere with git's own words, and a name git would not take", async () => {
    const elsewhere = await b.lich(["open", "--project", repo.dir, "--worktree", "main"])
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.stderr).toMatch(/^lich: fatal: 'main' is already checked out at '.*shop'\n$/)
    expect(fs.existsSync(path.join(b.env.XDG_DATA_HOME!, "lich", "worktrees", featA.projectId, "main"))).toBe(false)
    const bad = await b.lich(["open", "--project", repo.dir, "--worktree", "bad..name"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toBe(`lich: "bad..name" is not a valid branch name\n`)
  })

  it("lists the checkouts with their state and sessions, never the project root", async () => {
    fs.writeFileSync(path.join(featR.path, "scratch.txt"), "uncommitted\n")
    const prose = await b.lich(["worktrees", "--project", "shop"])
    expect(prose.code).toBe(0)
    const lines = prose.stdout.trimEnd().split("\n")
    expect(lines[0]).toBe("worktree\tstate\tsessions")
    expect(lines).toContain("feat-a\tclean\tfeat-a")
    expect(lines).toContain("feat-r\tuncommitted\tfeat-r")
    expect(lines.some((l) => l.startsWith("main\t"))).toBe(false)
    const json = JSON.parse((await b.lich(["worktrees", "--project", repo.dir, "--json"])).stdout)
    expect(json).toContainEqual({ name: "feat-r", path: featR.path, dirty: true, sessions: ["feat-r"] })
  })

  it("says so when a project has no worktrees", async () => {
    const plain = b.project("plain")
    git(plain, ["init", "-q", "-b", "main"])
    expect((await b.lich(["open", "--project", plain])).code).toBe(0)
    expect((await b.lich(["worktrees", "--project", "plain"])).stdout).toBe("No worktrees.\n")
    expect((await b.lich(["worktrees", "--project", "plain", "--json"])).stdout).toBe("[]\n")
  })

  it("asks what happens to a checkout's last session, keeps it parked, and resumes the same row on reopen", async () => {
    const bare = await b.lich(["close", "feat-a"])
    expect(bare.code).toBe(1)
    expect(bare.stderr).toContain("--worktree keep")
    expect(bare.stderr).toContain("--worktree remove")
    // The provider's session-start hook reports its conversation: what a resume picks up.
    const started = await postHook(b, "/session-start", { session_id: featA.id, provider_session_id: "conv-1234", provider: "claude" })
    expect(started).toBe(204)
    const kept = await b.lich(["close", "--worktree", "keep", "--json", "feat-a"])
    expect(JSON.parse(kept.stdout)).toEqual({
      id: featA.id,
      projectId: featA.projectId,
      project: "shop",
      label: "feat-a",
      worktree: featA.path,
      kept: true,
      removed: false
    })
    expect(fs.existsSync(featA.path)).toBe(true)
    fs.rmSync(path.join(b.env.FAKE_AGENT_LOG!, `${featA.id}.json`))
    const again = await b.lich(["open", "--project", repo.dir, "--worktree", "feat-a"])
    expect(again.code).toBe(0)
    expect(again.stdout).toContain("It resumes the session parked on that worktree")
    const back = JSON.parse((await b.lich(["sessions", "--json"])).stdout).find((p: { id: string }) => p.id === featA.id)
    expect(back).toMatchObject({ label: "feat-a", path: featA.path })
    const argv = (await record(featA.id)).argv
    expect(argv.slice(argv.indexOf("--resume"), argv.indexOf("--resume") + 2)).toEqual(["--resume", "conv-1234"])
    expect(argv).not.toContain("opus-birth")
    expect(argv).not.toContain("--name")
  })

  it("refuses to remove a checkout holding uncommitted work, and removes it with --force", async () => {
    const refused = await b.lich(["close", "--worktree", "remove", "feat-r"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toBe(
      `lich: worktree ${featR.path} has uncommitted work — commit it (or stash it), or pass --force to discard it with the checkout\n`
    )
    expect(fs.existsSync(path.join(featR.path, "scratch.txt"))).toBe(true)
    const removed = await b.lich(["close", "--worktree", "remove", "--force", "feat-r"])
    expect(removed).toMatchObject({ code: 0, stdout: `Closed "feat-r" and removed its worktree ${featR.path}.\n` })
    expect(fs.existsSync(featR.path)).toBe(false)
    expect(branches()).toContain("feat-r")
    const listed = JSON.parse((await b.lich(["worktrees", "--project", "shop", "--json"])).stdout)
    expect(listed.map((c: { name: string }) => c.name)).not.toContain("feat-r")
    // The row went with it: opening the branch again is a new session, not a resume.
    const fresh = await openJson(["--worktree", "feat-r"])
    expect(fresh.id).not.toBe(featR.id)
  })

  it("refuses --worktree on a session that shares its checkout or runs in the project directory", async () => {
    const r = await b.lich(["close", "--worktree", "keep", "Session 1", "--project", "plain"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("close it without the flag")
  })
})
