/**
 * Review in the dock through the page only, on a real git repository with fake agents: a comment
 * left by clicking a line number and another by dragging down the numbers, on two files; both kept
 * through a reload and a backend restart; a comment on lines the agent then changes marked outdated;
 * "Send review" reaching the agent as exactly one prompt naming both places and quoting their lines,
 * with its answer shown beside the review; "Ask for a review" having a session of another kind answer
 * in `path:line:` form, its comments in the dock marked as the reviewer's, edited and dropped.
 */
import { spawn } from "node:child_process"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, lichBin, waitForOutput, waitForRecord } from "../harness.js"
import { makeRepo, type Repo } from "../workspaceHarness.js"
import { AUTHOR_ANSWER, agentEvents, agentLog, edit, fileRow, lineNumber, openDock, shell, startDockBackend, theme } from "./dockHarness.js"
import { cardNamed, launchBrowser, openWindow, shots } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let repo: Repo
let author = ""
let second: ReturnType<typeof spawn> | undefined

const comment = (text: string) => page.locator("lich-dock .comment", { has: page.locator(".text", { hasText: text }) })

/** Writes `text` in the diff's comment form and saves it. */
const write = async (text: string) => {
  const form = page.locator("lich-diff .note.form")
  await form.locator("textarea").fill(text)
  await form.locator("button[data-act=save]").click()
  await comment(text).waitFor()
}

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startDockBackend(), launchBrowser()])
  repo = makeRepo(b, "reviewed")
  const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", "rev-a", "--kind", "claude"])
  author = (JSON.parse(r.stdout) as { id: string }).id
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  await browser?.close()
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await b?.stop()
})

describe("review in the dock", () => {
  it("keeps a comment on a clicked line and one on a dragged range, on two files", async () => {
    await cardNamed(page, "rev-a").click()
    await edit(page, "a.ts", ["const x = 1", "const y = 2", "export { x, y }"])
    await shell(page, "git add a.ts && git commit -qm a")
    await edit(page, "README.md", ["# reviewed", "more words", "and more"])
    await openDock(page)
    await fileRow(page, "a.ts", "committed").click()
    await lineNumber(page, "new", 2).click()
    await page.locator("lich-diff .note.form .where", { hasText: "Comment on line 2" }).waitFor()
    await write("why two?")
    await page.locator("lich-diff .note[data-comment] .text", { hasText: "why two?" }).waitFor()
    await fileRow(page, "README.md", "uncommitted").click()
    const from = await lineNumber(page, "new", 1).boundingBox()
    const to = await lineNumber(page, "new", 2).boundingBox()
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2)
    await page.mouse.down()
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 4 })
    await page.mouse.up()
    await page.locator("lich-diff .note.form .where", { hasText: "Comment on lines 1–2" }).waitFor()
    await write("say more")
    expect(await comment("say more").locator(".where").textContent()).toBe("README.md:1–2")
    expect(await comment("why two?").locator(".where").textContent()).toBe("a.ts:2")
    await shots(page, "review-01-comments-light")
  })

  it("keeps them through a reload", async () => {
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    await openDock(page)
    await comment("why two?").waitFor()
    await comment("say more").waitFor()
  })

  it("keeps them through a backend restart", async () => {
    expect((await b.lich(["quit"])).code).toBe(0)
    second = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    await page.close()
    page = await openWindow(browser, b, { width: 1400, height: 900 })
    page.setDefaultTimeout(20_000)
    await cardNamed(page, "rev-a").click()
    await openDock(page)
    await comment("why two?").waitFor()
    await comment("say more").waitFor()
  })

  it("marks a comment outdated once the agent changes its lines, and keeps it", async () => {
    await fileRow(page, "README.md", "uncommitted").click()
    await lineNumber(page, "new", 3).click()
    await write("drop this line?")
    await edit(page, "README.md", ["# reviewed", "more words", "and then some"])
    await comment("drop this line?").locator(".badge.outdated").waitFor()
    expect(await comment("say more").locator(".badge.outdated").count()).toBe(0)
    await comment("drop this line?").click()
    await page.locator("lich-diff .note[data-comment]", { hasText: "drop this line?" }).locator("button[data-act=drop]").click()
    await comment("drop this line?").waitFor({ state: "detached" })
  })

  it("sends both to the agent as exactly one prompt naming both places and quoting them, and shows the answer", async () => {
    await page.locator("lich-dock button[data-act=send-review]", { hasText: "Send review (2)" }).click()
    const sent = await waitForRecord<{ event: string; text?: string }>(
      agentLog(b, author),
      (e) => e.event === "submit" && (e.text ?? "").includes("Review of your changes")
    )
    expect(sent.text).toContain("a.ts:2 (committed)\n   > const y = 2\n   why two?")
    expect(sent.text).toContain("README.md:1-2\n   > # reviewed\n   > more words\n   say more")
    const reviews = () => agentEvents(b, author).filter((e) => e.event === "submit" && (e.text ?? "").includes("Review of your changes"))
    expect(reviews()).toHaveLength(1)
    const round = page.locator("lich-dock .round[data-kind=sent]")
    await round.locator(".answer", { hasText: AUTHOR_ANSWER }).waitFor()
    // Still one once the errand has ended: nothing was sent again, and no comment went separately.
    expect(reviews()).toHaveLength(1)
    expect(agentEvents(b, author).filter((e) => e.event === "submit" && (e.text ?? "").includes("say more"))).toHaveLength(1)
    expect(await round.locator(".status").textContent()).toBe("answered")
    expect(await page.locator("lich-dock .comment").count()).toBe(0)
    await shots(page, "review-02-sent-light")
  })

  it("asks a session of another kind for a review and shows its path:line answer as its comments", async () => {
    await page.locator("lich-dock button[data-act=ask-review]").click()
    const round = page.locator("lich-dock .round[data-kind=asked]")
    await round.locator(".answer.summary", { hasText: "fine otherwise" }).waitFor()
    const theirs = page.locator("lich-dock .comment.reviewer")
    await theirs.first().waitFor()
    expect(await theirs.locator(".where").allTextContents()).toEqual(["a.ts:2", "README.md:2"])
    expect(await theirs.locator(".text").allTextContents()).toEqual(["name this better", "say why"])
    const reviewer = await theirs.first().locator(".who").textContent()
    await cardNamed(page, reviewer!).waitFor()
    await fileRow(page, "a.ts", "committed").click()
    await page.locator("lich-diff .note.reviewer .text", { hasText: "name this better" }).waitFor()
    await shots(page, "review-03-reviewer-light")
  })

  it("lets the person edit and drop the reviewer's comments before sending them on", async () => {
    const id = await page.locator("lich-diff .note.reviewer", { hasText: "name this better" }).getAttribute("data-comment")
    const note = page.locator(`lich-diff .note[data-comment="${id}"]`)
    await note.locator("button[data-act=edit]").click()
    await note.locator("textarea").fill("name this better: y is the total")
    await note.locator("button[data-act=save]").click()
    await comment("name this better: y is the total").waitFor()
    await comment("say why").click()
    await page.locator("lich-diff .note.reviewer", { hasText: "say why" }).locator("button[data-act=drop]").click()
    await comment("say why").waitFor({ state: "detached" })
    await page.locator("lich-dock button[data-act=send-review]", { hasText: "Send review (1)" }).waitFor()
    await theme(b, page, "dark")
    await fileRow(page, "a.ts", "committed").click()
    await shots(page, "review-04-reviewer-dark")
    await theme(b, page, "light")
  })
})
