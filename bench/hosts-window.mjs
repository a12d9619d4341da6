// The window's first paint with hosts (issue 27): 3 hosts × 50 sessions — three far liches, each
// behind a private sshd on loopback (bench/sshd.mjs, as the tests set it up) and added to a local
// lich that has no sessions of its own — against the baseline, a lich with the same 150 sessions
// local, in one project so that its sidebar draws the same 150 cards. Headless Chromium loads each
// window RUNS times on a fresh tab, the two interleaved so a busy machine slows both alike; a load
// is timed from navigation start to the animation frame in which all 150 cards are in the DOM. For
// the hosts window that frame follows hosts.List, then each host's hosts.State through its forward.
// Prints the medians and maxima, the ratio, the goal (< 500 ms), the load and the CPU. Not a test.
//   RUNS=15 node bench/hosts-window.mjs   (BENCH_DETAIL=1: each load's request timings; BENCH_CPU_PROF=<dir>: the page's profiles)
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { chromium } from "playwright-core"
import { isolated, machines, openPayload, rpcOf, startLich } from "./sshd.mjs"

const RUNS = Number(process.env.RUNS ?? 15)
const HOSTS = 3
const PER_HOST = 50
const CARDS = HOSTS * PER_HOST
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const openShells = async (b, dir, n) => {
  fs.mkdirSync(dir, { recursive: true })
  const rpc = rpcOf(b)
  const one = () => rpc("spawn.Open", openPayload(dir))
  // Ten at a time: every open starts a PTY, and 150 at once would only queue on two cores.
  for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: Math.min(10, n - i) }, one))
}

const m = await machines({ hosts: HOSTS })
for (const [i, r] of m.remotes.entries()) await openShells(r, path.join(r.env.HOME, `far${i + 1}`), PER_HOST)
const local = rpcOf(m.local)
for (let i = 1; i <= HOSTS; i++) {
  const added = await local("hosts.Add", { name: `host${i}`, destination: `host${i}`, lich: "" })
  if (added.state !== "connected") throw new Error(`host${i} did not connect: ${added.message}`)
}
const baseline = await startLich(await isolated(path.join(m.dir, "baseline"), {}))
process.on("exit", () => baseline.child.exitCode === null && baseline.child.kill("SIGTERM"))
await openShells(baseline, path.join(baseline.env.HOME, "all"), CARDS)

const browser = await chromium.launch({
  executablePath: process.env.LICH_TEST_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"]
})
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
await context.addInitScript((want) => {
  // The local cards, and every host section's: the frame in which there are `want` of them paints them.
  const count = () => {
    const sidebar = document.querySelector("lich-app")?.shadowRoot?.querySelector("lich-sidebar")?.shadowRoot
    if (!sidebar) return 0
    let n = sidebar.querySelectorAll("lich-session-card").length
    for (const s of sidebar.querySelectorAll("lich-host-section")) n += s.shadowRoot?.querySelectorAll("lich-session-card").length ?? 0
    return n
  }
  const look = () => {
    if (count() >= want) window.__cardsAt = performance.now()
    else requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
}, CARDS)

/** BENCH_CPU_PROF=<dir>: the page's CPU profile of each hosts load, to read in Chrome's DevTools */
const PROFILE = process.env.BENCH_CPU_PROF
let profiled = 0

const paint = async (b) => {
  const page = await context.newPage()
  const cdp = PROFILE && b !== baseline ? await context.newCDPSession(page) : undefined
  if (cdp) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.start"))
  await page.goto(`http://127.0.0.1:${b.port}/?token=${b.token}`)
  await page.waitForFunction(() => window.__cardsAt !== undefined, undefined, { timeout: 60_000 })
  const [at, marks] = await page.evaluate(() => [
    window.__cardsAt,
    performance
      .getEntriesByType("resource")
      .filter((r) => /app\.js|State|List|Themes/.test(r.name))
      .map((r) => `${r.name.replace(/^.*\//, "").replace(/\?.*/, "")} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`)
  ])
  if (cdp)
    fs.writeFileSync(path.join(PROFILE, `hosts-window-${profiled++}.cpuprofile`), JSON.stringify((await cdp.send("Profiler.stop")).profile))
  if (process.env.BENCH_DETAIL) console.log(b === baseline ? "local" : "hosts", at.toFixed(0), marks.join(" | "))
  await page.close()
  return at
}

// The first load of each warms the HTTP cache, the backends and the forwards' connections.
await paint(m.local)
await paint(baseline)
const hosts = []
const here = []
const load0 = os.loadavg()
for (let i = 0; i < RUNS; i++) {
  hosts.push(await paint(m.local))
  here.push(await paint(baseline))
}
const load1 = os.loadavg()
await browser.close()
await rpcOf(baseline)("system.Quit", {}).catch(() => undefined)
await m.stop()

const mh = median(hosts)
const ml = median(here)
const cpu = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}`
console.log(`window first paint, ${HOSTS} hosts × ${PER_HOST} sessions against the same ${CARDS} sessions local, ${RUNS} loads each`)
console.log(`  hosts: median ${mh.toFixed(1)} ms, max ${Math.max(...hosts).toFixed(1)} ms (goal < 500 ms: ${mh < 500 ? "met" : "missed"})`)
console.log(`  local (baseline): median ${ml.toFixed(1)} ms, max ${Math.max(...here).toFixed(1)} ms`)
console.log(`  ratio hosts/local: ${(mh / ml).toFixed(2)}×`)
console.log(
  `  load average ${load0.map((x) => x.toFixed(2)).join(" ")} before, ${load1.map((x) => x.toFixed(2)).join(" ")} after; CPU ${cpu}`
)
