/**
 * Landing from the dock through the page only, on real git repositories with fake agents and a
 * scripted gh on PATH (test/fixtures/gh/gh): base standing ↓1 when the base gets a commit, a conflict
 * mark when it would conflict; a conflicting rebase aborted with its files listed and handed to the
 * agent; a rebase and a merge into the base, each confirmed, then the close dialog; a refusal said in
 * one line; a pull request opened with its number and checks on the card, its failing check sent to
 * the agent as one prompt; a PR from the project's list opened as a worktree session on its branch;
 * gh logged out said on the card's menu. Screenshots at 1400×900 and 900×700.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, root, waitForRecord } from "../harness.js"
import { git, makeRepo, type Repo } from "../workspaceHarness.js"
import { agentEvents, agentLog, edit, openDock, shell, startDockBackend } from "./dockHarness.js"
import { cardNamed, launchBrowser, openWindow, shots } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let repo: Repo
let ghDir: string
const ids: Record<string, string> = {}
const dirs: Record<string, string> = {}

const setGh = (patch: Record<string, unknown>) => {
  const file = path.join(ghDir, "state.json")
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), ...patch }))
}
const land = (act: string) => page.locator(`lich-dock button[data-act=${act}]`)
const note = () => page.locator("lich-dock .land-note")
const standing = (label: string) => cardNamed(page, label).locator("[data-fig=standing]")

/** A worktree session of the fake Claude Code, shown, whose agent commits `file` on its branch. */
const session = async (branch: string, file: string, lines: ReadonlyArray<string>) => {
  const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", branch, "--kind", "claude"])
  expect(r.stderr).toBe("")
  const opened = JSON.parse(r.stdout) as { id: string; path: string }
  ids[branch] = opened.id
  dirs[branch] = opened.path
  await cardNamed(page, branch).click()
  await edit(page, file, lines)
  await shell(page, `git add -A && git commit -qm 'Add ${file}'`)
  await standing(branch).filter({ hasText: /↑1/ }).waitFor()
}

/** A commit on main in the project's own checkout, as a person makes one in a terminal. */
const onMain = (file: string, text: string) => {
  fs.writeFileSync(path.join(repo.dir, file), text)
  git(repo.dir, ["add", file])
  git(repo.dir, ["commit", "-q", "-m", `main writes ${file}`])
}

beforeAll(async () => {
  ghDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "lich-gh-"))
  fs.writeFileSync(path.join(ghDir, "argv.jsonl"), "")
  fs.writeFileSync(path.join(ghDir, "state.json"), JSON.stringify({ mode: "ok", prs: [], logs: {} }))
  ;[b, browser] = await Promise.all([
    startDockBackend({ PATH: `${path.join(root, "test", "fixtures", "gh")}:${process.env.PATH}`, FAKE_GH_DIR: ghDir }),
    launchBrowser()
  ])
  repo = makeRepo(b, "landing")
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
  fs.rmSync(ghDir, { recursive: true, force: true })
})

describe("landing from the dock", () => {
  it("shows ↓1 when the base gets a commit, and a conflict mark when merging would conflict", async () => {
    await session("land-a", "a.ts", ["export const a = 1"])
    onMain("notes.txt", "unrelated\n")
    await standing("land-a")
      .filter({ hasText: /^↓1 ↑1$/ })
      .waitFor()
    expect(await standing("land-a").getAttribute("title")).toContain("1 commit ahead of main, 1 commit behind")
    onMain("a.ts", "export const a = 'main'\n")
    await standing("land-a").filter({ hasText: "conflict" }).waitFor()
    expect(await standing("land-a").getAttribute("class")).toContain("bad")
    expect(await standing("land-a").getAttribute("title")).toContain("merging would conflict in a.ts")
  })

  it("refuses a rebase over uncommitted work in one line, and aborts a conflicting one listing its files, handed to the agent in one click", async () => {
    await openDock(page)
    await edit(page, "scratch.txt", ["not yet"])
    await land("rebase").click()
    await page.locator("lich-dock .confirm[data-confirm=rebase]", { hasText: "Rebase land-a onto main" }).waitFor()
    await shots(page, "land-00-confirm-rebase-light")
    await land("confirm").click()
    await note().filter({ hasText: "has uncommitted work (1 file)" }).waitFor()
    await shots(page, "land-00-refused-light")
    await shell(page, "rm scratch.txt")
    await land("rebase").click()
    await land("confirm").click()
    await note().filter({ hasText: "would conflict, so it was aborted" }).locator("code", { hasText: "a.ts" }).waitFor()
    // Nothing half-done: no rebase in progress, the checkout clean, the branch where it was.
    const dir = dirs["land-a"]!
    expect(fs.existsSync(git(dir, ["rev-parse", "--path-format=absolute", "--git-path", "rebase-merge"]))).toBe(false)
    expect(git(dir, ["status", "--porcelain"])).toBe("")
    expect(git(dir, ["rev-list", "--count", "main..HEAD"])).toBe("1")
    await shots(page, "land-01-conflict-light")
    await land("hand-conflicts").click()
    await note().filter({ hasText: "handed to “land-a”" }).waitFor()
    const task = await waitForRecord<{ event: string; text?: string }>(
      agentLog(b, ids["land-a"]!),
      (e) => e.event === "submit" && (e.text ?? "").includes("rebase")
    )
    expect(task.text).toContain("a.ts")
  })

  it("rebases onto the base and merges into it, each confirmed, then offers the close dialog", async () => {
    await session("land-b", "b.ts", ["export const b = 1"])
    await openDock(page)
    onMain("other.txt", "moved on\n")
    await standing("land-b")
      .filter({ hasText: /^↓1 ↑1$/ })
      .waitFor()
    await land("rebase").click()
    await land("confirm").click()
    await note().filter({ hasText: "Rebased onto main" }).waitFor()
    await standing("land-b").filter({ hasText: /^↑1$/ }).waitFor()
    // The project squashes (Settings › Project), and the dock merges as the project is set.
    await page.keyboard.press("Control+,")
    await page.locator("lich-settings nav button[data-section=Project]").click()
    await page.locator("lich-settings select[name='git.merge']").selectOption("squash")
    await page.locator("lich-settings [data-saved='git.merge']").waitFor()
    await page.keyboard.press("Escape")
    await land("merge").click()
    await page.locator("lich-dock .confirm[data-confirm=merge]", { hasText: "Merge land-b into main (as the project is set)" }).waitFor()
    await shots(page, "land-02-confirm-merge-light")
    await land("confirm").click()
    await note().filter({ hasText: "Merged into main (squash)" }).waitFor()
    expect(git(repo.dir, ["log", "-1", "--format=%s", "main"])).toBe("Add b.ts")
    // Squashed: a commit of main's own with the branch's tree, not the branch's commit.
    expect(git(repo.dir, ["rev-parse", "main"])).not.toBe(git(repo.dir, ["rev-parse", "land-b"]))
    expect(git(repo.dir, ["rev-parse", "main^{tree}"])).toBe(git(repo.dir, ["rev-parse", "land-b^{tree}"]))
    // The base's own checkout followed: the merged file is there, nothing else moved.
    expect(fs.readFileSync(path.join(repo.dir, "b.ts"), "utf8")).toBe("export const b = 1\n")
    expect(git(repo.dir, ["status", "--porcelain"])).toBe("")
    await shots(page, "land-02-merged-light")
    await land("close-merged").click()
    await page.locator("lich-close-dialog").waitFor()
    await page.locator("lich-close-dialog button[data-answer=remove]").click()
    await cardNamed(page, "land-b").waitFor({ state: "detached" })
  })

  it("opens a pull request from the dock and shows its number and checks on the card", async () => {
    setGh({
      newChecks: [
        { name: "build", state: "SUCCESS", link: "https://github.com/lich/test/actions/runs/11/job/22" },
        { name: "unit tests", state: "FAILURE", link: "https://github.com/lich/test/actions/runs/11/job/33" }
      ],
      logs: { "33": "setup\nrunning 12 tests\nFAIL adds.test.ts\nError: expected 2 to be 3\n" }
    })
    await session("land-c", "c.ts", ["export const c = 1"])
    await openDock(page)
    await land("draft-pr").click()
    const title = page.locator("lich-dock .pr-form input[name=title]")
    await title.waitFor()
    expect(await title.inputValue()).toBe("Add c.ts")
    await title.fill("Add c, reviewed")
    await page.locator("lich-dock .pr-form input[name=draft]").uncheck()
    await land("open-pr").click()
    await note().filter({ hasText: "Pushed and opened pull request #1" }).waitFor()
    await cardNamed(page, "land-c").locator("[data-fig=pr]", { hasText: "#1" }).waitFor()
    await cardNamed(page, "land-c").locator("[data-fig=checks]", { hasText: "1✗" }).waitFor()
    expect(await cardNamed(page, "land-c").locator("[data-fig=pr]").getAttribute("title")).toContain("from gh, read at")
    await page.locator("lich-dock .check.fail[data-check='unit tests']").waitFor()
    await shots(page, "land-03-pr-light")
  })

  it("sends the failing check to the agent as one prompt", async () => {
    await land("send-checks").click()
    await note().filter({ hasText: "failing checks are with “land-c”" }).waitFor()
    const got = await waitForRecord<{ event: string; text?: string }>(
      agentLog(b, ids["land-c"]!),
      (e) => e.event === "submit" && (e.text ?? "").includes("failing check")
    )
    expect(got.text).toContain("1. unit tests (FAILURE)")
    expect(got.text).toContain("Error: expected 2 to be 3")
    expect(agentEvents(b, ids["land-c"]!).filter((e) => e.event === "submit" && (e.text ?? "").includes("failing check"))).toHaveLength(1)
  })

  it("opens a PR from the project's list as a worktree session on its branch", async () => {
    git(repo.dir, ["checkout", "-q", "-b", "tmp-pr"])
    fs.writeFileSync(path.join(repo.dir, "contrib.txt"), "from a contributor\n")
    git(repo.dir, ["add", "contrib.txt"])
    git(repo.dir, ["commit", "-q", "-m", "contribution"])
    git(repo.dir, ["push", "-q", "origin", "HEAD:refs/pull/7/head"])
    git(repo.dir, ["checkout", "-q", "main"])
    git(repo.dir, ["branch", "-q", "-D", "tmp-pr"])
    const state = JSON.parse(fs.readFileSync(path.join(ghDir, "state.json"), "utf8"))
    const contrib = {
      number: 7,
      title: "A contribution",
      state: "OPEN",
      headRefName: "contrib",
      isDraft: false,
      url: "u7",
      author: { login: "ann" },
      checks: []
    }
    setGh({ prs: [...state.prs, contrib] })
    await land("list-prs").click()
    const item = page.locator("lich-dock .pr-item[data-number='7']")
    await item.waitFor()
    await shots(page, "land-04-pr-list-light")
    await item.locator("button[data-act=checkout-pr]").click()
    await cardNamed(page, "contrib").waitFor()
    await page.locator("lich-dock .summary .branch", { hasText: "contrib" }).waitFor()
    const sessions = JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ label: string; path: string }>
    const wt = sessions.find((x) => x.label === "contrib")!
    expect(git(wt.path, ["rev-parse", "--abbrev-ref", "HEAD"])).toBe("contrib")
  })

  it("says on the card's menu when gh is logged out, never in an error dialog", async () => {
    setGh({ mode: "logged-out" })
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    // A right-click on the card opens its menu, as ⋯ does.
    await cardNamed(page, "land-c").locator(".card").click({ button: "right" })
    await cardNamed(page, "land-c").locator(".gh-note", { hasText: "gh is not logged in" }).waitFor()
    expect(await cardNamed(page, "land-c").locator(".menu button[data-item=open-pr]").count()).toBe(0)
    await shots(page, "land-05-gh-logged-out-light")
    await page.keyboard.press("Escape")
    setGh({ mode: "ok" })
  })
})
