// Where the terminal path's time goes, hop by hop. Not a test: prints ratios measured in one run.
//
// pty-throughput.mjs says how far lich's whole path is from raw node-pty; this one says which hop
// costs what, by running the same `cat` through six paths that each add one piece, in rounds:
//
//   raw        node-pty read in this process (pty-throughput's baseline)
//   host       the shipped PTY host (dist/ptyhost.cjs); this process reads its socket and drops the bytes
//   host+tcp   host, each data frame copied and written over loopback TCP to a process that drops it:
//              the least a backend that forwards to a window could do
//   backend    host, read by lich's backend with no window attached (its ring, readiness)
//   window     backend, with a /ws client attached (pty-throughput's lich path)
//   no host    window, but the backend holding its PTYs itself (LICH_PTY_HOST=off): what the host costs
//
// Every path is timed by the shell itself (`date` around `cat`, handed back through a FIFO), so all
// six read the same clock: `cat` ends once its last bytes are in the PTY, and the reader is then at
// most the PTY's buffer behind. Each ratio is the median of the rounds' path/raw ratios.
//
// Usage: node bench/pty-path.mjs [MiB=64] [rounds=11]   (run `npm run build` first)
//        PATHS=raw,window runs only those paths, in that order.
import { spawn, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { isolated, lich, openPayload, rpcOf, startLich } from "./sshd.mjs"
import { keysFrame, writeFlood } from "./terminalBench.mjs"

const require = createRequire(import.meta.url)
const pty = require("node-pty")
const WebSocket = require("ws")

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const MIB = Number(process.argv[2] ?? 64)
const ROUNDS = Number(process.argv[3] ?? 11)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lich-path-"))

const file = path.join(tmp, "big.txt")
writeFlood(file, MIB)
const bytes = fs.statSync(file).size
const fifo = path.join(tmp, "took")
spawnSync("mkfifo", [fifo])
const COMMAND = `s=$(date +%s%N); cat ${file}; e=$(date +%s%N); echo $((e-s)) > ${fifo}\r`
const SHELL_ENV = { ...process.env, PS1: "$ " }

/** Types the command once the prompt is up and resolves with cat's own seconds, read from the FIFO. */
const timed = async (type) => {
  await new Promise((r) => setTimeout(r, 300)) // the prompt, before the command
  const took = fs.promises.readFile(fifo, "utf8") // opens when the shell writes, ends when it closes
  type(COMMAND)
  return Number(await took) / 1e9
}

const raw = async () => {
  const p = pty.spawn("/bin/sh", [], { name: "xterm-256color", cols: 120, rows: 40, cwd: tmp, env: SHELL_ENV })
  p.onData((d) => Buffer.from(d, "utf8"))
  const s = await timed((c) => p.write(c))
  p.kill()
  return s
}

// The PTY host's wire (libs/ptyhost/src/protocol.ts): [u32 length][type][body]; type 0 JSON, type 1
// [u32 handle][bytes]. Written out here because a bench runs the bundles, not the sources.
const jsonFrame = (m) => {
  const body = Buffer.from(JSON.stringify(m))
  const head = Buffer.alloc(5)
  head.writeUInt32BE(body.length + 1)
  return Buffer.concat([head, body])
}
const dataFrame = (h, text) => {
  const body = Buffer.from(text)
  const head = Buffer.alloc(9)
  head.writeUInt32BE(body.length + 5)
  head[4] = 1
  head.writeUInt32BE(h, 5)
  return Buffer.concat([head, body])
}

/**
 * Reads a host's socket into one reused buffer and cuts it into frames: JSON messages to `json`,
 * data frames' bytes (lent for the call) to `data`.
 */
const hostReader = (json, data) => {
  const buffer = Buffer.allocUnsafeSlow(256 * 1024)
  let rest = Buffer.alloc(0)
  const cut = (chunk) => {
    let at = 0
    while (chunk.length - at >= 5 && chunk.length - at >= 4 + chunk.readUInt32BE(at)) {
      const end = at + 4 + chunk.readUInt32BE(at)
      if (chunk[at + 4] === 0) json(JSON.parse(chunk.subarray(at + 5, end).toString()))
      else data(chunk.subarray(at + 9, end))
      at = end
    }
    rest = Buffer.from(chunk.subarray(at)) // the reads are lent: keep a copy of a cut frame's head
  }
  return {
    buffer,
    callback: (n) => {
      cut(rest.length ? Buffer.concat([rest, buffer.subarray(0, n)]) : buffer.subarray(0, n))
      return true
    }
  }
}

/** A client of a PTY host of our own: data frames go to `onData`, JSON answers to their askers. */
const hostClient = async () => {
  const sock = path.join(tmp, "host.sock")
  const secretFile = path.join(tmp, "host.secret")
  fs.writeFileSync(secretFile, "5e".repeat(32), { mode: 0o600 })
  const host = spawn(process.execPath, [path.join(root, "dist", "ptyhost.cjs"), sock, secretFile], {
    stdio: ["ignore", "pipe", "ignore"],
    detached: true
  })
  await new Promise((r) => host.stdout.on("data", (d) => String(d).startsWith("ready") && r()))
  const answers = new Map()
  const c = { onData: () => {}, host }
  // Answers by request number; an exit is forgotten at once, so the host lets the PTY go.
  const said = (m) => {
    if (m.t === "exit") c.socket.write(jsonFrame({ t: "forget", h: m.h }))
    const ask = answers.get(m.req ?? 0)
    answers.delete(m.req ?? 0)
    ask?.(m)
  }
  c.socket = net.connect({ path: sock, onread: hostReader(said, (d) => c.onData(d)) })
  await new Promise((r) => c.socket.once("connect", r))
  c.ask = (m) =>
    new Promise((r) => {
      answers.set(m.req ?? 0, r)
      c.socket.write(jsonFrame(m))
    })
  await c.ask({ t: "hello", v: 1, secret: "5e".repeat(32) })
  let req = 0
  c.run = async () => {
    const { h } = await c.ask({
      t: "spawn",
      req: ++req,
      id: `p${req}`,
      file: "/bin/sh",
      args: [],
      cwd: tmp,
      env: SHELL_ENV,
      cols: 120,
      rows: 40
    })
    const s = await timed((text) => c.socket.write(dataFrame(h, text)))
    c.socket.write(jsonFrame({ t: "kill", h }))
    return s
  }
  return c
}

/** A process that reads a loopback TCP connection and drops what it reads: the window's floor. */
const tcpSink = async () => {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("net").createServer((s) => s.on("data", () => {})).listen(0, "127.0.0.1", function () { console.log(this.address().port) })`
    ],
    { stdio: ["ignore", "pipe", "inherit"] }
  )
  const port = Number(await new Promise((r) => child.stdout.once("data", r)))
  const socket = net.connect({ port, host: "127.0.0.1" })
  await new Promise((r) => socket.once("connect", r))
  return { socket, child }
}

/** lich --no-window in a home of its own, with its RPC and a stop that ends its PTY host too. */
const startBackend = async (name, extra = {}) => {
  const b = await startLich(await isolated(path.join(tmp, name), extra))
  const rpc = rpcOf(b)
  const stop = () => {
    spawnSync(lich, ["quit"], { env: b.env, stdio: "ignore" })
    return new Promise((r) => (b.child.exitCode === null ? b.child.once("exit", r) : r()))
  }
  return { ...b, rpc, stop }
}

/** A lich shell, typed into over /ws; attached (the window path) or not (the backend alone). */
const throughLich = async (b, attach) => {
  const { session } = await b.rpc("spawn.Open", openPayload(tmp))
  const id = session.id
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws?token=${b.token}`)
  await new Promise((r) => ws.once("open", r))
  ws.on("message", () => {}) // a client that takes each message and drops it
  if (attach) ws.send(JSON.stringify({ attach: id }))
  ws.send(JSON.stringify({ resize: id, cols: 120, rows: 40 }))
  const s = await timed((text) => ws.send(keysFrame(id, text)))
  ws.close()
  await b.rpc("spawn.Close", { from: "", target: id, project: tmp, worktree: "", force: true })
  return s
}

const host = await hostClient()
const sink = await tcpSink()
const b = await startBackend("lich")
const solo = await startBackend("solo", { LICH_PTY_HOST: "off" })
const paths = {
  raw,
  host: () => {
    host.onData = () => {}
    return host.run()
  },
  "host+tcp": () => {
    host.onData = (d) => sink.socket.write(Buffer.from(d)) // a copy: the read is lent, as the backend's are
    return host.run()
  },
  backend: () => throughLich(b, false),
  window: () => throughLich(b, true),
  "no host": () => throughLich(solo, true)
}
const names = process.env.PATHS ? process.env.PATHS.split(",") : Object.keys(paths)
/** What each path adds its piece to. */
const from = { host: "raw", "host+tcp": "host", backend: "host", window: "backend", "no host": "window" }
try {
  const took = Object.fromEntries(names.map((n) => [n, []]))
  for (let i = 0; i < ROUNDS; i++) for (const n of names) took[n].push(await paths[n]())
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
  const mibs = (s) => bytes / s / (1 << 20)
  console.log(
    `cat of ${MIB} MiB, ${ROUNDS} rounds of ${names.length} paths; load ${os.loadavg()[0].toFixed(2)}, ${os.cpus().length} × ${os.cpus()[0].model}`
  )
  const ratio = Object.fromEntries(names.map((n) => [n, median(took.raw.map((r, i) => (100 * r) / took[n][i]))]))
  for (const n of names) {
    const step = from[n] in ratio ? `   (${(ratio[n] - ratio[from[n]]).toFixed(1)} points against ${from[n]})` : ""
    console.log(`  ${n.padEnd(9)} median ${mibs(median(took[n])).toFixed(1)} MiB/s, ${ratio[n].toFixed(1)} % of raw${step}`)
  }
} finally {
  await b.stop()
  await solo.stop()
  host.socket.write(jsonFrame({ t: "shutdown" }))
  sink.child.kill()
  fs.rmSync(tmp, { recursive: true, force: true })
}
