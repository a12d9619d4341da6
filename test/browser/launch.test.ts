/**
 * Launching the window: a second bare `lich` asks the running backend to open one. The browser it
 * starts (here a stand-in that records its argv) gets a one-time launch code, never the token, with
 * the reference's flags; the page trades the code for the token once, in a real browser.
 */
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, root, startBackend } from "../harness.js"
import { cardNamed, launchBrowser, shot, tokenOf } from "./window.js"

const fakeBrowser = path.join(root, "test", "fixtures", "fake-browser.sh")
let b: Backend
let browser: Browser

const postLaunch = (code: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: b.port, method: "POST", path: "/launch" }, (res) => {
      let body = ""
      res.on("data", (d) => (body += d))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on("error", reject)
    req.end(JSON.stringify({ code }))
  })

/** Runs a second `lich` with the stand-in browser and returns the argv the backend started it with. */
const launch = async (extra: ReadonlyArray<string> = []) => {
  const argvFile = path.join(b.env.HOME!, "browser-argv.txt")
  fs.rmSync(argvFile, { force: true })
  const r = await b.lich(["--shell", fakeBrowser, ...extra])
  expect(r, r.stderr).toMatchObject({ code: 0 })
  expect(r.stdout).toContain("opened a window on it")
  // The stand-in writes its argv and exits; the backend answered once it was spawned, so wait for the file.
  await new Promise<void>((resolve) => {
    const done = () => fs.existsSync(argvFile) && fs.readFileSync(argvFile, "utf8").endsWith("\n")
    if (done()) return resolve()
    const w = fs.watch(path.dirname(argvFile), () => {
      if (done()) {
        w.close()
        resolve()
      }
    })
  })
  return fs.readFileSync(argvFile, "utf8").trimEnd().split("\n")
}

beforeAll(async () => {
  ;[b, browser] = await Promise.all([startBackend(), launchBrowser()])
  await b.lich(["open", "--project", b.project("api"), "--kind", "shell"])
})
afterAll(async () => {
  await browser?.close()
  await b?.stop()
})

describe("opening the window", () => {
  it("starts the browser in app mode on its own profile with the reference's flags, the user's flags last, and no token", async () => {
    const argv = await launch(["--", "--ozone-platform=x11"])
    const token = tokenOf(b)
    expect(argv.join(" ")).not.toContain(token)
    expect(argv[0]).toMatch(new RegExp(`^--app=http://127\\.0\\.0\\.1:${b.port}/\\?launch=[0-9a-f]{32}$`))
    expect(argv.slice(1, 8)).toEqual([
      `--user-data-dir=${path.join(b.env.XDG_CONFIG_HOME!, "lich", "chromium-profile")}`,
      "--profile-directory=Default",
      "--class=lich",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-features=Translate",
      "--test-type"
    ])
    expect(argv.includes("--no-sandbox")).toBe(process.getuid?.() === 0)
    expect(argv.at(-1)).toBe("--ozone-platform=x11")
  })

  it("hands the page its token for the launch code once, and the address bar keeps neither", async () => {
    const argv = await launch()
    const url = argv[0]!.slice("--app=".length)
    const page = await browser.newPage()
    await page.goto(url)
    await page.locator("lich-app[data-ready=true]").waitFor()
    await cardNamed(page, "Session 1").waitFor()
    expect(page.url()).toBe(`http://127.0.0.1:${b.port}/`)
    await shot(page, "20-launched")
    // Spent: the same code opens nothing a second time.
    const code = new URL(url).searchParams.get("launch")!
    expect((await postLaunch(code)).status).toBe(403)
    const other = await browser.newPage()
    await other.goto(url)
    await other.locator("lich-app", { hasText: "" }).waitFor()
    await other.waitForFunction(() => document.querySelector("lich-app")!.shadowRoot!.textContent!.includes("this window has no token"))
    await page.close()
    await other.close()
  })

  it("refuses a launch code that was never issued", async () => {
    expect(await postLaunch("0".repeat(32))).toMatchObject({ status: 403 })
  })

  it("refuses a --shell that is not a program, in one line, without touching the running lich", async () => {
    const r = await b.lich(["--shell", "/nonexistent/browser"])
    expect(r).toMatchObject({ code: 1, stderr: "lich: --shell /nonexistent/browser is not an executable file\n" })
    expect((await b.lich(["sessions", "--json"])).code).toBe(0)
  })
})
