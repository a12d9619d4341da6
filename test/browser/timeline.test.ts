/**
 * The relay timeline in real Chromium against a real backend and fake agents: it opens on mod+Shift+L,
 * draws a fan-out live as its records change (five errands from a session, then 200 in flight at
 * once), shows an errand's steps on hover and its prompt, answer and spend on a click, and jumps to
 * its target's card. Screenshots with 5 and with 200 errands in test-artifacts/.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, post, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shot, shownSession } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let project: string

const open = async (kind: string, label: string) => {
  const r = await b.lich(["open", "--project", project, "--kind", kind, "--json"])
  expect(r.code, r.stderr).toBe(0)
  const id = (JSON.parse(r.stdout) as { id: string }).id
  expect((await b.lich(["rename", "--project", project, id, label])).code).toBe(0)
  return id
}

/** Resolves once the timeline has drawn `n` errands (it says how many on itself, after each drawing). */
const drawn = (n: number) => page.locator(`lich-timeline[data-shown="${n}"]`).waitFor({ timeout: 60_000 })
/** Resolves once the timeline says it draws exactly these outcomes ("answered:5 unanswered:1"). */
const counted = (counts: string) => page.locator(`lich-timeline[data-counts="${counts}"]`).waitFor({ timeout: 60_000 })
/** Where an errand of `status` is drawn on screen, read from the timeline's own layout. */
const pointAt = (status: string) =>
  page.evaluate((st) => {
    const t = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-timeline")!
    const e = t.shownErrands().find((x) => x.status === st)!
    return t.boxOf(e.ticket)!
  }, status)

beforeAll(async () => {
  ;[b, browser] = await Promise.all([
    startBackend({ LICH_CLAUDE_BIN: agent("fast-replier"), LICH_OPENCODE_BIN: agent("hooked-silent") }),
    launchBrowser()
  ])
  project = b.project("fanout")
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

/** 200 in flight at once, to the three workers, each send holding its line a moment only: drawn live, filtered, zoomed out. */
const fanOut = async (lead: string, workers: ReadonlyArray<string>) => {
  await page.keyboard.press("Control+Shift+KeyL")
  await page.locator("lich-timeline .panel").waitFor()
  const fan = Array.from({ length: 200 }, (_, i) =>
    post(b, "/rpc/relay.Send", {
      from: lead,
      target: workers[i % 3],
      project: "",
      prompt: `fan ${i}: check shard ${i}`,
      timeout: 0.05,
      private: false
    })
  )
  await Promise.all(fan)
  await drawn(206)
  await shot(page, "timeline-200-in-flight")
  const filtered = page.locator("lich-timeline select[aria-label=Outcome]")
  await filtered.selectOption("unanswered")
  await page.locator('lich-timeline[data-counts^="unanswered:"]').waitFor()
  expect(await page.locator("lich-timeline").getAttribute("data-counts")).toMatch(/^unanswered:\d+$/)
  await filtered.selectOption("")
  await page.locator("lich-timeline .zoom button", { hasText: "7 days" }).click()
  await drawn(206)
  await shot(page, "timeline-200-zoomed-out")
}

describe("the relay timeline", () => {
  it("draws a live fan-out, shows an errand's steps and details, and jumps to its card", async () => {
    const lead = await open("shell", "lead")
    const workers = [await open("claude", "worker-1"), await open("claude", "worker-2"), await open("opencode", "silent-1")]
    page = await openWindow(browser, b, { width: 1400, height: 900 })
    await cardNamed(page, "lead").waitFor()
    await page.keyboard.press("Control+Shift+KeyL")
    await page.locator("lich-timeline .panel").waitFor()
    expect(await page.locator("lich-timeline .empty").textContent()).toContain("No errand has gone out")

    // Five errands from the lead session, sent while the timeline is open.
    const sends = [0, 1, 2, 3, 4].map((i) =>
      b.lich(["send", "--timeout", "30", `worker-${(i % 2) + 1}`, `task ${i}: summarise module ${i}`], { LICH_SESSION_ID: lead })
    )
    const silent = b.lich(["send", "--timeout", "30", "silent-1", "task 5: refactor the parser"], { LICH_SESSION_ID: lead })
    await drawn(6)
    await Promise.all([...sends, silent])
    await counted("answered:5 unanswered:1")
    // One lane per session, the sender's first (the targets in the order their first errands went out).
    const lanes = await page.locator("lich-timeline .lane-name").allTextContents()
    expect([lanes[0], [...lanes.slice(1)].sort()]).toEqual(["lead", ["silent-1", "worker-1", "worker-2"]])
    await shot(page, "timeline-5-errands")

    // Hover: the steps with their durations; click: the details, and a jump to the target's card.
    const at = await pointAt("answered")
    await page.mouse.move(at.x, at.y)
    await page.locator("lich-timeline .tip").waitFor()
    expect(await page.locator("lich-timeline .tip").textContent()).toMatch(/sent[\s\S]*handed[\s\S]*ended — answered/)
    await page.mouse.click(at.x, at.y)
    const detail = page.locator("lich-timeline aside.detail")
    await detail.locator(".head:not(.answer)", { hasText: /^task \d: summarise module \d$/ }).waitFor()
    expect(await detail.textContent()).toContain("echo: task")
    expect(await detail.textContent()).toContain("spend:")
    await shot(page, "timeline-5-errands-detail")
    const target = (await detail.locator("button", { hasText: /Open worker-\d/ }).textContent())!.replace("Open ", "")
    await detail.locator("button", { hasText: `Open ${target}` }).click()
    await page.locator("lich-timeline").waitFor({ state: "detached" })
    expect(await shownSession(page)).toBe(workers[target === "worker-1" ? 0 : 1])

    await fanOut(lead, workers)
  }, 300_000)
})
