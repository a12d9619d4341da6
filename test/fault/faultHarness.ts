/**
 * What the fault and fuzz suites share: a seeded PRNG (a failing case is re-run by its seed, never
 * by luck), a bounded pool (two cores: the suites stay fast without starving each other), the CLI
 * run with a deadline (a hang is a failure with a name, not a stuck test), raw HTTP over loopback,
 * and the checks every answer is held to — no stack, no control characters.
 */
import { spawn } from "node:child_process"
import * as http from "node:http"
import * as net from "node:net"
import { afterAll, beforeAll } from "vitest"
import { type Backend, lichBin, type Run, startBackend, tokenOf } from "../harness.js"

/** mulberry32: small, fast and good enough to spread cases; the same seed gives the same cases. */
export const prng = (seed: number) => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(xs: ReadonlyArray<T>): T => xs[int(xs.length)]!
  return { next, int, pick, chance: (p: number) => next() < p }
}
export type Prng = ReturnType<typeof prng>

/** Runs `tasks` with at most `limit` in flight; results in task order. */
export const pool = async <T>(limit: number, tasks: ReadonlyArray<() => Promise<T>>): Promise<Array<T>> => {
  const out = new Array<T>(tasks.length)
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      out[i] = await tasks[i]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker))
  return out
}

export interface TimedRun extends Run {
  /** true when the deadline passed and the process was killed: a hang. */
  readonly hung: boolean
  readonly ms: number
}

/** The bundled CLI with a deadline; stdin is `input` (empty by default), then closed. */
export const lichWithin = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, deadlineMs: number, input = "") =>
  new Promise<TimedRun>((resolve) => {
    const started = Date.now()
    const child = spawn(lichBin, args, { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let hung = false
    const timer = setTimeout(() => {
      hung = true
      child.kill("SIGKILL")
    }, deadlineMs)
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.stdin.on("error", () => {}) // a command that never reads stdin closes it early
    child.on("close", (code, signal) => {
      clearTimeout(timer)
      resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr, hung, ms: Date.now() - started })
    })
    child.stdin.end(input)
  })

/** A JavaScript stack frame, as `Error.stack` prints one. */
export const STACK = /\n\s+at .+[(:]\d+|\bat [\w$.<>]+ \(\/|node:internal/

/** A control character other than newline and tab: what must never reach a terminal. */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

export interface Raw {
  readonly status: number
  readonly text: string
}

/** One HTTP request to 127.0.0.1:port with exactly the target and headers given. */
export const rawRequest = (port: number, method: string, target: string, body?: string | Buffer, headers: http.OutgoingHttpHeaders = {}) =>
  new Promise<Raw>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: target, agent: false, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (d: Buffer) => chunks.push(d))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }))
      }
    )
    req.on("error", reject)
    req.end(body)
  })

/**
 * Bytes written to a fresh loopback connection; resolves with everything read until the server
 * closes it, or as soon as `until` accepts what was read (then this side closes it).
 */
export const rawExchange = (port: number, bytes: Buffer | string, until?: (reply: string) => boolean, deadlineMs = 5000) =>
  new Promise<{ readonly reply: Buffer; readonly closedByServer: boolean }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    const chunks: Array<Buffer> = []
    const timer = setTimeout(() => {
      socket.destroy()
      resolve({ reply: Buffer.concat(chunks), closedByServer: false })
    }, deadlineMs)
    socket.on("data", (d) => {
      chunks.push(d)
      if (until?.(Buffer.concat(chunks).toString("latin1"))) {
        clearTimeout(timer)
        socket.destroy()
        resolve({ reply: Buffer.concat(chunks), closedByServer: false })
      }
    })
    socket.on("error", () => {})
    socket.on("close", () => {
      clearTimeout(timer)
      resolve({ reply: Buffer.concat(chunks), closedByServer: true })
    })
    socket.write(bytes)
  })

/**
 * One backend for a whole test file, and its token: started before the file's first test, stopped
 * after its last. Read `.b` and `.token` inside the tests; they are set once the file's beforeAll ran.
 */
export const backendForFile = (): { readonly b: Backend; readonly token: string } => {
  const fixture = { b: undefined as unknown as Backend, token: "" }
  beforeAll(async () => {
    fixture.b = await startBackend()
    fixture.token = tokenOf(fixture.b)
  })
  afterAll(() => fixture.b.stop())
  return fixture
}
