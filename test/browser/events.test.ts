/**
 * The window following the backend's events, each triggered through its real product path: `lich
 * file` and `color-folder` regroup and tint, a pending `lich send` marks the target, a session's own
 * hook report raises the waiting toast, and `lich focus` switches the tab and opens the card.
 */
import * as http from "node:http"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, openWindow, shot, shownSession, tokenOf } from "./window.js"

let b: Backend
let browser: Browser
let page: Page
let api: string
let web: string
const ids: Record<string, string> = {}

const open = async (project: string, label: string, kind = "shell") => {
  const r = await b.lich(["open", "--project", project, "--kind", kind, "--json"])
  expect(r.code, r.stderr).toBe(0)
  const id = (JSON.parse(r.stdout) as { id: string }).id
  expect((await b.lich(["rename", "--project", project, id, label])).code).toBe(0)
  ids[label] = id
}

/** A hook report, as the lich plugin posts it from inside a session. */
const hook = (body: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: b.port,
        method: "POST",
        path: `/hook?token=${tokenOf(b)}`,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
  api = b.project("api")
  web = b.project("web")
  await open(api, "alpha")
  await open(api, "beta")
  await open(api, "agent", "claude")
  await open(web, "gamma")
  page = await openWindow(browser, b)
  await cardNamed(page, "alpha").waitFor()
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("the window following events", () => {
  it("regroups a card under its folder's header when lich file moves it, and tints it with color-folder", async () => {
    expect((await b.lich(["file", "--project", api, "beta", "review"])).code).toBe(0)
    await page.locator("lich-sidebar .header[data-group=review]").waitFor()
    expect((await b.lich(["color-folder", "--project", api, "review", "teal"])).code).toBe(0)
    await page.waitForFunction(() => {
      const sidebar = document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-sidebar")!.shadowRoot!
      const beta = [...sidebar.querySelectorAll("lich-session-card")].find((c) => c.card.label === "beta")
      return beta?.shadowRoot?.querySelector<HTMLElement>(".card")?.style.getPropertyValue("--tint") === "#14b8a6"
    })
    const order = await page
      .locator("lich-sidebar .list > *")
      .evaluateAll((els) =>
        els.map((e) =>
          e.tagName === "LICH-SESSION-CARD" ? (e as HTMLElementTagNameMap["lich-session-card"]).card.label : `# ${e.textContent!.trim()}`
        )
      )
    expect(order).toEqual(["alpha", "agent", "# review", "beta"])
    await shot(page, "10-folder-tint")
  })

  it("marks the target of a pending lich send with the errand, its ticket in the tooltip", async () => {
    const sent = await b.lich(["send", "--project", api, "--timeout", "1", "agent", "summarise the API"])
    expect(sent.code, sent.stdout + sent.stderr).toBe(2)
    const ticket = /[0-9a-f]{8}/.exec(sent.stdout)![0]
    const mark = cardNamed(page, "agent").locator(".relay")
    await mark.waitFor()
    expect(await mark.textContent()).toBe("← command line")
    expect(await mark.getAttribute("title")).toContain(`ticket ${ticket}`)
    await shot(page, "11-relay-mark")
  })

  it("toasts a session waiting on a person, and Open shows that card", async () => {
    // No toast for the card the person is looking at: look at another one.
    await cardNamed(page, "alpha").click()
    expect(await hook({ session_id: ids.agent!, state: "busy" })).toBe(204)
    await cardNamed(page, "agent").locator(".ring[data-state=busy]").waitFor({ timeout: 5000 })
    expect(await hook({ session_id: ids.agent!, state: "waiting", reason: "Allow Bash?" })).toBe(204)
    const toast = page.locator("lich-toasts .toast", { hasText: "agent needs your input" })
    await toast.waitFor({ timeout: 5000 })
    await cardNamed(page, "agent").locator(".ring[data-state=waiting]").waitFor()
    await shot(page, "12-waiting-toast")
    await toast.locator("button", { hasText: "Open" }).click()
    await page.waitForFunction(
      (id) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") === id,
      ids.agent
    )
  })

  it("switches to the session's project and opens its card on lich focus", async () => {
    expect(await shownSession(page)).not.toBe(ids.gamma)
    const r = await b.lich(["focus", "--project", web, "gamma"])
    expect(r.code, r.stderr).toBe(0)
    await page.waitForFunction(
      (id) => document.querySelector("lich-app")!.shadowRoot!.querySelector("lich-terminal")?.getAttribute("session-id") === id,
      ids.gamma
    )
    await page.locator("lich-tabs [role=tab][aria-selected=true]", { hasText: "web" }).waitFor()
    await shot(page, "13-focus")
  })
})
