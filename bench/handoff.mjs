// Relay hand-off latency and fan-out against a real backend and fake agents (test/fixtures/agents).
// Prints: send → bytes-at-target for a hook-reporting idle target and for a silent one (no hooks:
// lich waits for 600 ms of quiet), each as a ratio to a plain RPC round trip measured in the same
// run; an N-way fan-out (FAN, default 200) to fresh targets sent as RPCs from this one process; then
// FAN_ROUNDS rounds of the same fan-out sent by N `lich send` processes at once, each against the
// floor of N node processes making one request at once, with the CPU each part spent (fanout.mjs).
// The goal (issue 21): the fan-out ≤ 1.5× that floor at N = 200. Not a test; never gates CI.
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { cpuOf, fanRound, floorScript, hostPid } from "./fanout.mjs"
import { mcpLatencyLine } from "./mcp/latency.mjs"
import { openPayload } from "./sshd.mjs"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const agents = path.join(root, "test", "fixtures", "agents")
const ROUNDS = Number(process.env.ROUNDS ?? 15)
const FAN = Number(process.env.FAN ?? 200)
const FAN_ROUNDS = Number(process.env.FAN_ROUNDS ?? 3)

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })
const loadBefore = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(" ")
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-handoff-"))
const logDir = path.join(dir, "agents")
const port = await freePort()
const env = {
  ...process.env,
  HOME: dir,
  XDG_CONFIG_HOME: path.join(dir, "c"),
  XDG_DATA_HOME: path.join(dir, "d"),
  LICH_LISTEN_PORT: String(port),
  FAKE_AGENT_LOG: logDir,
  LICH_CLAUDE_BIN: path.join(agents, "fast-replier"),
  LICH_CRUSH_BIN: path.join(agents, "mute")
}
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID"]) delete env[k]
// BENCH_CPU_PROF=<dir>: a CPU profile of the backend (read it from a build with minify off).
const prof = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
// With a profile, each phase's start on the monotonic clock the profile's timestamps use (µs), to cut it by phase.
const phase = (name) => prof.length > 0 && console.error(`phase ${name} at ${process.hrtime.bigint() / 1000n} µs`)
const backend = spawn(process.execPath, [...prof, lich, "--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
// A bench that fails part way must not leave its backend (and every target in it) running.
process.on("exit", () => backend.kill("SIGTERM"))
await new Promise((resolve) => backend.stdout.on("data", (d) => String(d).includes("Window:") && resolve()))
const { token } = JSON.parse(fs.readFileSync(path.join(dir, "c", "lich", "runtime.json"), "utf8"))
const project = path.join(dir, "project")
fs.mkdirSync(project)

const agentOpt = new http.Agent({ keepAlive: true })
const rpc = (method, body) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: `/rpc/${method}?token=${token}`,
        agent: agentOpt,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        let s = ""
        res.on("data", (d) => (s += d))
        res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(s)) : reject(new Error(s))))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })
const open = (kind) => rpc("spawn.Open", openPayload(project, kind)).then((o) => o.session)
const waitFile = (file) =>
  new Promise((resolve) => {
    const look = () => fs.existsSync(file)
    if (look()) return resolve()
    const w = fs.watch(path.dirname(file), () => {
      if (!look()) return
      w.close()
      resolve()
    })
  })
/** A fake agent's start record, once it is written whole (it is created a moment before it is filled). */
const readRecord = (id) =>
  new Promise((resolve) => {
    const file = path.join(logDir, `${id}.json`)
    const look = () => {
      let record
      try {
        record = JSON.parse(fs.readFileSync(file, "utf8"))
      } catch {
        return false
      }
      resolve(record)
      return true
    }
    if (look()) return
    const w = fs.watch(logDir, () => look() && w.close())
  })
/** The epoch ms at which the target's fake agent logged a paste containing `needle`. */
const pastedAt = (id, needle) =>
  new Promise((resolve) => {
    const file = path.join(logDir, `${id}.messages.jsonl`)
    const look = () => {
      if (!fs.existsSync(file)) return false
      for (const line of fs.readFileSync(file, "utf8").split("\n")) {
        if (!line) continue
        const r = JSON.parse(line)
        if (r.event === "paste" && r.text.includes(needle)) {
          resolve(r.at)
          return true
        }
      }
      return false
    }
    if (look()) return
    const w = fs.watch(logDir, () => look() && w.close())
  })
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

fs.mkdirSync(logDir, { recursive: true })
const hooked = await open("claude")
const silent = await open("crush")
await Promise.all([hooked, silent].map((s) => waitFile(path.join(logDir, `${s.id}.json`))))

const base = []
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now()
  await rpc("relay.Peers", { from: "" })
  base.push(performance.now() - t)
}
// Warm-up: the hooked target reports done after its first turn, which is what makes it "idle".
await rpc("relay.Send", { from: "", target: hooked.id, project: "", prompt: "warm up", timeout: 30, private: false })

const measure = async (target, rounds, send) => {
  const xs = []
  for (let i = 0; i < rounds; i++) {
    const needle = `probe-${target.id.slice(0, 6)}-${i}`
    const t0 = Date.now()
    const done = send(needle)
    xs.push((await pastedAt(target.id, needle)) - t0)
    await done
  }
  return xs
}
const hookedLat = await measure(hooked, ROUNDS, (n) =>
  rpc("relay.Send", { from: "", target: hooked.id, project: "", prompt: n, timeout: 30, private: false })
)
const silentLat = await measure(silent, Math.min(ROUNDS, 5), (n) =>
  rpc("relay.Send", { from: "", target: silent.id, project: "", prompt: n, timeout: 1, private: false })
)

const workers = []
for (let i = 0; i < FAN; i++) workers.push(await open("claude"))
const records = await Promise.all(workers.map(async (w) => ({ id: w.id, pid: (await readRecord(w.id)).pid })))
const backendPid = JSON.parse(fs.readFileSync(path.join(dir, "c", "lich", "runtime.json"), "utf8")).pid
const hostAt = hostPid(path.join(dir, "c"))
const cpu0 = { backend: cpuOf(backendPid), host: cpuOf(hostAt) }
phase("fresh fan-out")
const t0 = performance.now()
const results = await Promise.all(
  workers.map((w, i) =>
    rpc("relay.Send", { from: "", target: w.id, project: "", prompt: `fan-out task ${i}`, timeout: 120, private: false })
  )
)
const fanMs = performance.now() - t0
const answered = results.filter((r) => r.status === "answered").length
const rpcCpu = { backend: cpuOf(backendPid) - cpu0.backend, host: cpuOf(hostAt) - cpu0.host }

// The same targets again (each idle after its first task), now from N sender processes at once.
const floor = floorScript(port, token)
const rounds = []
for (let r = 0; r < FAN_ROUNDS; r++) {
  rounds.push(await fanRound({ lich, env, floor, targets: records, backend: backendPid, host: hostAt, round: r, phase }))
}

phase("end")
const loadAfter = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(" ")
const b = median(base)
console.log(`rpc round trip (baseline):              median ${b.toFixed(1)} ms`)
console.log(
  `send → bytes at a hook-reporting idle target: median ${median(hookedLat).toFixed(1)} ms  (${(median(hookedLat) / b).toFixed(1)}x baseline; goal ≤ 100 ms)`
)
console.log(
  `send → bytes at a silent target (quiet rule): median ${median(silentLat).toFixed(1)} ms  (${(median(silentLat) / b).toFixed(1)}x baseline)`
)
const s = (x) => x.toFixed(2)
console.log(
  `${FAN}-way fan-out to fresh targets, sent as RPCs from one process: ${answered}/${FAN} answered, all collected in ${fanMs.toFixed(0)} ms` +
    `  (CPU s: backend ${s(rpcCpu.backend)}, PTY host ${s(rpcCpu.host)})`
)
for (const [i, r] of rounds.entries()) {
  console.log(
    `round ${i + 1}: ${FAN} node processes, one request each, at once (the floor): ${r.floorMs.toFixed(0)} ms, CPU ${s(r.floorCpu)} s (backend ${s(r.floorBackend)});` +
      ` ${FAN} lich send at once: ${r.answered}/${FAN} answered in ${r.fanMs.toFixed(0)} ms (${(r.fanMs / r.floorMs).toFixed(2)}x)` +
      `  CPU s: senders ${s(r.cpu.senders)}, backend ${s(r.cpu.backend)}, PTY host ${s(r.cpu.host)}, targets ${s(r.cpu.workers)}`
  )
}
for (const [i, r] of rounds.entries()) for (const f of r.failed.slice(0, 3)) console.log(`  round ${i + 1}, a send not answered: ${f}`)
const ratios = rounds.map((r) => r.fanMs / r.floorMs)
const mid = median(ratios)
if (rounds.length > 0)
  console.log(
    `${FAN}-way fan-out / floor: median ${mid.toFixed(2)}x over ${rounds.length} rounds  (goal ≤ 1.5x: ${mid <= 1.5 ? "met" : "not met"})`
  )
console.log(await mcpLatencyLine({ lich, env, port, token }))
console.log(
  `load (1/5/15 min) ${loadBefore} before, ${loadAfter} after the fan-out rounds; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`
)
backend.kill("SIGTERM")
await new Promise((r) => backend.on("exit", r))
fs.rmSync(dir, { recursive: true, force: true })
