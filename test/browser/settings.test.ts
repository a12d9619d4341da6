/**
 * Settings changed in the window reach the next spawn: a default model and effort, ultracode for
 * every Claude Code session and its subagents kept native land in the fake agent's argv and env; a
 * provider's binary setting makes a missing provider found and runs it; the sandbox rung decides
 * confinement; the project's setup script and .worktreeinclude shape a new worktree; the theme
 * repaints and `lich theme list` agrees; with the cost readout off `lich cost` says so.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, type Backend, fakeAgent, startBackend, waitForJson } from "../harness.js"
import { launchBrowser, openWindow, shots, shownSession } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let repo: string

const git = (cwd: string, ...args: Array<string>) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim()
const settings = () => page.locator("lich-settings")
const saved = (key: string) => settings().locator(`[data-saved="${key}"]`).waitFor()
/** Sets Claude Code's sandbox rung in Settings and waits for it to be saved (a screenshot first, if named). */
const claudeSandbox = async (rung: string, shot?: string) => {
  await page.keyboard.press("Control+,")
  await settings().locator("nav button[data-section=Sandbox]").click()
  await settings().locator(`select[name="provider.claude.sandbox"]`).selectOption(rung)
  await saved("provider.claude.sandbox")
  if (shot !== undefined) await shots(page, shot)
  await page.keyboard.press("Escape")
}

const typeSetting = async (key: string, value: string) => {
  await settings().locator(`input[name="${key}"]`).fill(value)
  await settings().locator(`input[name="${key}"]`).press("Enter")
  await saved(key)
}

/** Opens a session of that kind from the + menu and answers with the id the window shows. */
const openFromMenu = async (kind: string) => {
  const before = await page.evaluate(
    () => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") ?? ""
  )
  await page.locator("lich-sidebar button[aria-label='new session']").click()
  await page.locator(`lich-new-menu .row.kind[data-kind=${kind}]`).click()
  await page.waitForFunction((was) => {
    const id = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id")
    return id !== null && id !== undefined && id !== was
  }, before)
  return (await shownSession(page))!
}

const agentRecord = (id: string) => waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`))

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend({ LICH_OPENCODE_BIN: "" }), launchBrowser()])
  repo = b.project("svc")
  git(repo, "init", "-q", "-b", "main")
  fs.writeFileSync(path.join(repo, ".gitignore"), ".env\n")
  git(repo, "add", ".")
  git(repo, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "-m", "root")
  fs.writeFileSync(path.join(repo, ".env"), "TOKEN=local\n")
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  page.setDefaultTimeout(20_000)
  await page.keyboard.press("Control+O")
  await page.locator("lich-open-project input").fill(repo)
  await page.locator("lich-open-project input").press("Enter")
  await page.locator("lich-tabs [role=tab]", { hasText: "svc" }).waitFor()
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("settings reach the next spawn", () => {
  it("passes Claude Code the default model and effort, ultracode, and LICH_SUBAGENT_CARDS=off", async () => {
    await page.keyboard.press("Control+,")
    await settings().locator("[data-provider=claude]").waitFor()
    await typeSetting("provider.claude.model", "opus-from-settings")
    await settings().locator(`select[name="provider.claude.effort"]`).selectOption("high")
    await saved("provider.claude.effort")
    await settings().locator(`input[name="provider.claude.ultracode"]`).check()
    await saved("provider.claude.ultracode")
    await settings().locator(`input[name="provider.claude.subagents"]`).uncheck()
    await saved("provider.claude.subagents")
    await shots(page, "settings-01-providers")
    await page.keyboard.press("Escape")
    const id = await openFromMenu("claude")
    const r = await agentRecord(id)
    const flag = (f: string) => r.argv[r.argv.indexOf(f) + 1]
    expect(flag("--model")).toBe("opus-from-settings")
    expect(flag("--effort")).toBe("high")
    expect(flag("--settings")).toBe('{"ultracode":true}')
    expect(r.env.LICH_SUBAGENT_CARDS).toBe("off")
  })

  it("finds a provider once its binary is set, and runs that binary", async () => {
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row.missing[data-kind=opencode]").waitFor()
    await page.keyboard.press("Escape")
    await page.keyboard.press("Control+,")
    await settings().locator("[data-provider=opencode]").waitFor()
    await typeSetting("provider.opencode.bin", fakeAgent)
    await settings().locator("[data-provider=opencode] .found", { hasText: fakeAgent }).waitFor()
    await page.keyboard.press("Escape")
    // The menu reads the providers the window loaded: a reload is how another window would see it too.
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    const id = await openFromMenu("opencode")
    expect((await agentRecord(id)).env.LICH_SESSION_ID).toBe(id)
  })

  it("confines by the sandbox rung, or refuses naming the setting where bubblewrap is missing", async () => {
    await claudeSandbox("everywhere", "settings-02-sandbox")
    const hasBwrap = (process.env.PATH ?? "").split(":").some((d) => fs.existsSync(path.join(d, "bwrap")))
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row.kind[data-kind=claude]").click()
    if (hasBwrap) await page.locator("lich-session-card .shield").first().waitFor()
    else await page.locator("lich-toasts .toast.error", { hasText: "set provider.claude.sandbox to off" }).waitFor()
    await claudeSandbox("off")
  })

  it("asks the Ask rung's question at open, and a no opens the session unconfined", async () => {
    await claudeSandbox("ask")
    // The menu's providers (and their rungs) are what the window loaded; a reload reads them anew.
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    const before = await page.evaluate(
      () => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") ?? ""
    )
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row.kind[data-kind=claude]").click()
    await page.locator("lich-ask-confine button[data-answer=confined]").waitFor()
    await shots(page, "settings-05-ask")
    await page.locator("lich-ask-confine button[data-answer=open]").click()
    await page.waitForFunction((was) => {
      const id = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id")
      return id !== null && id !== undefined && id !== was
    }, before)
    const id = (await shownSession(page))!
    expect((await agentRecord(id)).env.LICH_SESSION_ID).toBe(id)
    // Where bubblewrap is missing the open itself proves it (a confined one is refused); anywhere, the card says so.
    expect(await page.evaluate((want) => document.querySelector("lich-app")!.model.cards.find((c) => c.id === want)?.confined, id)).toBe(
      false
    )
    await claudeSandbox("off")
  })

  it("runs the project's setup script and copies .worktreeinclude files into a new worktree", async () => {
    await page.keyboard.press("Control+,")
    await settings().locator("nav button[data-section=Project]").click()
    await settings().locator("textarea[name=setup]").fill(`echo '{"ran":true}' > setup-marker.json`)
    await settings().locator("textarea[name=setup]").blur()
    await saved("file:setup")
    await settings().locator("textarea[name=include]").fill(".env")
    await settings().locator("textarea[name=include]").blur()
    await saved("file:include")
    await shots(page, "settings-03-project")
    await page.keyboard.press("Escape")
    expect(fs.readFileSync(path.join(repo, ".lich", "setup-worktree.sh"), "utf8")).toContain("setup-marker.json")
    await page.keyboard.press("Control+Shift+B")
    await page.locator("lich-worktree-dialog input[name=branch]").fill("with-setup")
    await page.locator("lich-worktree-dialog select[name=kind]").selectOption("shell")
    await page.locator("lich-worktree-dialog input[name=branch]").press("Enter")
    await page.locator("lich-session-card", { has: page.locator(".label", { hasText: "with-setup" }) }).waitFor()
    const wt = (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ label: string; path: string }>).find(
      (s) => s.label === "with-setup"
    )!
    expect(await waitForJson<{ ran: boolean }>(path.join(wt.path, "setup-marker.json"))).toEqual({ ran: true })
    expect(fs.readFileSync(path.join(wt.path, ".env"), "utf8")).toBe("TOKEN=local\n")
  })

  it("switches the theme (lich theme list agrees) and turns the cost readout off (lich cost says so)", async () => {
    await page.keyboard.press("Control+,")
    await settings().locator("nav button[data-section=Appearance]").click()
    await settings().locator("select[name=theme]").selectOption("dark")
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim() === "#09090b")
    expect((await b.lich(["theme", "list"])).stdout).toMatch(/^dark\tdark\t[^\n]*\(in use\)/m)
    await settings().locator("nav button[data-section=Cost]").click()
    await settings().locator(`input[name="cost.readout"]`).uncheck()
    await saved("cost.readout")
    expect((await b.lich(["cost"])).stdout).toContain("The cost readout is off (setting cost.readout)")
    await shots(page, "settings-04-cost-dark")
    await page.keyboard.press("Escape")
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    await page.keyboard.press("Control+,")
    await settings().locator("nav button[data-section=Cost]").click()
    expect(await settings().locator(`input[name="cost.readout"]`).isChecked()).toBe(false)
    await page.keyboard.press("Escape")
    await b.lich(["theme", "switch", "light"])
  })
})
