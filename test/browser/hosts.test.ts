/**
 * A host in the window, through the page only, over a real sshd and a second lich as the far machine
 * (test/sshHarness.ts): added from Settings › Hosts, its sessions appear under its header with its
 * name on each card; a shell on the host takes keystrokes from the local card and its output shows;
 * killing the ssh that holds the forward marks its cards disconnected and its terminal says so and
 * takes no keys, and the backend's own reconnect brings them back with the session's screen intact.
 * The + under a host's project opens a session and a worktree there (hosts.Open, the dialog's bases
 * from hosts.Branches), and a card's × closes it there (hosts.Close); removed from Settings, the host leaves the sidebar,
 * and added and removed again from the CLI, its section — and its row in an open Settings › Hosts —
 * comes and goes in the open window with no reload.
 */
import type { Browser, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { post } from "../harness.js"
import { forwardPid, type TwoMachines, twoMachines } from "../sshHarness.js"
import { makeRepo } from "../workspaceHarness.js"
import { cardNamed, launchBrowser, openWindow, shot, terminalRow } from "./window.js"

let m: TwoMachines
let browser: Browser
let page: Page
let farId = ""

beforeAll(async () => {
  ;[m, browser] = await Promise.all([twoMachines(), launchBrowser()])
  // A local project beside the host's, so the host's section sits under local cards as it does in use.
  expect((await m.local.lich(["open", "--project", m.local.project("here"), "--kind", "shell"])).code).toBe(0)
  page = await openWindow(browser, m.local, { width: 1400, height: 900 })
})

// A failure leaves the page as it was then, and the local lich's word on the host, for a person to read.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== "fail" || !page) return
  await shot(page, `hosts-failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, "-")}`)
  console.error("lich hosts --json:", (await m.local.lich(["hosts", "--json"])).stdout)
})

afterAll(async () => {
  await browser?.close()
  await m?.stop()
})

const header = (state: string) => page.locator(`lich-host-section .host-header[data-host=devbox][data-state=${state}]`)
const hostTerminal = () => page.locator("lich-terminal[data-host=devbox]")

describe("a host in the window", () => {
  it("is added from Settings › Hosts and its header says it is connected, with the far lich's version", async () => {
    await page.locator("lich-tabs button[aria-label=settings]").click()
    await page.locator("lich-settings nav button[data-section=Hosts]").click()
    await page.locator("lich-hosts-settings input[name=name]").fill("devbox")
    await page.locator("lich-hosts-settings input[name=destination]").fill("devbox")
    await page.locator("lich-hosts-settings button[type=submit]").click()
    // The row comes with the first host-status frame (connecting); the add is over once it says connected.
    await page.locator("lich-hosts-settings .host[data-host=devbox] .name .why", { hasText: /· connected/ }).waitFor()
    // hosts.Add answers once the first attempt is over: connected, or why not (which this says if it fails).
    const listed = JSON.parse((await m.local.lich(["hosts", "--json"])).stdout) as Array<{ name: string; state: string; message: string }>
    expect(listed.map(({ name, state, message }) => ({ name, state, message }))).toEqual([
      { name: "devbox", state: "connected", message: "" }
    ])
    await page.keyboard.press("Escape")
    await header("connected").waitFor()
    expect(await header("connected").locator("[data-badge]").textContent()).toMatch(/^lich \d+\.\d+\.\d+/)
    // A first connect runs ssh three times, the far lich's CLI cold in one of them: the other hosts suites' hook budget.
  }, 60_000)

  it("lists the host's sessions under its header, each card saying its host", async () => {
    const opened = await m.remote.lich(["open", "--project", m.remote.project("far"), "--kind", "shell", "--json"])
    farId = (JSON.parse(opened.stdout) as { id: string }).id
    expect((await m.remote.lich(["rename", farId, "far-shell"])).code).toBe(0)
    const card = page.locator("lich-host-section").locator("lich-session-card", { has: page.locator(".label", { hasText: "far-shell" }) })
    await card.waitFor()
    expect(await card.locator(".host-tag").textContent()).toBe("devbox")
    await page.locator("lich-host-section .project[data-project=far]").waitFor()
  })

  it("shows a shell on the host that takes keystrokes from the local card", async () => {
    await cardNamed(page, "far-shell").click()
    await hostTerminal().waitFor()
    expect(await hostTerminal().getAttribute("session-id")).toBe(farId)
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo far-$((40+2))\n")
    await terminalRow(page, "far-42").waitFor()
    await shot(page, "hosts-connected")
  })

  it("marks the host's cards disconnected when its ssh dies, and its terminal takes no keys", async () => {
    const pid = forwardPid(m.local, "devbox")
    expect(pid).toBeDefined()
    process.kill(pid!, "SIGKILL")
    await page.locator("lich-host-section lich-session-card[disconnected]").waitFor()
    await page.locator("lich-terminal[data-host=devbox] .offline", { hasText: "devbox is disconnected" }).waitFor()
    await shot(page, "hosts-disconnected")
    // Typed while the link is down: xterm sends nothing, so it can never land on the far shell later.
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo typed-while-cut\n")
  })

  it("comes back by itself when the backend's reconnect makes the link again, its screen intact", async () => {
    await header("connected").waitFor({ timeout: 20_000 })
    await page
      .locator("lich-host-section lich-session-card:not([disconnected])", { has: page.locator(".label", { hasText: "far-shell" }) })
      .waitFor()
    // A new terminal on the new link: the far replay ring redraws what the shell printed before the drop.
    await terminalRow(page, "far-42").waitFor()
    await page.locator("lich-terminal .xterm-screen").click()
    await page.keyboard.type("echo back-$((1+1))\n")
    await terminalRow(page, "back-2").waitFor()
    expect(await page.locator("lich-terminal .xterm-rows > div", { hasText: "typed-while-cut" }).count()).toBe(0)
    // The session never stopped on the host: the same one, still live there.
    const far = (await post(m.remote, "/rpc/system.State", {})).json() as unknown as {
      cards: Array<{ session: { id: string }; live: boolean }>
    }
    expect(far.cards.find((c) => c.session.id === farId)?.live).toBe(true)
  })

  it("opens a session and a worktree on the host from the + under its project, and closes one with its ×", async () => {
    const repo = makeRepo(m.remote, "repo")
    expect((await m.remote.lich(["open", "--project", repo.dir, "--kind", "shell"])).code).toBe(0)
    const project = page.locator("lich-host-section .project[data-project=repo]")
    const cards = () => page.locator("lich-host-section lich-session-card").filter({ has: page.locator(".path", { hasText: "repo" }) })
    await cards().first().waitFor()
    await project.locator(".new button").click()
    await project.locator("lich-new-menu [data-kind=shell]").click()
    await cards().nth(1).waitFor()
    // The shell opened from here is shown: its terminal is the host's.
    await hostTerminal().waitFor()

    await project.locator(".new button").click()
    await project.locator("lich-new-menu [data-kind=worktree]").click()
    const dialog = page.locator("lich-worktree-dialog")
    await dialog.locator("h2", { hasText: "New worktree on devbox" }).waitFor()
    await dialog.locator("select[name=base] option[value=main]").waitFor({ state: "attached" })
    await dialog.locator("input[name=branch]").fill("far-feature")
    await dialog.locator("select[name=kind]").selectOption("shell")
    await dialog.locator("input[name=branch]").press("Enter")
    await page.locator("lich-host-section .block[data-group=far-feature]").waitFor()
    await shot(page, "hosts-worktree")

    const before = (await m.remote.lich(["sessions", "--json"])).stdout
    const first = cards().first()
    const label = await first.locator(".label").textContent()
    await first.hover()
    await first.locator("button.close").click()
    await page.locator("lich-toasts", { hasText: "on devbox" }).waitFor()
    const after = JSON.parse((await m.remote.lich(["sessions", "--json"])).stdout) as Array<{ label: string }>
    expect(after.length).toBe((JSON.parse(before) as Array<unknown>).length - 1)
    expect(after.map((s) => s.label)).not.toContain(label)
  })

  it("is removed from Settings › Hosts, and its section leaves the sidebar", async () => {
    await page.locator("lich-tabs button[aria-label=settings]").click()
    await page.locator("lich-settings nav button[data-section=Hosts]").click()
    await page.locator("lich-hosts-settings button[aria-label='remove devbox']").click()
    await page.locator("lich-hosts-settings .lead", { hasText: "No hosts yet." }).waitFor()
    await page.keyboard.press("Escape")
    await page.locator("lich-host-section").waitFor({ state: "detached" })
    expect(JSON.parse((await m.local.lich(["hosts", "--json"])).stdout)).toEqual([])
  })

  it("follows a host added and removed from the CLI in the open window, with no reload", async () => {
    // A mark on the page a reload would wipe: the section must come and go on the events alone.
    await page.evaluate(() => Object.assign(window, { __noReload: true }))
    // Settings › Hosts open all along: its list is the sidebar's, so the host comes and goes there too.
    await page.locator("lich-tabs button[aria-label=settings]").click()
    await page.locator("lich-settings nav button[data-section=Hosts]").click()
    await page.locator("lich-hosts-settings .lead", { hasText: "No hosts yet." }).waitFor()
    const row = page.locator("lich-hosts-settings .host[data-host=devbox]")
    expect((await m.local.lich(["hosts", "add", "devbox", "devbox"])).code).toBe(0)
    await header("connected").waitFor()
    await row.locator(".name .why", { hasText: /· connected/ }).waitFor()
    expect((await m.local.lich(["hosts", "remove", "devbox"])).code).toBe(0)
    await page.locator("lich-host-section").waitFor({ state: "detached" })
    await row.waitFor({ state: "detached" })
    await page.locator("lich-hosts-settings .lead", { hasText: "No hosts yet." }).waitFor()
    await page.keyboard.press("Escape")
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
  }, 60_000)
})
