/**
 * What a person sees and hears: open-project and new-session by keyboard alone (no mouse event is
 * sent), a desktop notification when a session's hooks report waiting while the window is not
 * focused (clicking it opens the card), the tool, reason and usage on the card, the real Claude Code's captured screen drawn with lich's own
 * font and legible in light and dark, and no 404 (favicon included) on load.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, post, startBackend, tokenOf } from "../harness.js"
import { launchBrowser, shots, terminalRow } from "./window.js"

let b: Backend
let browser: Browser
let context: BrowserContext
let page: Page
let project: string
const missing: Array<string> = []
const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", "claude-screen.json"), "utf8")) as { data: string }

const shown = () =>
  page.evaluate(() => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") ?? "")
const waitShownChange = (was: string) =>
  page.waitForFunction((w) => {
    const id = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id")
    return id !== null && id !== undefined && id !== w
  }, was)

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
  project = b.project("desk")
  const origin = `http://127.0.0.1:${b.port}`
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ["notifications"] })
  await context.grantPermissions(["notifications"], { origin })
  // Each notification the page raises is kept where the test can read it (the real one is still made).
  await context.addInitScript(() => {
    const Real = window.Notification
    const made: Array<Notification> = []
    class Spy extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        made.push(this)
      }
    }
    Object.defineProperty(window, "Notification", { value: Spy })
    ;(window as unknown as { made: Array<Notification> }).made = made
  })
  page = await context.newPage()
  page.setDefaultTimeout(20_000)
  page.on("response", (r) => r.status() === 404 && missing.push(r.url()))
  await page.goto(`${origin}/?token=${tokenOf(b)}`)
  await page.locator("lich-app[data-ready=true]").waitFor()
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("the person at the window", () => {
  it("opens a project and a session with the keyboard alone", async () => {
    await page.keyboard.press("Control+O")
    await page.keyboard.type(project)
    await page.keyboard.press("Enter")
    await page.locator("lich-tabs [role=tab]", { hasText: "desk" }).waitFor()
    await page.keyboard.press("Control+Shift+T")
    await page.locator("lich-new-menu .row[aria-selected=true][data-kind=shell]").waitFor()
    await page.keyboard.press("Enter")
    await waitShownChange("")
    await page.locator("lich-terminal .xterm-helper-textarea:focus").waitFor({ state: "attached" })
    await page.keyboard.type("echo typed-only\n")
    await terminalRow(page, "typed-only").waitFor()
    await shots(page, "person-01-keyboard-only")
  })

  it("raises a desktop notification when a session starts waiting while the window is unfocused, and its click opens the card", async () => {
    const shell = await shown()
    await page.keyboard.press("Control+Shift+T")
    await page.keyboard.press("ArrowDown")
    await page.locator("lich-new-menu .row[aria-selected=true][data-kind=claude]").waitFor()
    await page.keyboard.press("Enter")
    await waitShownChange(shell)
    const agent = await shown()
    await page.keyboard.press("Control+Shift+ArrowUp")
    await waitShownChange(agent)
    expect((await post(b, "/hook", { session_id: agent, state: "busy", tool: "Bash", detail: "npm test" })).status).toBe(204)
    await page.locator("lich-session-card .status.busy", { hasText: "Bash · npm test" }).waitFor()
    // What Claude Code's mod measures of itself, as it posts it: context and cost on the card.
    const usage = {
      session_id: agent,
      conversation_id: "conv-1",
      context: { window: 200000, tokens: 84000, percent: 42 },
      rate_limits: [],
      cost_usd: 0.318
    }
    expect((await post(b, "/mod/usage", usage)).status).toBe(204)
    await page.locator("lich-session-card .usage", { hasText: "42% · $0.32" }).waitFor()
    await page.evaluate(() => window.dispatchEvent(new Event("blur")))
    expect(
      (await post(b, "/hook", { session_id: agent, state: "waiting", reason: "Claude needs your permission to use Bash" })).status
    ).toBe(204)
    await page.waitForFunction(() => (window as unknown as { made: Array<Notification> }).made.length === 1)
    const note = await page.evaluate(() => {
      const n = (window as unknown as { made: Array<Notification> }).made[0]!
      return { title: n.title, body: n.body }
    })
    expect(note.title).toMatch(/needs your input$/)
    expect(note.body).toBe("desk · Claude needs your permission to use Bash")
    await page.locator("lich-session-card .status.waiting", { hasText: "Claude needs your permission" }).waitFor()
    await shots(page, "person-02-waiting")
    expect(await shown()).toBe(shell)
    await page.evaluate(() => (window as unknown as { made: Array<Notification> }).made[0]!.onclick!(new Event("click")))
    await waitShownChange(shell)
    expect(await shown()).toBe(agent)
    await page.evaluate(() => window.dispatchEvent(new Event("focus")))
  })

  it("draws the real Claude Code screen with the shipped font, legible in light and in dark", async () => {
    const file = path.join(b.dir, "claude-screen.bin")
    fs.writeFileSync(file, Buffer.from(fixture.data, "base64"))
    const before = await shown()
    await page.keyboard.press("Control+Shift+T")
    await page.keyboard.press("Enter")
    await waitShownChange(before)
    await page.locator("lich-terminal .xterm-helper-textarea:focus").waitFor({ state: "attached" })
    // -echo: the terminal's answers to Claude Code's queries (focus, device attributes) are not echoed over its screen.
    await page.keyboard.type(`clear; stty -echo; cat ${file}; sleep 3600\n`)
    await page.locator("lich-terminal .xterm-rows > div", { hasText: "another" }).waitFor()
    const glyphs = await page.evaluate(() =>
      [
        ["Lich Mono", "▐▛█▜▌─●❯"],
        ["Lich Symbols", "⎿"],
        ["Lich Symbols 2", "⏵✻"]
      ].map(([f, t]) => document.fonts.check(`13px "${f}"`, t!))
    )
    expect(glyphs).toEqual([true, true, true])
    // Claude Code paints its answer bullet true-colour white; on the light theme xterm must darken it.
    const bullet = () =>
      page.evaluate(() => {
        const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")!
        const span = [...t.shadowRoot!.querySelectorAll(".xterm-rows span")].find((s) => s.textContent === "●")
        return span ? getComputedStyle(span).color : "none"
      })
    expect(await bullet()).not.toBe("none")
    expect(await bullet()).not.toBe("rgb(255, 255, 255)")
    await shots(page, "person-03-claude-light")
    expect((await b.lich(["theme", "switch", "dark"])).code).toBe(0)
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim() === "#09090b")
    await shots(page, "person-04-claude-dark")
    await b.lich(["theme", "switch", "light"])
  })

  it("asked for nothing that is not there: no 404, the favicon included", async () => {
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    expect(missing).toEqual([])
    expect(await page.locator("link[rel=icon]").getAttribute("href")).toBe("/favicon.svg")
  })
})
