// The diff dock from click to painted (issue 22; goal under 300 ms each on this machine): a real backend
// with one worktree session whose checkout changed 500 files and a 5,000-line file (a line changed in
// every hundred), headless Chromium at 1400×900, RUNS fresh loads of the window. Each load times:
//   baseline — a click on the same page that paints without the dock: the card's ⋯ menu opening;
//   dock     — a click on the card's +/− figure until the dock's 501 file rows are painted (the first
//              open of a load also fetches and runs the dock's chunk, from the HTTP cache);
//   diff     — a click on the 5,000-line file's row, made as soon as the dock is painted, until its
//              diff is painted (the dock fetches the diff's chunk, CodeMirror, once it is idle; a click
//              before that loads it; the file's two sides come from git.Diff in every click);
//   warm     — the dock closed and opened again, and the file opened again after another one;
//   split, whole — the same diff switched to side by side, then to the whole file (the editors made
//              again, no git call).
// "Painted": from the click event's timestamp to the task after the animation frame in which the rows
// or the diff's lines are first in the DOM, so the frame's style, layout and paint are counted. Beside
// each, the page's main-thread CPU over the same span (Chrome's TaskDuration), steadier under load.
// Medians, and each as a ratio to the baseline measured in the same loads. Not a test; never gates CI.
//   RUNS=10 node bench/dock.mjs
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { startBackend } from "./backendRun.mjs"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const RUNS = Number(process.env.RUNS ?? 10)
const FILES = 500
/** BENCH_CPU_PROF=<dir>: the page's CPU profile of each action in the first load measured, read best from an unminified build */
const PROFILE = process.env.BENCH_CPU_PROF
/** BENCH_TRACE=<dir>: Chrome's trace of each action in the first load measured (chrome://tracing, or summed by event) */
const TRACE = process.env.BENCH_TRACE
/** BENCH_DETAIL=1: each action's main-thread time split into script, style, layout */
const DETAIL = process.env.BENCH_DETAIL !== undefined
const METRICS = ["TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration"]
const BIG_LINES = 5000

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-dock-"))
const port = await freePort()
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("LICH_"))),
  GIT_AUTHOR_NAME: "b",
  GIT_AUTHOR_EMAIL: "b@lich.invalid",
  GIT_COMMITTER_NAME: "b",
  GIT_COMMITTER_EMAIL: "b@lich.invalid",
  HOME: dir,
  XDG_CONFIG_HOME: path.join(dir, "c"),
  XDG_DATA_HOME: path.join(dir, "d"),
  LICH_LISTEN_PORT: String(port),
  FAKE_AGENT_LOG: path.join(dir, "agents"),
  LICH_CLAUDE_BIN: path.join(root, "test", "fixtures", "agents", "mute")
}
const git = (cwd, ...args) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim()

// The project: 500 small files in 25 directories and one file of 5,000 lines, committed.
const project = path.join(dir, "project")
fs.mkdirSync(project)
git(project, "init", "-q", "-b", "main")
for (let i = 0; i < FILES; i++) {
  fs.mkdirSync(path.join(project, `src${i % 25}`), { recursive: true })
  fs.writeFileSync(path.join(project, `src${i % 25}`, `f${i}.ts`), `export const x${i} = 1\n`.repeat(20))
}
const bigLines = Array.from({ length: BIG_LINES }, (_, i) => `export const line${i + 1} = ${i + 1}`)
fs.writeFileSync(path.join(project, "big.ts"), `${bigLines.join("\n")}\n`)
git(project, "add", "-A")
git(project, "commit", "-q", "-m", "initial")

// A run that fails part-way still ends its backend and what runs under it (backendRun.mjs).
const { server, token } = await startBackend(lich, env, dir, "inherit")
const post = (route, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: "POST", path: `${route}?token=${token}`, headers: { "content-type": "application/json" } },
      (res) => {
        let text = ""
        res.on("data", (d) => (text += d))
        res.on("end", () => resolve({ status: res.statusCode, text }))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })

// The session's agent "edited": every small file gets a line, the big one a changed line in every hundred.
const s = JSON.parse(execFileSync(lich, ["open", "--project", project, "--worktree", "bench", "--json"], { env, encoding: "utf8" }))
for (let i = 0; i < FILES; i++) fs.appendFileSync(path.join(s.path, `src${i % 25}`, `f${i}.ts`), `export const edited${i} = 2\n`)
fs.writeFileSync(
  path.join(s.path, "big.ts"),
  `${bigLines.map((l, i) => ((i + 1) % 100 === 0 ? `changed ${(i + 1) / 100}` : l)).join("\n")}\n`
)
const refreshed = await post("/rpc/git.Refresh", { id: s.id })
if (refreshed.status !== 200) throw new Error(`git.Refresh: ${refreshed.text}`)
const rows = FILES + 1

const browser = await chromium.launch({
  executablePath: process.env.LICH_TEST_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"]
})
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
await context.addInitScript((rows) => {
  // Every load starts with the dock closed (its open state is remembered in localStorage).
  localStorage.removeItem("lich.dock")
  const app = () => document.querySelector("lich-app")?.shadowRoot
  const dock = () => app()?.querySelector("lich-dock")?.shadowRoot
  const card = () => app()?.querySelector("lich-sidebar")?.shadowRoot?.querySelector("lich-session-card")?.shadowRoot
  const lines = (text) => {
    const d = dock()?.querySelector("lich-diff")?.shadowRoot
    return d ? [...d.querySelectorAll(".cm-line")].some((l) => l.textContent === text) : false
  }
  const checks = {
    menu: () => card()?.querySelector(".menu") != null,
    list: () => (dock()?.querySelectorAll(".file").length ?? 0) >= rows,
    big: () => lines("changed 1"),
    small: () => lines("export const edited0 = 2"),
    split: () => dock()?.querySelector("lich-diff")?.shadowRoot?.querySelector(".cm-mergeView") != null && lines("changed 1"),
    whole: () => {
      const d = dock()?.querySelector("lich-diff")?.shadowRoot
      return d != null && d.querySelector(".cm-collapsedLines") == null && lines("export const line1 = 1")
    }
  }
  /** Armed before the click: resolves with ms from the click to the task after the frame that shows `name`. */
  window.__arm = (name) => {
    let t0
    window.addEventListener("click", (e) => (t0 = e.timeStamp), { capture: true, once: true })
    window.__took = new Promise((resolve) => {
      const look = () => {
        if (t0 !== undefined && checks[name]()) setTimeout(() => resolve(performance.now() - t0), 0)
        else requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
  }
}, rows)

const results = { baseline: [], dock: [], diff: [], dockWarm: [], diffWarm: [], split: [], whole: [] }
const cpu = { baseline: [], dock: [], diff: [], dockWarm: [], diffWarm: [], split: [], whole: [] }
let warmed = false
const fileRow = (page, name) => page.locator("lich-dock .file[data-section=uncommitted]", { has: page.locator(".name", { hasText: name }) })

/** Clicks `target`, waits for `check` to be painted; the wall time and the page's main-thread CPU it took. */
const timed = async (page, cdp, key, check, target) => {
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send("Performance.getMetrics")).metrics.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value])
    )
  // Found and scrolled to before the clock starts, so playwright's own search of the page is not counted.
  const el = await target.elementHandle()
  await el.scrollIntoViewIfNeeded()
  await page.evaluate((c) => window.__arm(c), check)
  const profile = PROFILE !== undefined && warmed && results[key].length === 0
  if (profile) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.start"))
  const trace = TRACE !== undefined && warmed && results[key].length === 0
  if (trace)
    await browser.startTracing(page, { path: path.join(TRACE, `dock-${key}.json`), categories: ["devtools.timeline", "v8", "blink"] })
  const before = await metrics()
  await el.click()
  const ms = await page.evaluate(() => window.__took)
  if (profile) fs.writeFileSync(path.join(PROFILE, `dock-${key}.cpuprofile`), JSON.stringify((await cdp.send("Profiler.stop")).profile))
  if (trace) await browser.stopTracing()
  const after = await metrics()
  const spent = (name) => ((after[name] - before[name]) * 1000).toFixed(0)
  if (DETAIL) console.log(`${key}: ${ms.toFixed(0)} ms; ${METRICS.map((m) => `${m.replace("Duration", "")} ${spent(m)}`).join(", ")}`)
  cpu[key].push((after.TaskDuration - before.TaskDuration) * 1000)
  results[key].push(ms)
}

for (let i = 0; i < RUNS + 1; i++) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send("Performance.enable")
  await page.goto(`http://127.0.0.1:${port}/?token=${token}`)
  const figure = page.locator("lich-session-card [data-fig=diff]")
  await figure.waitFor()
  await page.locator("lich-session-card").click()
  await page.locator("lich-terminal .xterm-screen").waitFor()
  const more = page.locator("lich-session-card button.more")
  await timed(page, cdp, "baseline", "menu", more)
  await more.click()
  await timed(page, cdp, "dock", "list", figure)
  await timed(page, cdp, "diff", "big", fileRow(page, "big.ts"))
  // The dock opens again on the file it showed: closed first, so the warm open is the list alone.
  await page.locator("lich-dock button[aria-label='close diff']").click()
  await page.locator("lich-dock lich-diff").waitFor({ state: "detached" })
  await page.locator("lich-dock button[aria-label='close dock']").click()
  await page.locator("lich-dock").waitFor({ state: "detached" })
  await timed(page, cdp, "dockWarm", "list", figure)
  await fileRow(page, "f0.ts").first().click()
  await page.waitForFunction(() => {
    const d = document.querySelector("lich-app")?.shadowRoot?.querySelector("lich-dock")?.shadowRoot?.querySelector("lich-diff")?.shadowRoot
    return d ? [...d.querySelectorAll(".cm-line")].some((l) => l.textContent === "export const edited0 = 2") : false
  })
  await timed(page, cdp, "diffWarm", "big", fileRow(page, "big.ts"))
  // The same diff side by side, then whole (unfolded), each drawn anew; the dock's look is put back after.
  await timed(page, cdp, "split", "split", page.locator("lich-dock .seg button[data-mode=split]"))
  await page.locator("lich-dock .seg button[data-mode=unified]").click()
  await timed(page, cdp, "whole", "whole", page.locator("lich-dock input[name=whole]"))
  // The first load warms the HTTP cache, the backend and git's; it is dropped.
  if (i === 0)
    for (const k of Object.keys(results)) {
      results[k].pop()
      cpu[k].pop()
    }
  warmed = true
  await page.close()
}
await browser.close()
execFileSync(lich, ["quit"], { env })
await new Promise((r) => server.once("exit", r))
fs.rmSync(dir, { recursive: true, force: true })

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const base = median(results.baseline)
const baseCpu = median(cpu.baseline)
const line = (key, what, goal) => {
  const m = median(results[key])
  const c = median(cpu[key])
  const verdict = goal ? (m < 300 ? " (goal < 300 ms: met)" : " (goal < 300 ms: NOT met)") : ""
  return `  ${what.padEnd(44)} ${m.toFixed(0).padStart(5)} ms, max ${Math.max(...results[key])
    .toFixed(0)
    .padStart(
      5
    )} ms  ${(m / base).toFixed(1).padStart(5)}×   main-thread CPU ${c.toFixed(0).padStart(4)} ms ${(c / Math.max(baseCpu, 0.1)).toFixed(1).padStart(5)}×${verdict}`
}
const load = fs.readFileSync("/proc/loadavg", "utf8").trim().split(" ").slice(0, 3).join(" ")
console.log(
  `dock: ${rows} changed files and a ${BIG_LINES}-line diff (50 changed lines), ${RUNS} loads at 1400×900, medians, click → painted`
)
console.log(
  `  ${"baseline: the card's ⋯ menu (no dock)".padEnd(44)} ${base.toFixed(0).padStart(5)} ms, max ${Math.max(...results.baseline)
    .toFixed(0)
    .padStart(5)} ms     1×   main-thread CPU ${baseCpu.toFixed(0).padStart(4)} ms`
)
console.log(line("dock", `dock opened, ${rows} rows (its chunk's first run)`, true))
console.log(line("dockWarm", `dock opened again, ${rows} rows`, true))
console.log(line("diff", `${BIG_LINES}-line diff, the load's first`, true))
console.log(line("diffWarm", `${BIG_LINES}-line diff, opened again`, true))
console.log(line("split", `${BIG_LINES}-line diff, switched to split`, true))
console.log(line("whole", `${BIG_LINES}-line diff, whole file (unified)`, true))
console.log(`  load ${load} (1/5/15 min) after the run; nproc ${os.cpus().length}; ${os.cpus()[0]?.model ?? ""}`)
