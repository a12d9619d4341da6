// MCP latency against a live backend. Two numbers, each printed as a ratio to a baseline measured in
// the same run:
//   1. tools/call list_sessions over a warm stdio process: median round trip, against the same RPC
//      (relay.Peers) as a plain node:http POST from this process — what the MCP layer adds.
//   2. time from spawn to the first initialize reply, against `node -e 0` — what a provider waits
//      for before the tools show up.
// Both are also taken for the @effect/ai McpServer candidate (bench/mcp/effectAiCandidate.ts), bundled
// here the way scripts/build.mjs bundles the CLI, so docs/mcp.md's decision can be re-checked.
// Not a test; never gates CI.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { INIT, listSessionsLatencies, mcpClient, median, ms } from "./mcp/latency.mjs"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const lich = path.join(root, "bin", "lich")
const runs = Number(process.env.RUNS ?? 20)
const calls = Number(process.env.CALLS ?? 200)

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => resolve(p))
    })
  })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-mcp-"))
const port = await freePort()
const env = {
  ...process.env,
  XDG_CONFIG_HOME: path.join(dir, "c"),
  XDG_DATA_HOME: path.join(dir, "d"),
  LICH_LISTEN_PORT: String(port),
  SHELL: "/bin/sh"
}
for (const k of ["LICH_PORT", "LICH_TOKEN", "LICH_SESSION_ID", "NODE_EXTRA_CA_CERTS"]) delete env[k]
const backend = spawn(lich, ["--no-window"], { env, stdio: ["ignore", "pipe", "inherit"] })
await new Promise((resolve) => backend.stdout.on("data", (d) => String(d).includes("Window:") && resolve()))
const { token } = JSON.parse(fs.readFileSync(path.join(dir, "c", "lich", "runtime.json"), "utf8"))
// One live session, so list_sessions carries a real entry rather than [].
const project = path.join(dir, "p")
fs.mkdirSync(project)
spawnSync(lich, ["open", "--project", project, "--kind", "shell"], { env })

// The two candidates as standalone bundles, built with the CLI's esbuild options.
const bundle = async (name) => {
  const outfile = path.join(dir, `${name}.cjs`)
  await build({
    entryPoints: [path.join(root, "bench", "mcp", `${name}.ts`)],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    logLevel: "warning",
    external: ["node-pty", "better-sqlite3"]
  })
  return outfile
}
const handBundle = await bundle("handWritten")
const effectBundle = await bundle("effectAiCandidate")

const client = (file, args) => mcpClient(file, args, env)

const timeToInitialize = async (file, args) => {
  const t0 = process.hrtime.bigint()
  const c = client(file, args)
  c.request("initialize", INIT)
  const t1 = await c.first
  await c.close()
  return Number(t1 - t0) / 1e6
}
const timeNode = () => {
  const t0 = process.hrtime.bigint()
  spawnSync(process.execPath, ["-e", "0"], { env })
  return ms(t0)
}

const candidates = [
  ["lich mcp (shipped: bin/lich, code cache)", lich, ["mcp"]],
  ["hand-written, standalone bundle", process.execPath, [handBundle]],
  ["@effect/ai McpServer, standalone bundle", process.execPath, [effectBundle]]
]

try {
  // Warm the code cache and the page cache, then interleave so load swings hit every row alike.
  for (const [, file, args] of candidates) await timeToInitialize(file, args)
  const starts = [[], ...candidates.map(() => [])]
  for (let i = 0; i < runs; i++) {
    starts[0].push(timeNode())
    for (const [k, [, file, args]] of candidates.entries()) starts[k + 1].push(await timeToInitialize(file, args))
  }
  const [nodeStart, ...initMedians] = starts.map(median)
  console.log(`runs: ${runs} starts, ${calls} calls each (interleaved)`)
  console.log(`\nstart-up to the first initialize reply (baseline node -e 0: median ${nodeStart.toFixed(1)} ms)`)
  for (const [k, [name]] of candidates.entries()) {
    console.log(
      `  ${name.padEnd(42)} median ${initMedians[k].toFixed(1).padStart(7)} ms   ratio ${(initMedians[k] / nodeStart).toFixed(2)}x`
    )
  }
  const [base, ...callMedians] = await listSessionsLatencies({
    servers: candidates.map(([, file, args]) => [file, args]),
    env,
    port,
    token,
    calls
  })
  console.log(`\ntools/call list_sessions, warm process (baseline relay.Peers over node:http: median ${base.toFixed(2)} ms)`)
  for (const [k, [name]] of candidates.entries()) {
    console.log(`  ${name.padEnd(42)} median ${callMedians[k].toFixed(2).padStart(7)} ms   ratio ${(callMedians[k] / base).toFixed(2)}x`)
  }
  const size = (f) => `${(fs.statSync(f).size / 1024).toFixed(0)} KiB`
  console.log(
    `\nbundles: hand-written ${size(handBundle)}, @effect/ai ${size(effectBundle)}, shipped cli.cjs ${size(path.join(root, "dist", "cli.cjs"))} + commands.cjs ${size(path.join(root, "dist", "commands.cjs"))}`
  )
} finally {
  backend.kill("SIGTERM")
  await new Promise((resolve) => backend.once("exit", resolve))
  fs.rmSync(dir, { recursive: true, force: true })
}
