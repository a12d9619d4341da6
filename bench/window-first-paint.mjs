// The window's first paint with 20 cards in 3 projects (goal: under 300 ms on this machine): a real
// backend with 20 shell sessions, headless Chromium loading the page RUNS times on a fresh tab, and
// the time from navigation start to the first animation frame in which the active tab's cards are
// in the DOM (the frame that paints them). Baseline in the same run: the page's own first
// contentful paint (HTML, scripts, theme), so the ratio is what loading the state and drawing the
// cards adds. Not a test.   RUNS=15 node bench/window-first-paint.mjs
import { execFileSync, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { chromium } from "playwright-core"

const root = path.join(path.dirname(new URL(import.meta.url).pathname), "..")
const lich = path.join(root, "bin", "lich")
const RUNS = Number(process.env.RUNS ?? 15)
const CARDS = [8, 7, 5]

const freePort = () =>
  new Promise((r) => {
    const s = net.createServer()
    s.listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => r(p))
    })
  })
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-paint-"))
const port = await freePort()
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("LICH_"))),
  HOME: path.join(dir, "home"),
  XDG_CONFIG_HOME: path.join(dir, "config"),
  XDG_DATA_HOME: path.join(dir, "data"),
  LICH_LISTEN_PORT: String(port),
  SHELL: "/bin/sh"
}
fs.mkdirSync(env.HOME, { recursive: true })
const backend = spawn(lich, ["--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
await new Promise((resolve) => backend.stdout.on("data", (d) => String(d).includes("Window: http") && resolve()))
CARDS.forEach((n, i) => {
  const p = path.join(dir, "projects", `p${i}`)
  fs.mkdirSync(p, { recursive: true })
  for (let k = 0; k < n; k++) execFileSync(lich, ["open", "--project", p, "--kind", "shell"], { env })
})
const token = JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME, "lich", "runtime.json"), "utf8")).token

const browser = await chromium.launch({
  executablePath: process.env.LICH_TEST_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"]
})
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
await context.addInitScript(() => {
  const look = () => {
    const n =
      document.querySelector("lich-app")?.shadowRoot?.querySelector("lich-sidebar")?.shadowRoot?.querySelectorAll("lich-session-card")
        .length ?? 0
    if (n > 0) window.__cardsAt = performance.now()
    else requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
})
const cards = []
const fcps = []
for (let i = 0; i < RUNS + 1; i++) {
  const page = await context.newPage()
  await page.goto(`http://127.0.0.1:${port}/?token=${token}`)
  await page.waitForFunction(() => window.__cardsAt !== undefined)
  const [at, fcp, marks] = await page.evaluate(() => [
    window.__cardsAt,
    performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    performance
      .getEntriesByType("resource")
      .filter((r) => /app\.js|State|Providers|Themes|events/.test(r.name))
      .map((r) => `${r.name.replace(/^.*\//, "").replace(/\?.*/, "")} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`)
  ])
  if (process.env.BENCH_DETAIL) console.log(at.toFixed(0), marks.join(" | "))
  if (i > 0) {
    cards.push(at)
    fcps.push(fcp)
  } // the first load warms the HTTP cache and the backend
  await page.close()
}
await browser.close()
backend.kill("SIGTERM")
await new Promise((r) => backend.once("exit", r))
fs.rmSync(dir, { recursive: true, force: true })

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const mc = median(cards)
const mf = median(fcps)
console.log(`window first paint with ${CARDS.reduce((a, b) => a + b)} cards in ${CARDS.length} projects, ${RUNS} loads`)
console.log(`  cards painted: median ${mc.toFixed(1)} ms, max ${Math.max(...cards).toFixed(1)} ms (goal < 300 ms)`)
console.log(`  baseline, first contentful paint: median ${mf.toFixed(1)} ms`)
console.log(`  ratio cards/FCP: ${(mc / Math.max(mf, 1)).toFixed(2)}×`)
