// Cold start of the shipped CLI against a live backend: the median wall time of
// `bin/lich sessions --json` versus a baseline measured in the same run — plain `node` making the
// same request with node:http and printing the body. Prints the ratio, `lich help` (the path that
// evaluates no Effect) and the same call on the full path (LICH_NO_FAST_PATH=1: @effect/cli and
// Effect, what every other command runs) against the same baseline. Runs are interleaved so a busy machine slows both
// sides alike; RUNS=40 for a steadier median. Not a test; never gates CI. See bench/README.md.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const runs = Number(process.env.RUNS ?? 30)

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-"))
const port = await freePort()
const env = { ...process.env, XDG_CONFIG_HOME: path.join(dir, "c"), XDG_DATA_HOME: path.join(dir, "d"), LICH_LISTEN_PORT: String(port) }
// The baseline runs as lean as bin/lich does: no CA bundle parsed at start-up (bin/lich unsets it too).
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID", "NODE_EXTRA_CA_CERTS"]) delete env[k]
const backend = spawn(lich, ["--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
await new Promise((resolve) => backend.stdout.on("data", (d) => String(d).includes("Window:") && resolve()))
const { token } = JSON.parse(fs.readFileSync(path.join(dir, "c", "lich", "runtime.json"), "utf8"))

const baselineScript = path.join(dir, "baseline.cjs")
fs.writeFileSync(
  baselineScript,
  `const http=require("node:http");const b=JSON.stringify({from:""});` +
    `const r=http.request({host:"127.0.0.1",port:${port},method:"POST",path:"/rpc/relay.Peers?token=${token}",headers:{"content-type":"application/json","content-length":b.length}},` +
    `(res)=>{let s="";res.on("data",(d)=>s+=d);res.on("end",()=>process.stdout.write(s+"\\n"))});r.end(b)`
)

const time = (file, args, extra = {}) => {
  const t = process.hrtime.bigint()
  const r = spawnSync(file, args, { env: { ...env, ...extra }, encoding: "utf8" })
  if (r.status !== 0) throw new Error(`${file} ${args.join(" ")} failed: ${r.stderr}`)
  return Number(process.hrtime.bigint() - t) / 1e6
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const fullPath = { LICH_NO_FAST_PATH: "1" }
time(lich, ["sessions", "--json"]) // warm the code caches and the page cache
time(lich, ["sessions", "--json"], fullPath)
const base = []
const ours = []
const help = []
const full = []
for (let i = 0; i < runs; i++) {
  base.push(time(process.execPath, [baselineScript]))
  ours.push(time(lich, ["sessions", "--json"]))
  help.push(time(lich, ["help"]))
  full.push(time(lich, ["sessions", "--json"], fullPath))
}
backend.kill("SIGTERM")
const kib = (f) => (fs.existsSync(f) ? `${(fs.statSync(f).size / 1024).toFixed(0)} KiB` : "none")
const cli = path.join(root, "dist", "cli.cjs")
console.log(`runs: ${runs}`)
console.log(`baseline (node + node:http): median ${median(base).toFixed(1)} ms`)
console.log(`lich sessions --json:        median ${median(ours).toFixed(1)} ms`)
console.log(`lich help:                   median ${median(help).toFixed(1)} ms  (${(median(help) / median(base)).toFixed(2)}x)`)
console.log(`full path (no fast path):    median ${median(full).toFixed(1)} ms  (${(median(full) / median(base)).toFixed(2)}x)`)
const ratio = median(ours) / median(base)
const fast = path.join(root, "dist", "fast.cjs")
console.log(`ratio: ${ratio.toFixed(2)}x   (fast bundle ${kib(fast)}, cli bundle ${kib(cli)}, code cache ${kib(`${cli}.cache`)})`)
// The goal of issue 14 (the first version's was 2.0x).
console.log(`goal ≤ 1.6x: ${ratio <= 1.6 ? "met" : "not met"}`)
fs.rmSync(dir, { recursive: true, force: true })
