// The relay timeline's two costs (issue 25), each against a baseline taken in the same run:
//  - recording: the relay's pure steps for ERRANDS hand-offs with the timeline (`step`: its journal
//    act and marks) against the same steps without it (`handle`), CPU per event; then the log's work
//    for those marks (memory, and one flush to a real SQLite file), per errand — set beside the
//    hand-off's own floor, the 150 ms the relay waits between the paste and the Enter.
//  - drawing: 10,000 errands over a day in 20 lanes, drawn by the window's own functions in real
//    Chromium, against drawing none on the same page (the floor: two frames). Goal < 300 ms.
// Prints the load and CPU beside the figures. Not a test; never gates CI.
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { chromium } from "playwright-core"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const RUNS = Number(process.env.RUNS ?? 7)
const N = Number(process.env.N ?? 10_000)
// Inside the checkout's node_modules, so the bundle finds the native SQLite the store uses.
const dir = fs.mkdtempSync(path.join(root, "node_modules", ".lich-bench-timeline-"))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const bundle = async (name, platform) => {
  const outfile = path.join(dir, `${name}.${platform === "node" ? "cjs" : "js"}`)
  await build({
    entryPoints: [path.join(root, "bench", "timeline", `${name}.ts`)],
    outfile,
    bundle: true,
    platform,
    format: platform === "node" ? "cjs" : "iife",
    target: platform === "node" ? "node20" : "chrome120",
    minify: true,
    logLevel: "warning",
    external: ["better-sqlite3", "node-pty"],
    // As scripts/build.mjs has it: jsonc-parser's UMD entry requires files esbuild cannot see.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" }
  })
  return outfile
}

try {
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}; load ${load} at start`)

  const rec = JSON.parse(execFileSync(process.execPath, [await bundle("record", "node")], { encoding: "utf8", cwd: root }))
  const perBare = rec.bareUs / rec.events
  const perFull = rec.fullUs / rec.events
  const logPerErrand = (rec.markUs + rec.flushUs) / rec.errands
  const perErrand = (perFull - perBare) * (rec.events / rec.errands) + logPerErrand
  console.log(`recording, ${rec.errands} hand-offs of ${rec.events / rec.errands} events, CPU (median of rounds):`)
  console.log(
    `  a step without the timeline ${perBare.toFixed(2)} µs/event, with it ${perFull.toFixed(2)} µs/event: ${(perFull / perBare).toFixed(2)}x`
  )
  console.log(
    `  the log: ${(rec.markUs / rec.errands).toFixed(1)} µs/errand in memory, ${(rec.flushUs / rec.errands).toFixed(1)} µs/errand written (one flush)`
  )
  console.log(
    `  all of it per errand: ${perErrand.toFixed(1)} µs = ${((perErrand / 150_000) * 100).toFixed(4)} % of the hand-off's 150 ms paste-to-Enter floor (goal ≤ 5 %)`
  )

  const page = await (
    await chromium.launch({ executablePath: process.env.LICH_TEST_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] })
  ).newPage({ viewport: { width: 1400, height: 900 } })
  await page.setContent(
    `<style>body{margin:0;font:11px sans-serif} .lane:nth-of-type(odd){fill:#eee} g.errand .bar{fill:#16a34a} g.errand .arrow{stroke:#16a34a;opacity:.5} .grid{stroke:#ddd}</style><div id="canvas"></div>`
  )
  await page.addScriptTag({ path: await bundle("render", "browser") })
  const floor = []
  const full = []
  for (let i = 0; i < RUNS; i++) {
    floor.push(await page.evaluate(() => window.bench.draw(0)))
    full.push(await page.evaluate((n) => window.bench.draw(n), N))
  }
  await page.context().browser().close()
  const f = median(floor)
  const d = median(full)
  console.log(
    `drawing ${N} errands in Chromium (median of ${RUNS}, max ${Math.max(...full).toFixed(0)} ms): ${d.toFixed(0)} ms against ${f.toFixed(0)} ms for none: ${(d / f).toFixed(1)}x; ${d - f < 300 ? "meets" : "misses"} the goal (< 300 ms over the floor)`
  )
  console.log(
    `load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")} at end`
  )
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
