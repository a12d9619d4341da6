/**
 * Settings › lich plugin through the page, against a real backend whose Cursor CLI is the stand-in
 * (test/fixtures/standins/cursor-agent, found as a session would run it): a refusal is the backend's
 * one line on the card with nothing written; Install writes the entry beside the user's own server
 * and the card turns current at once, with no restart; an install naming another lich reads as out
 * of date until Update; Remove gives the user's file back byte for byte. `lich plugin --json`,
 * reading the files itself, agrees with the card at each step.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, root, startBackend } from "../harness.js"
import { launchBrowser, openWindow, shots } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let mcp: string
let hooks: string

const userMcp = fs.readFileSync(path.join(root, "test", "fixtures", "plugin", "cursor-mcp.json"), "utf8")
const card = () => page.locator("lich-plugins [data-plugin=cursor]")
const inState = (state: string) => page.locator(`lich-plugins [data-plugin=cursor][data-state=${state}]`).waitFor()

const openSection = async () => {
  await page.keyboard.press("Control+,")
  await page.locator(`lich-settings nav button[data-section="lich plugin"]`).click()
  await card().waitFor()
}
const closeSettings = async () => {
  await page.keyboard.press("Escape")
  await page.locator("lich-settings").waitFor({ state: "detached" })
}

const listed = async () => {
  const r = await b.lich(["plugin", "--json"])
  return (JSON.parse(r.stdout) as Array<{ provider: string; installed: boolean; current: boolean }>).find((x) => x.provider === "cursor")!
}

beforeAll(async () => {
  ;[b, browser] = await Promise.all([
    startBackend({ LICH_CURSOR_BIN: path.join(root, "test", "fixtures", "standins", "cursor-agent") }),
    launchBrowser()
  ])
  mcp = path.join(b.env.HOME!, ".cursor", "mcp.json")
  hooks = path.join(b.env.HOME!, ".cursor", "hooks.json")
  fs.mkdirSync(path.dirname(mcp), { recursive: true })
  fs.writeFileSync(mcp, userMcp)
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  page.setDefaultTimeout(20_000)
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("Settings › lich plugin", () => {
  it("says a refusal on the card in the backend's one line, and writes nothing", async () => {
    fs.writeFileSync(hooks, "{ this is not json\n")
    await openSection()
    await inState("not-installed")
    await card().locator("button[data-action=install]").click()
    await card()
      .locator(".error", { hasText: /hooks\.json is not valid JSON .*, so lich left it as it is$/ })
      .waitFor()
    await shots(page, "plugin-01-refused")
    await inState("not-installed")
    expect(fs.readFileSync(mcp, "utf8")).toBe(userMcp)
    expect(fs.readFileSync(hooks, "utf8")).toBe("{ this is not json\n")
    await closeSettings()
  })

  it("installs from the card, which turns current at once, without a restart of lich", async () => {
    fs.rmSync(hooks)
    await openSection()
    await card().locator("button[data-action=install]").click()
    await inState("current")
    await expect(card().locator(".summary").textContent()).resolves.toMatch(/^Installed, \d+\.\d+\.\d+: current$/)
    await shots(page, "plugin-02-installed")
    const written = JSON.parse(fs.readFileSync(mcp, "utf8")) as { mcpServers: Record<string, { command?: string; args?: Array<string> }> }
    expect(Object.keys(written.mcpServers)).toEqual(["linear", "lich"])
    expect(written.mcpServers.lich!.args).toEqual(["mcp"])
    expect(fs.existsSync(hooks)).toBe(true)
    expect(await listed()).toMatchObject({ installed: true, current: true })
    // Read again from the backend, not from the answer the click got.
    await closeSettings()
    await openSection()
    await inState("current")
    await closeSettings()
  })

  it("reads an install naming another lich as out of date, and Update makes it current", async () => {
    const now = fs.readFileSync(mcp, "utf8")
    const self = (JSON.parse(now) as { mcpServers: { lich: { command: string } } }).mcpServers.lich.command
    fs.writeFileSync(mcp, now.replace(JSON.stringify(self), JSON.stringify("/elsewhere/bin/lich")))
    await openSection()
    await inState("outdated")
    await shots(page, "plugin-03-outdated")
    await card().locator("button[data-action=update]").click()
    await inState("current")
    expect(fs.readFileSync(mcp, "utf8")).toBe(now)
    await closeSettings()
  })

  it("removes from the card: the user's mcp.json is theirs again, byte for byte", async () => {
    await openSection()
    await card().locator("button[data-action=remove]").click()
    await inState("not-installed")
    await shots(page, "plugin-04-removed")
    expect(fs.readFileSync(mcp, "utf8")).toBe(userMcp)
    expect(fs.existsSync(hooks)).toBe(false)
    expect(await listed()).toMatchObject({ installed: false, current: false })
    await closeSettings()
  })
})
