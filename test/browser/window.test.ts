/**
 * The window in a real browser against a real backend: cards from the CLI, a real shell typed into,
 * replay on reload, resize reaching the PTY, themes repainting live, and opening, renaming and
 * closing from the window through the same RPCs the CLI uses.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shot, shownSession, terminalRow } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let project: string
const ids: Record<string, string> = {}

const open = async (label: string) => {
  const r = await b.lich(["open", "--project", project, "--kind", "shell", "--json"])
  expect(r.code).toBe(0)
  const id = (JSON.parse(r.stdout) as { id: string }).id
  await b.lich(["rename", "--project", project, id, label])
  ids[label] = id
  return id
}

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
  project = b.project("api")
  await open("first")
  page = await openWindow(browser, b)
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("the window", () => {
  it("shows a shell opened by the CLI as a card, and a later one without taking the selection", async () => {
    await cardNamed(page, "first").waitFor()
    expect(await shownSession(page)).toBe(ids.first)
    await page.locator("lich-tabs [role=tab]", { hasText: "api" }).waitFor()
    await open("second")
    await cardNamed(page, "second").waitFor()
    expect(await shownSession(page)).toBe(ids.first)
    await shot(page, "01-cards-from-cli")
  })

  it("types into the shell: echo hi shows hi", async () => {
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo hi\n")
    await terminalRow(page, "hi").waitFor()
    await shot(page, "02-echo-hi")
  })

  it("replays the screen after a reload", async () => {
    await page.reload()
    await page.locator("lich-app[data-ready=true]").waitFor()
    await terminalRow(page, "hi").waitFor()
    expect(await page.locator("lich-terminal .xterm-rows").textContent()).toContain("echo hi")
    await shot(page, "03-after-reload")
  })

  it("reaches the PTY with the terminal's size, and again when the window resizes", async () => {
    const sizeOf = () =>
      page.evaluate(() => {
        const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")!
        return `${t.xterm.term!.rows} ${t.xterm.term!.cols}`
      })
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("stty size\n")
    const wide = await sizeOf()
    await terminalRow(page, wide).waitFor()
    await page.setViewportSize({ width: 900, height: 520 })
    // Narrower by whatever the font and sidebar make it: any change of grid must reach the PTY.
    await page.waitForFunction((was) => {
      const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")!
      return `${t.xterm.term!.rows} ${t.xterm.term!.cols}` !== was
    }, wide)
    await page.keyboard.type("clear; stty size\n")
    await terminalRow(page, await sizeOf()).waitFor()
    await page.setViewportSize({ width: 1200, height: 760 })
  })

  it("pastes through the terminal as input", async () => {
    await page.locator("lich-terminal .xterm-screen").click()
    await page.evaluate(() => {
      const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")!
      t.xterm.term!.paste("echo pasted-$((40+2))\n")
    })
    await terminalRow(page, "pasted-42").waitFor()
  })

  it("repaints at once when lich theme switch changes the theme, user themes included", async () => {
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim())
    expect((await b.lich(["theme", "switch", "dark"])).stdout).toBe('Switched to "dark".\n')
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim() === "#09090b")
    await shot(page, "04-theme-dark")
    const dir = path.join(b.env.XDG_CONFIG_HOME!, "lich", "themes")
    fs.mkdirSync(dir, { recursive: true })
    const dark = JSON.parse(await page.evaluate(() => localStorage.getItem("lich.theme")!)) as {
      app: Record<string, string>
      terminal: Record<string, string>
    }
    fs.writeFileSync(
      path.join(dir, "plum.json"),
      JSON.stringify({
        id: "plum",
        name: "Plum",
        scheme: "dark",
        app: { ...dark.app, background: "#2b1b2e", sidebar: "#3a2340" },
        terminal: { ...dark.terminal, background: "#2b1b2e" }
      })
    )
    const list = await b.lich(["theme", "list"])
    expect(list.stdout.split("\n")).toContain("plum\tdark\tPlum")
    await b.lich(["theme", "switch", "plum"])
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim() === "#2b1b2e")
    await page.waitForFunction(() => {
      const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")!
      return t.xterm.term?.options.theme?.background === "#2b1b2e"
    })
    await shot(page, "05-theme-user")
    await b.lich(["theme", "switch", "light"])
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue("--background").trim() === "#ffffff")
    expect(await background()).toBe("#ffffff")
  })

  it("opens, renames and closes sessions from the window through the CLI's RPCs", async () => {
    await page.locator("lich-sidebar button[aria-label='new session']").click()
    await page.locator("lich-new-menu .row[data-kind=shell]").click()
    await page.waitForFunction(
      (before) =>
        document.querySelector("lich-app")!.shadowRoot!.querySelectorAll("lich-sidebar").length > 0 &&
        document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-sidebar")!.shadowRoot!.querySelectorAll("lich-session-card")
          .length > before,
      2
    )
    // The card can arrive (session-opened) before the open's reply selects it: wait for the selection.
    await page.waitForFunction(
      (known) => {
        const shown = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id")
        return shown !== undefined && shown !== null && !known.includes(shown)
      },
      [ids.first, ids.second]
    )
    const opened = (await shownSession(page))!
    const roster = JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string; label: string }>
    const label = roster.find((p) => p.id === opened)!.label
    await cardNamed(page, label).locator(".label").dblclick()
    await page.locator("lich-session-card input").fill("from-window")
    await page.keyboard.press("Enter")
    await cardNamed(page, "from-window").waitFor()
    expect(
      (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string; label: string }>).find((p) => p.id === opened)!
        .label
    ).toBe("from-window")
    await cardNamed(page, "from-window").hover()
    await cardNamed(page, "from-window").locator("button.close").click()
    await cardNamed(page, "from-window").waitFor({ state: "detached" })
    expect((await b.lich(["sessions", "--json"])).stdout).not.toContain(opened)
  })

  it("keeps one terminal alive however often cards are switched (hidden cards cost nothing)", async () => {
    for (let i = 0; i < 50; i++) {
      await cardNamed(page, i % 2 === 0 ? "second" : "first").click()
    }
    await page.waitForFunction(
      (id) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") === id,
      ids.first
    )
    expect(await page.evaluate(() => (window as unknown as { lich: { terminals: () => number } }).lich.terminals())).toBe(1)
    expect(await page.locator("lich-terminal .xterm").count()).toBe(1)
    // Shown again, the card's screen is back from the replay ring.
    await terminalRow(page, "pasted-42").waitFor()
  }, 60_000)
})
