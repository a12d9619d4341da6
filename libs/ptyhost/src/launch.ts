/**
 * Starting a PTY host and finding the one that runs: the secret file, the detached launch, and the
 * question main.ts asks before it picks a token (the sessions a host kept carry the old one).
 *
 * The host is started in a session of its own (`detached`), with stdin closed, stdout a pipe that
 * carries its one `ready` line, and stderr appended to ptyhost.log: nothing ties it to the backend
 * once the line is read, so a `kill -9` of the backend (or of its process group) leaves it running.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { type Env, ensureConfigDir } from "@lich/singleton"
import { open } from "./connection.js"
import { hostLogPath, secretPath, socketPath } from "./protocol.js"

/** 32 bytes: the secret is a loopback credential like the token, and twice its length costs nothing. */
const SECRET_BYTES = 32
/** 10 s: node starting a ~1 MB bundle takes well under a second even on a loaded 2-core machine. */
const READY_TIMEOUT_MS = 10_000

/** The host's secret, created (0600, atomically) when there is none yet. */
export const ensureSecret = (env: Env): string => {
  ensureConfigDir(env)
  const file = secretPath(env)
  try {
    const text = fs.readFileSync(file, "utf8").trim()
    if (text !== "") {
      fs.chmodSync(file, 0o600)
      return text
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e
  }
  const secret = crypto.randomBytes(SECRET_BYTES).toString("hex")
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  fs.writeFileSync(tmp, secret, { mode: 0o600 })
  fs.chmodSync(tmp, 0o600)
  fs.renameSync(tmp, file)
  return secret
}

/** Starts a host on this config dir's socket; resolves with its pid and process once it listens. */
/**
 * LICH_PTY_HOST_CPU_PROF=<dir>: the host writes a V8 CPU profile there when it exits. For
 * bench/pty-throughput.mjs (BENCH_CPU_PROF): the host reads every PTY byte, and node refuses
 * --cpu-prof in NODE_OPTIONS, so nothing else can ask for it.
 */
const profiling = (env: Env): ReadonlyArray<string> =>
  env.LICH_PTY_HOST_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${env.LICH_PTY_HOST_CPU_PROF}`] : []

export const launchHost = (env: Env, script: string): Promise<{ readonly pid: number; readonly child: ChildProcess | undefined }> =>
  new Promise((resolve, reject) => {
    const log = fs.openSync(hostLogPath(env), "a", 0o600)
    let child: ChildProcess
    try {
      child = spawn(process.execPath, [...profiling(env), script, socketPath(env), secretPath(env)], {
        detached: true,
        stdio: ["ignore", "pipe", log],
        // "/": a host that lives for weeks must not pin whatever folder the backend started in.
        cwd: "/",
        env: { ...env } as NodeJS.ProcessEnv
      })
    } finally {
      fs.closeSync(log)
    }
    let seen = ""
    const timer = setTimeout(
      () => fail(`the PTY host did not start within ${READY_TIMEOUT_MS / 1000} s (see ${hostLogPath(env)})`),
      READY_TIMEOUT_MS
    )
    const fail = (message: string) => {
      clearTimeout(timer)
      child.kill("SIGKILL")
      reject(new Error(message))
    }
    child.once("error", (e) => fail(`cannot start the PTY host: ${e.message}`))
    child.once("exit", (code) => {
      if (!seen.includes("\n")) fail(`the PTY host exited (${code}) before it listened (see ${hostLogPath(env)})`)
    })
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString("utf8")
      if (!seen.includes("\n")) return
      clearTimeout(timer)
      child.stdout!.destroy()
      child.unref()
      const line = seen.trim()
      // "busy": a host already answers there (it started meanwhile); the caller connects to it.
      if (line === "busy") return resolve({ pid: 0, child: undefined })
      const m = /^ready (\d+)$/.exec(line)
      if (m) resolve({ pid: Number(m[1]), child })
      else fail(`the PTY host said ${JSON.stringify(line)}`)
    })
  })

/**
 * The token the sessions of a running host were started with, so a backend that comes back keeps
 * answering them; undefined when no host runs (a fresh token is then as good as any).
 */
export const keptToken = async (env: Env): Promise<string | undefined> => {
  let secret: string
  try {
    secret = fs.readFileSync(secretPath(env), "utf8").trim()
  } catch {
    return undefined // no secret: no host was ever started here
  }
  const found = await open(socketPath(env), secret, undefined).catch(() => undefined)
  if (found === undefined) return undefined
  found.conn.socket.destroy()
  return found.hello.token
}
