/**
 * The window as the person at the desk uses it, through the page only: the first-run screen, a
 * project opened by typing its path (~ and Tab completion), a shell and a (fake) Claude Code session
 * from the + menu, a worktree session on a chosen base, its close with keep, and its return from
 * History in the palette; a plain close undone; hotkeys for sessions and the help overlay; a project
 * tab closed and reopened from recent projects. Screenshots at 1400×900 and 900×700.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shots, shownSession, terminalRow } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let repo: string

const git = (cwd: string, ...args: Array<string>) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim()
const roster = async () => {
  const r = await b.lich(["sessions", "--json"])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout) as Array<{ id: string; label: string; kind: string; path: string }>
}
const cardCount = () => page.locator("lich-session-card").count()

beforeAll(async () => {
  // A missing provider, to see the menu say so: codex falls through to "codex" on PATH, which is not there.
  ;[b, browser] = await Promise.all([startBackend({ LICH_CODEX_BIN: "" }), launchBrowser()])
  repo = path.join(b.env.HOME!, "src", "api")
  fs.mkdirSync(repo, { recursive: true })
  git(repo, "init", "-q", "-b", "main")
  git(repo, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "root")
  git(repo, "checkout", "-q", "-b", "dev")
  fs.writeFileSync(path.join(repo, "dev.txt"), "only on dev\n")
  git(repo, "add", ".")
  git(repo, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "dev work")
  git(repo, "checkout", "-q", "main")
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  // A step that cannot happen fails naming its locator, well inside the test's own timeout.
  page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("the window at the desk", () => {
  it("greets a new user with the two things to do", async () => {
    await page.locator(".first-run").waitFor()
    expect(await page.locator(".first-run li").count()).toBe(2)
    await shots(page, "desk-01-first-run")
  })

  it("opens a project by typing its path: ~ expanded, Tab completes, Enter opens", async () => {
    await page.locator(".first-run button", { hasText: "Open a project" }).click()
    const field = page.locator("lich-open-project input")
    await field.fill("~/src/a")
    await page.locator(`lich-open-project .item[data-path="${repo}"]`).waitFor()
    await shots(page, "desk-02-open-project")
    await field.press("Tab")
    expect(await field.inputValue()).toBe(`${repo}/`)
    await field.press("Enter")
    await page.locator("lich-tabs [role=tab]", { hasText: "api" }).waitFor()
    await page.locator("lich-open-project").waitFor({ state: "detached" })
  })

  it("offers the providers found, says what is missing, and opens a shell and a Claude Code session from the menu", async () => {
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row.missing[data-kind=codex]").waitFor()
    expect(await page.locator("lich-new-menu .row.missing[data-kind=codex] .detail").textContent()).toContain(
      "npm install -g @openai/codex"
    )
    await shots(page, "desk-03-new-menu")
    await page.locator("lich-new-menu .row[data-kind=shell]").click()
    await page.waitForFunction(() => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal") !== null)
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo from-the-menu\n")
    await terminalRow(page, "from-the-menu").waitFor()
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row[data-kind=claude]").click()
    await page.waitForFunction(
      () =>
        document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-sidebar")!.shadowRoot!.querySelectorAll("lich-session-card")
          .length === 2
    )
    const kinds = (await roster()).map((r) => r.kind).sort()
    expect(kinds).toEqual(["claude", "shell"])
    await shots(page, "desk-04-two-sessions")
  })

  it("creates a worktree session on the base picked in the dialog", async () => {
    await page.keyboard.press("Control+Shift+B")
    const dialog = page.locator("lich-worktree-dialog")
    await dialog.locator("select[name=base] option[value=dev]").waitFor({ state: "attached" })
    await dialog.locator("input[name=branch]").fill("feat-x")
    await dialog.locator("select[name=base]").selectOption("dev")
    await dialog.locator("select[name=kind]").selectOption("shell")
    await shots(page, "desk-05-worktree-dialog")
    await dialog.locator("button.primary").click()
    await cardNamed(page, "feat-x").waitFor()
    const wt = (await roster()).find((r) => r.label === "feat-x")!
    expect(fs.readFileSync(path.join(wt.path, "dev.txt"), "utf8")).toBe("only on dev\n")
    expect(git(repo, "merge-base", "--is-ancestor", "dev", "feat-x")).toBe("")
    await cardNamed(page, "feat-x").locator(".branch").waitFor()
    await shots(page, "desk-06-worktree-card")
  })

  it("asks keep or remove when a worktree's last session closes, naming the uncommitted files, and keeps it", async () => {
    const wt = (await roster()).find((r) => r.label === "feat-x")!
    fs.writeFileSync(path.join(wt.path, "notes.md"), "unsaved thoughts\n")
    await cardNamed(page, "feat-x").click()
    await page.keyboard.press("Control+Shift+X")
    const dialog = page.locator("lich-close-dialog")
    await dialog.locator("code.file", { hasText: "notes.md" }).waitFor()
    await shots(page, "desk-07-close-dialog")
    await dialog.locator("button[data-answer=keep]").click()
    await cardNamed(page, "feat-x").waitFor({ state: "detached" })
    expect(fs.existsSync(path.join(wt.path, "notes.md"))).toBe(true)
    expect((await roster()).some((r) => r.id === wt.id)).toBe(false)
    ;(globalThis as { parkedId?: string }).parkedId = wt.id
  })

  it("brings the kept session back from History in the palette, same id", async () => {
    const id = (globalThis as { parkedId?: string }).parkedId!
    await page.keyboard.press("Control+K")
    const palette = page.locator("lich-palette")
    await palette.locator("input").fill("feat")
    await palette.locator(`.item[data-key="resume:${id}"]`).waitFor()
    await shots(page, "desk-08-palette-history")
    await palette.locator("input").press("Tab")
    await palette.locator("input").press("Tab")
    await palette.locator("input").press("Tab")
    await palette.locator("input").press("Tab")
    await palette.locator(`.item[data-key="resume:${id}"][aria-selected=true]`).waitFor()
    await palette.locator("input").press("Enter")
    await cardNamed(page, "feat-x").waitFor()
    await page.waitForFunction(
      (want) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") === want,
      id
    )
    expect((await roster()).some((r) => r.id === id)).toBe(true)
  })

  it("undoes a plain close from its toast", async () => {
    const shell = (await roster()).find((r) => r.kind === "shell" && r.label !== "feat-x")!
    await cardNamed(page, shell.label).hover()
    await cardNamed(page, shell.label).locator("button.close").click()
    await cardNamed(page, shell.label).waitFor({ state: "detached" })
    await page.locator("lich-toasts .toast.undo button", { hasText: "Undo" }).click()
    await cardNamed(page, shell.label).waitFor()
    expect((await roster()).some((r) => r.id === shell.id)).toBe(true)
  })

  it("moves between sessions with mod+shift+↓/↑, renames with mod+shift+E and lists every hotkey", async () => {
    const before = await shownSession(page)
    await page.keyboard.press("Control+Shift+ArrowDown")
    await page.waitForFunction(
      (was) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") !== was,
      before
    )
    await page.keyboard.press("Control+Shift+ArrowUp")
    await page.waitForFunction(
      (was) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") === was,
      before
    )
    await page.keyboard.press("Control+Shift+E")
    await page.locator("lich-session-card input").fill("renamed-by-key")
    await page.keyboard.press("Enter")
    await cardNamed(page, "renamed-by-key").waitFor()
    expect((await roster()).find((r) => r.id === before)!.label).toBe("renamed-by-key")
    await page.keyboard.press("Control+/")
    await page.locator("lich-help kbd", { hasText: "Ctrl+Shift+B" }).waitFor()
    await shots(page, "desk-09-help")
    await page.keyboard.press("Escape")
    await page.locator("lich-help").waitFor({ state: "detached" })
  })

  it("closes a project tab (its sessions parked) and reopens it from recent projects", async () => {
    const n = await cardCount()
    expect(n).toBe(3)
    await page.locator("lich-tabs [role=tab]", { hasText: "api" }).hover()
    await page.locator("lich-tabs .x[aria-label='close project api']").click()
    await page.locator("lich-tabs [role=tab]").waitFor({ state: "detached" })
    await page.locator(".first-run").waitFor()
    expect(await roster()).toEqual([])
    await page.keyboard.press("Control+O")
    await page.locator(`lich-open-project .item[data-path="${repo}"]`).click()
    await page.locator("lich-tabs [role=tab]", { hasText: "api" }).waitFor()
    await shots(page, "desk-10-reopened")
  })

  it("switches projects with mod+shift+←/→, reaches actions from the palette and focuses the terminal with mod+shift+Enter", async () => {
    const web = path.join(b.env.HOME!, "src", "web")
    fs.mkdirSync(web, { recursive: true })
    await page.keyboard.press("Control+K")
    await page.locator("lich-palette input").fill("open a project")
    await page.locator("lich-palette .item[data-key='action:open-project'][aria-selected=true]").waitFor()
    await page.keyboard.press("Enter")
    await page.locator("lich-open-project input").fill(web)
    await page.keyboard.press("Enter")
    const active = () => page.locator("lich-tabs [role=tab][aria-selected=true]").textContent()
    await page.locator("lich-tabs [role=tab][aria-selected=true]", { hasText: "web" }).waitFor()
    await page.keyboard.press("Control+Shift+ArrowLeft")
    await page.locator("lich-tabs [role=tab][aria-selected=true]", { hasText: "api" }).waitFor()
    await page.keyboard.press("Control+Shift+ArrowRight")
    await page.locator("lich-tabs [role=tab][aria-selected=true]", { hasText: "web" }).waitFor()
    expect(await active()).toContain("web")
    await page.keyboard.press("Control+K")
    await page.locator("lich-palette input").fill("new shell")
    await page.keyboard.press("Enter")
    await page.locator("lich-terminal .xterm-helper-textarea:focus").waitFor({ state: "attached" })
    await page.locator("lich-tabs button[aria-label=palette]").focus()
    await page.keyboard.press("Control+Shift+Enter")
    await page.locator("lich-terminal .xterm-helper-textarea:focus").waitFor({ state: "attached" })
    await page.keyboard.type("echo focused-by-key\n")
    await terminalRow(page, "focused-by-key").waitFor()
    await shots(page, "desk-11-two-projects")
  })
})
