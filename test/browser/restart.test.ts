/**
 * After lich quit and started again, a card comes back with no process in it; viewing it in the
 * window starts its terminal (spawn.Start), so the person can type at once.
 */
import { spawn } from "node:child_process"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, lichBin, startBackend, waitForOutput } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shot, shownSession, terminalRow } from "./window.js"

let b: Backend
let browser: Browser
let second: ReturnType<typeof spawn> | undefined

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await b?.stop()
})

describe("a card after a restart", () => {
  it("starts its terminal when the window shows it", async () => {
    const project = b.project("back")
    const id = (JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout) as { id: string }).id
    await b.lich(["rename", id, "returning"])
    expect((await b.lich(["quit"])).code).toBe(0)
    second = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    expect((await b.lich(["sessions", "--json"])).stdout).toBe("[]\n")

    const page = await openWindow(browser, b)
    await cardNamed(page, "returning").waitFor()
    expect(await shownSession(page)).toBe(id)
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo back-$((20+1))\n")
    await terminalRow(page, "back-21").waitFor()
    await shot(page, "20-restarted-card")
    expect(JSON.parse((await b.lich(["sessions", "--json"])).stdout).map((p: { id: string }) => p.id)).toEqual([id])
  })
})
