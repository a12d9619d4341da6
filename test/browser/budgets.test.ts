/**
 * Spend in the window, through the product's own paths: a session's mod-usage report fills the
 * footer's context ring, its cost and the plan gauge (amber from 80 %, red from 95 %); a window
 * crossing 80 % while the session works raises a toast; a daily cap set in Settings › Budgets
 * refuses the next `lich send` (exit 1, its one line) with a toast and the footer saying so, and
 * lifting it there in one click lets the next send through. Screenshots of each state.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, post, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shots } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let project: string
const ids: Record<string, string> = {}

const open = async (label: string) => {
  const r = await b.lich(["open", "--project", project, "--kind", "claude", "--json"])
  expect(r.code, r.stderr).toBe(0)
  const id = (JSON.parse(r.stdout) as { id: string }).id
  expect((await b.lich(["rename", "--project", project, id, label])).code).toBe(0)
  ids[label] = id
}

/** What Claude Code's mod posts of itself: context, the plan's 5-hour window, the cost so far. */
const usage = (id: string, fiveHour: number, costUsd: number) =>
  post(b, "/mod/usage", {
    session_id: id,
    conversation_id: "conv-1",
    context: { window: 200000, tokens: 84000, percent: 42 },
    rate_limits: [{ kind: "five_hour", percent_used: fiveHour, resets_at: new Date(Date.now() + 3 * 3600_000).toISOString() }],
    cost_usd: costUsd
  })

const footer = () => page.locator("lich-footer")

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend({ LICH_CLAUDE_BIN: agent("hooked-replier") }), launchBrowser()])
  project = b.project("spend")
  await open("worker")
  await open("other")
  page = await openWindow(browser, b, { width: 1400, height: 900 })
  await cardNamed(page, "worker").click()
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("spend in the window", () => {
  it("shows the context ring, the cost and the plan gauge, and toasts a window crossing 80 % while work runs", async () => {
    expect((await post(b, "/hook", { session_id: ids.worker!, state: "busy", tool: "Bash", detail: "npm test" })).status).toBe(204)
    expect((await usage(ids.worker!, 40, 0.318)).status).toBe(204)
    await footer().locator("[data-part=context][data-percent='42']").waitFor()
    await footer().locator("[data-part=cost]", { hasText: "$0.32" }).waitFor()
    await footer().locator("[data-part=plan][data-window=five_hour][data-tone=ok][data-fresh=fresh]", { hasText: "40 %" }).waitFor()
    expect((await usage(ids.worker!, 83, 0.318)).status).toBe(204)
    await footer().locator("[data-part=plan][data-tone=warn]", { hasText: "83 %" }).waitFor()
    await page.locator("lich-toasts .toast.info", { hasText: "claude's 5h plan window is at 83 %" }).waitFor()
    await shots(page, "budgets-01-gauge-amber")
    expect((await usage(ids.worker!, 97, 0.318)).status).toBe(204)
    await footer().locator("[data-part=plan][data-tone=alarm]", { hasText: "97 %" }).waitFor()
    await shots(page, "budgets-02-gauge-red")
    // Under the 80 % mark again (a new window): back to plain.
    expect((await usage(ids.worker!, 5, 0.318)).status).toBe(204)
    await footer().locator("[data-part=plan][data-tone=ok]", { hasText: "5 %" }).waitFor()
  })

  it("refuses a send over the daily cap set in Settings, says so, and lets the next one through once lifted there", async () => {
    await page.locator("lich-tabs button[aria-label=settings]").click()
    await page.locator("lich-settings nav button[data-section=Budgets]").click()
    const day = page.locator("lich-budgets input[name=dayUsd]")
    await day.fill("0.25")
    await day.press("Enter")
    await page.locator("lich-budgets [data-saved=dayUsd]").waitFor()
    await page.locator("lich-budgets [data-part=over]", { hasText: "over its daily spend cap" }).waitFor()
    await shots(page, "budgets-03-settings-over")
    await page.keyboard.press("Escape")

    const refused = await b.lich(["send", "--project", project, "other", "one more task", "--timeout", "1"])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(
      'lich: project "spend" is over its daily spend cap: at least $0.32 (1 unpriced session not counted) spent today of $0.25 — raise or lift it in Settings › Budgets (work already running is not stopped)'
    )
    await page.locator("lich-toasts .toast.cap", { hasText: "spend is over its cap" }).waitFor()
    await footer().locator("[data-part=budget][data-over=true]").waitFor()
    await cardNamed(page, "other").locator(".over-cap").waitFor()
    await shots(page, "budgets-04-refused")

    await page.locator("lich-toasts .toast.cap button").click()
    await page.locator("lich-budgets button[data-lift=dayUsd]").click()
    await page.locator("lich-budgets [data-saved=dayUsd]").waitFor()
    expect(await page.locator("lich-budgets [data-part=over]").count()).toBe(0)
    await page.keyboard.press("Escape")
    await cardNamed(page, "other").locator(".over-cap").waitFor({ state: "detached" })
    const through = await b.lich(["send", "--project", project, "other", "one more task", "--timeout", "1"])
    expect([0, 2]).toContain(through.code)
    expect(through.stderr).not.toContain("cap")
  })
})
