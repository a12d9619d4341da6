// The backend's HTTP layer: the shipped hand-written node:http listener (apps/server/src/http/Listener.ts)
// against the same routes on @effect/platform's HttpRouter (bench/http/platformCandidate.ts), each
// serving one trivial procedure (bench.Echo) through the shipped serveRpc. Printed as ratios to a plain
// node:http server doing only JSON.parse/stringify (the floor), measured in the same run:
//   1. a warm RPC round trip over one keep-alive connection, and one with a fresh connection per
//      call (what a CLI call does), median of interleaved rounds;
//   2. start-up: spawn to listening, against the floor and `node -e 0`;
//   3. bundle sizes, and what the candidate adds to the server bundle (apps/server/src/bin.ts);
//   4. whether a client sending a body over 1 MiB hears the 413 (the listener reads and drops the rest).
// Bundled here with scripts/build.mjs's options for the server. Not a test; never gates CI.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const RUNS = Number(process.env.RUNS ?? 15)
const CALLS = Number(process.env.CALLS ?? 400)
const ROUNDS = Number(process.env.ROUNDS ?? 5)
const TOKEN = "bench-token"
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-http-"))

// scripts/build.mjs's options for dist/server.cjs, so the sizes compare with what ships.
const SERVER_OPTIONS = { bundle: true, platform: "node", target: "node20", format: "cjs", minify: true, legalComments: "none" }
const bundle = async (entry) => {
  const outfile = path.join(dir, `${path.basename(entry, ".ts")}.cjs`)
  const define = { __LICH_VERSION__: '"bench"' }
  await build({
    ...SERVER_OPTIONS,
    entryPoints: [path.join(root, entry)],
    outfile,
    define,
    logLevel: "error",
    external: ["node-pty", "better-sqlite3"]
  })
  return outfile
}
const kib = (file) => `${(fs.statSync(file).size / 1024).toFixed(0)} KiB`
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const candidates = [
  ["floor (plain node:http)", await bundle("bench/http/floor.ts")],
  ["hand-written listener (shipped)", await bundle("bench/http/handWritten.ts")],
  ["@effect/platform HttpRouter", await bundle("bench/http/runPlatform.ts")]
]
const server = await bundle("apps/server/src/bin.ts")
const serverPlus = await bundle("bench/http/serverPlusPlatform.ts")

// A real port, not 0: the Host check compares against the port the listener was given.
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })
const start = async (file) => {
  const port = await freePort()
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint()
    const child = spawn(process.execPath, [file, String(port)], { stdio: ["ignore", "pipe", "inherit"] })
    child.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d))
      if (m) resolve({ child, port: Number(m[1]), ms: Number(process.hrtime.bigint() - t0) / 1e6 })
    })
  })
}

const call = (port, agent, body = '{"text":"hello"}') =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/rpc/bench.Echo?token=${TOKEN}`,
        agent,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        const chunks = []
        res.on("data", (d) => chunks.push(d))
        res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }))
      }
    )
    req.on("error", reject)
    req.end(body)
  })

const roundTrips = async (port, agent) => {
  const times = []
  for (let i = 0; i < CALLS; i++) {
    const t0 = process.hrtime.bigint()
    const r = await call(port, agent)
    if (r.status !== 200) throw new Error(`bench.Echo answered ${r.status}: ${r.text}`)
    times.push(Number(process.hrtime.bigint() - t0) / 1e3)
  }
  return times
}

// 1. start-up, interleaved; `node -e 0` is the process floor.
const startups = candidates.map(() => [])
const nodeStarts = []
for (let r = 0; r < RUNS; r++) {
  const t0 = process.hrtime.bigint()
  spawnSync(process.execPath, ["-e", "0"])
  nodeStarts.push(Number(process.hrtime.bigint() - t0) / 1e6)
  for (const [i, [, file]] of candidates.entries()) {
    const s = await start(file)
    startups[i].push(s.ms)
    s.child.kill()
  }
}

// 2. round trips, interleaved by round so load on the machine slows every candidate alike.
const running = await Promise.all(candidates.map(([, file]) => start(file)))
const warm = candidates.map(() => [])
const fresh = candidates.map(() => [])
const agents = running.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }))
for (const [i, s] of running.entries()) await roundTrips(s.port, agents[i]) // warm-up: JIT, keep-alive socket
for (let r = 0; r < ROUNDS; r++) {
  for (const [i, s] of running.entries()) {
    warm[i].push(...(await roundTrips(s.port, agents[i])))
    fresh[i].push(...(await roundTrips(s.port, false)))
  }
}

// 3. a body over 1 MiB: does the client read the 413, or is it reset mid-send?
const over = await Promise.all(
  running.slice(1).map((s) =>
    call(s.port, false, JSON.stringify({ text: "x".repeat(4 * 1024 * 1024) })).then(
      (r) => `${r.status} ${r.text}`,
      (e) => `no answer (${e.code ?? e.message})`
    )
  )
)
for (const s of running) s.child.kill()

const floorWarm = median(warm[0])
const floorFresh = median(fresh[0])
const floorStart = median(startups[0])
console.log(`HTTP layer, ${ROUNDS}×${CALLS} calls per mode, start-up median of ${RUNS} (node -e 0: ${median(nodeStarts).toFixed(1)} ms)`)
console.log("| server | warm round trip | fresh connection | start-up | bundle |")
console.log("| --- | --- | --- | --- | --- |")
for (const [i, [name, file]] of candidates.entries()) {
  const w = median(warm[i])
  const f = median(fresh[i])
  const s = median(startups[i])
  console.log(
    `| ${name} | ${w.toFixed(0)} µs (${(w / floorWarm).toFixed(2)}×) | ${f.toFixed(0)} µs (${(f / floorFresh).toFixed(2)}×) | ${s.toFixed(1)} ms (${(s / floorStart).toFixed(2)}×) | ${kib(file)} |`
  )
}
const ratio = median(warm[2]) / median(warm[1])
console.log(
  `platform / hand-written: warm ${ratio.toFixed(2)}×, fresh ${(median(fresh[2]) / median(fresh[1])).toFixed(2)}×, start-up ${(median(startups[2]) / median(startups[1])).toFixed(2)}×`
)
console.log(
  `server bundle: ${kib(server)} shipped, ${kib(serverPlus)} with the candidate beside it (+${((fs.statSync(serverPlus).size - fs.statSync(server).size) / 1024).toFixed(0)} KiB)`
)
console.log(`a 4 MiB body: hand-written → ${over[0]}; platform → ${over[1]}`)
fs.rmSync(dir, { recursive: true, force: true })
