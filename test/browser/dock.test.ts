/**
 * The diff dock through the page only, on a real git repository with fake agents that edit files:
 * the dock lists a worktree session's committed and uncommitted changes with the right counts; a
 * file's diff renders unified and split, and whole; a commit made in the session's terminal moves a
 * file from uncommitted to committed with no reload; two sessions changing one file both show the
 * overlap, and one click tells the other. Screenshots at 1400×900 and 900×700, light and dark.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Backend } from "../harness.js"
import { waitForRecord } from "../harness.js"
import { makeRepo, type Repo } from "../workspaceHarness.js"
import { agentLog, edit, fileRow, lineNumber, openDock, shell, startDockBackend, theme } from "./dockHarness.js"
import { cardNamed, launchBrowser, openWindow, shots } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let repo: Repo
const ids: Record<string, string> = {}

const open = async (branch: string) => {
  const r = await b.lich(["open", "--project", repo.dir, "--json", "--worktree", branch, "--kind", "claude"])
  expect(r.stderr).toBe("")
  ids[branch] = (JSON.parse(r.stdout) as { id: string }).id
  await cardNamed(page, branch).waitFor()
}

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startDockBackend(), launchBrowser()])
  repo = makeRepo(b, "dockyard")
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  page.setDefaultTimeout(20_000)
  await open("feat-a")
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("the diff dock", () => {
  it("lists a worktree session's committed and uncommitted changes with the right counts", async () => {
    await cardNamed(page, "feat-a").click()
    await edit(page, "a.ts", ["const x = 1", "const y = 2", "export { x, y }"])
    await shell(page, "git add a.ts && git commit -qm 'a'")
    await edit(page, "README.md", ["# dockyard", "more words"])
    await edit(page, "notes/b.md", ["one"])
    await openDock(page)
    await fileRow(page, "a.ts", "committed")
      .locator(".counts", { hasText: /^\+3 −0$/ })
      .waitFor()
    await fileRow(page, "README.md", "uncommitted")
      .locator(".counts", { hasText: /^\+1 −0$/ })
      .waitFor()
    expect(await fileRow(page, "b.md", "uncommitted").locator(".st").textContent()).toBe("U")
    expect(await fileRow(page, "README.md", "uncommitted").locator(".st").textContent()).toBe("M")
    // The card and the dock read one source: its +/− is the sum of both lists.
    expect(await cardNamed(page, "feat-a").locator("[data-fig=diff]").textContent()).toBe("+5 −0")
    expect(await cardNamed(page, "feat-a").locator("[data-fig=standing]").textContent()).toBe("↑1")
    expect(await cardNamed(page, "feat-a").locator("[data-fig=diff]").getAttribute("title")).toMatch(/from git, read at \d\d:\d\d:\d\d/)
    await shots(page, "dock-01-files-light")
  })

  it("renders a file's diff unified and split, folded or whole", async () => {
    await fileRow(page, "README.md", "uncommitted").click()
    const diff = page.locator("lich-diff")
    await diff.locator(".cm-editor[data-side=new] .cm-line", { hasText: "more words" }).waitFor()
    // Unified: the session's text, its added line marked.
    expect(await diff.locator(".cm-editor[data-side=new] .cm-changedLine").count()).toBeGreaterThan(0)
    await page.locator("lich-dock .seg button[data-mode=split]").click()
    await diff.locator(".cm-mergeView .cm-editor[data-side=old] .cm-line", { hasText: "# dockyard" }).waitFor()
    await diff.locator(".cm-mergeView .cm-editor[data-side=new] .cm-line", { hasText: "more words" }).waitFor()
    // Numbered as git counts: a file's final newline opens no empty line past its end.
    expect([await lineNumber(page, "old", 2).count(), await lineNumber(page, "new", 3).count()]).toEqual([0, 0])
    await shots(page, "dock-02-split-light")
    await page.locator("lich-dock .seg button[data-mode=unified]").click()
    await diff.locator(".cm-editor[data-side=new]").waitFor()
    expect(await diff.locator(".cm-mergeView").count()).toBe(0)
    await fileRow(page, "a.ts", "committed").click()
    // An added file is one editor, its lines numbered from 1.
    await lineNumber(page, "new", 3).waitFor()
    expect(await lineNumber(page, "new", 4).count()).toBe(0)
    expect(await diff.locator(".cm-editor.lich-only-new .cm-line", { hasText: "export { x, y }" }).count()).toBe(1)
    // Syntax-highlighted: the TypeScript grammar loads and colours the keyword.
    await diff
      .locator(".cm-line span", { hasText: /^const$/ })
      .first()
      .waitFor()
  })

  it("folds unchanged lines of a long file unless the whole file is asked for", async () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`)
    await shell(page, `seq -f 'line %g' 1 40 > long.txt && git add long.txt && git commit -qm long`)
    await edit(
      page,
      "long.txt",
      long.map((l, i) => (i === 19 ? "line twenty" : l))
    )
    await fileRow(page, "long.txt", "uncommitted").click()
    const diff = page.locator("lich-diff")
    await diff.locator(".cm-line", { hasText: "line twenty" }).waitFor()
    expect(await diff.locator(".cm-collapsedLines").count()).toBe(2)
    await page.locator("lich-dock input[name=whole]").check()
    await diff.locator(".cm-line", { hasText: /^line 1$/ }).waitFor()
    expect(await diff.locator(".cm-collapsedLines").count()).toBe(0)
    await page.locator("lich-dock input[name=whole]").uncheck()
  })

  it("moves a file from uncommitted to committed when a commit is made in the session's terminal, with no reload", async () => {
    await fileRow(page, "README.md", "uncommitted").waitFor()
    await shell(page, "git add README.md && git commit -qm readme")
    await fileRow(page, "README.md", "committed").waitFor()
    expect(await fileRow(page, "README.md", "uncommitted").count()).toBe(0)
    await cardNamed(page, "feat-a").locator("[data-fig=standing]", { hasText: /^↑3$/ }).waitFor()
  })

  it("shows a long file's few changed lines as changes there, not the whole file rewritten", async () => {
    // 3,000 lines, one changed in every hundred: past @codemirror/merge's own scan limit, whose diff
    // made this one change over the whole file (every line drawn removed and added again).
    await shell(page, "seq -f 'export const line%g = 1' 1 3000 > big.ts && git add big.ts && git commit -qm big")
    await shell(page, "sed -i 's/^export const line\\(.*\\)00 = 1$/changed \\1/' big.ts")
    // No agent hook told of that edit: the card's menu reads the checkout again.
    await cardNamed(page, "feat-a").locator(".card").click({ button: "right" })
    await cardNamed(page, "feat-a").locator(".menu button[data-item=refresh]").click()
    await fileRow(page, "big.ts", "uncommitted")
      .locator(".counts", { hasText: /^\+30 −30$/ })
      .waitFor()
    await fileRow(page, "big.ts", "uncommitted").click()
    const diff = page.locator("lich-diff")
    await diff.locator(".cm-line", { hasText: /^changed 1$/ }).waitFor()
    expect(await diff.locator(".cm-collapsedLines").first().textContent()).toMatch(/^96 unchanged lines/)
    expect(await diff.locator(".cm-changedLine", { hasText: "line1 = 1" }).count()).toBe(0)
    await page.locator("lich-dock button[aria-label='close diff']").click()
  })

  it("shows two sessions editing one file on both cards, and tells the other in one click", async () => {
    await open("feat-b")
    await cardNamed(page, "feat-b").click()
    await edit(page, "a.ts", ["const x = 'b'"])
    await cardNamed(page, "feat-a").locator("[data-fig=overlap]").waitFor()
    await cardNamed(page, "feat-b").locator("[data-fig=overlap]").waitFor()
    expect(await cardNamed(page, "feat-a").locator("[data-fig=overlap]").getAttribute("title")).toContain("also changed by feat-b: a.ts")
    await cardNamed(page, "feat-a").click()
    const overlap = page.locator(`lich-dock .overlap[data-other="${ids["feat-b"]}"]`)
    await overlap.locator("button.link[data-path='a.ts']").waitFor()
    await shots(page, "dock-03-radar-light")
    await overlap.locator("button[data-act=note-other]").click()
    const note = await waitForRecord<{ event: string; text?: string }>(
      agentLog(b, ids["feat-b"]!),
      (e) => e.event === "submit" && (e.text ?? "").includes("feat-a")
    )
    expect(note.text).toContain("a.ts")
  })

  it("looks right in the dark theme too, wide and narrow", async () => {
    await theme(b, page, "dark")
    await fileRow(page, "a.ts", "committed").click()
    await page.locator("lich-diff .cm-line", { hasText: "export { x, y }" }).waitFor()
    await shots(page, "dock-04-diff-dark")
    await page.locator("lich-dock .seg button[data-mode=split]").click()
    await fileRow(page, "README.md", "committed").click()
    await page.locator("lich-diff .cm-mergeView .cm-line", { hasText: "more words" }).waitFor()
    await shots(page, "dock-05-split-dark")
    await page.locator("lich-dock .seg button[data-mode=unified]").click()
    await theme(b, page, "light")
    await shots(page, "dock-06-diff-light")
  })
})
