/**
 * A session another client opens (the CLI, an agent's `lich open`) while the window watches: its
 * card is shown at once when it is the first of its tab, and its terminal must hold what the
 * session prints — the window attaches the moment the card appears, so the card must not appear
 * before its PTY runs (a Claude Code start installs its plugin first, which takes longer than the
 * window takes to attach).
 */
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { launchBrowser, openWindow, terminalRow } from "./window.js"

let b: Backend
let browser: Browser

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("a session opened while the window watches", () => {
  it("shows its terminal's first screen in the card shown the moment it appears", async () => {
    const page = await openWindow(browser, b)
    page.setDefaultTimeout(20_000)
    const r = await b.lich(["open", "--project", b.project("watched"), "--kind", "claude", "--json"])
    expect(r.code, r.stderr).toBe(0)
    const { id } = JSON.parse(r.stdout) as { id: string }
    await page.locator(`lich-terminal[session-id="${id}"]`).waitFor()
    await terminalRow(page, "fake> Ask Codex to do anything · Ask anything").waitFor()
  })
})
