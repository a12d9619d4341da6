/**
 * The browser side of the window suites: Debian's Chromium driven by playwright-core, headless,
 * against a real backend from test/harness.ts. Screenshots go to test-artifacts/ for a person to look at.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { type Backend, root, tokenOf } from "../harness.js"

export const CHROMIUM = process.env.LICH_TEST_CHROMIUM ?? "/usr/bin/chromium"
export const artifacts = path.join(root, "test-artifacts")

export const launchBrowser = (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing — apt-get install -y chromium (.ci/run does this)`)
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run"
    ]
  })
}

export { tokenOf }

/** Opens the window the way a person with the printed URL would, and waits until it has loaded its state. */
export const openWindow = async (browser: Browser, b: Backend, size = { width: 1200, height: 760 }): Promise<Page> => {
  const page = await browser.newPage({ viewport: size })
  await page.goto(`http://127.0.0.1:${b.port}/?token=${tokenOf(b)}`)
  await page.locator("lich-app[data-ready=true]").waitFor()
  return page
}

export const shot = async (page: Page, name: string) => {
  fs.mkdirSync(artifacts, { recursive: true })
  await page.screenshot({ path: path.join(artifacts, `${name}.png`) })
}

/** A card in the sidebar by its label (playwright's CSS engine pierces the components' shadow roots). */
export const cardNamed = (page: Page, label: string) =>
  page.locator("lich-session-card", { has: page.locator(".label", { hasText: label }) })

/** Resolves once a row of the shown terminal reads exactly `text` (trailing blanks aside). */
export const terminalRow = (page: Page, text: string) =>
  page
    .locator("lich-terminal .xterm-rows > div")
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`) })
    .first()

export const shownSession = (page: Page) => page.locator("lich-terminal").getAttribute("session-id")

/** The same state at the two sizes a person looks at: a desktop window and a narrow one. */
export const shots = async (page: Page, name: string) => {
  const size = page.viewportSize()!
  await shot(page, `${name}-1400x900`)
  await page.setViewportSize({ width: 900, height: 700 })
  await shot(page, `${name}-900x700`)
  await page.setViewportSize(size)
}
