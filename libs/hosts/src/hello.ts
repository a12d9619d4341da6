/**
 * `lich hosts hello`: the far side of a connect. A lich on another machine runs this command here
 * over ssh and reads its one line on stdout: which hosts protocol this lich speaks and, when a lich
 * runs here, its loopback port and token. That line is the only way the token leaves this machine:
 * inside the ssh channel, never in an argv (this command takes none), never in a file or a log.
 *
 * With `--start`, a machine with no lich running starts `lich --no-window` first, detached, so it
 * outlives the ssh session that asked for it. Plain node, no Effect: it is a CLI command on the
 * cold path, and the far side pays for every connect.
 */
import { spawn } from "node:child_process"
import { HOSTS_PROTOCOL } from "@lich/contract"
import { type Env, probeRunning } from "@lich/singleton"

/** The key that marks the hello line among whatever a login shell prints on stdout before it. */
export const HELLO_KEY = "lichHosts"

export interface Hello {
  /** The hosts protocol of the lich command that answered. */
  readonly protocol: number
  /** That command's version. */
  readonly version: string
  readonly running: boolean
  /** The running backend's port, token and version, when one runs. */
  readonly port?: number
  readonly token?: string
  readonly server?: string
}

/** The one line `lich hosts hello` prints. */
export const helloLine = (h: Hello): string => JSON.stringify({ [HELLO_KEY]: 1, ...h })

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/** One line read as a hello, or undefined when it is not one (a banner a login shell printed). */
const readLine = (line: string): Hello | undefined => {
  let v: unknown
  try {
    v = JSON.parse(line)
  } catch {
    return undefined
  }
  if (!isObject(v) || v[HELLO_KEY] !== 1) return undefined
  const { protocol, version, running, port, token, server } = v
  if (typeof protocol !== "number" || typeof version !== "string" || typeof running !== "boolean") return undefined
  if (!running) return { protocol, version, running }
  if (!Number.isInteger(port) || typeof token !== "string" || token === "" || typeof server !== "string") return undefined
  return { protocol, version, running, port: port as number, token, server }
}

/** The last hello line of what the far side printed, or undefined when it printed none. */
export const parseHello = (stdout: string): Hello | undefined => {
  const lines = stdout.split("\n").map((l) => l.trim())
  for (let i = lines.length - 1; i >= 0; i--) {
    const hello = readLine(lines[i]!)
    if (hello !== undefined) return hello
  }
  return undefined
}

/** 15 s: a cold backend opens its store and binds its port in well under a second. */
export const BACKEND_START_MS = 15_000

/**
 * Starts `lich --no-window` detached (a session of its own, so the ssh session ending does not end
 * it) and resolves once it says it runs; rejects with why it did not.
 */
const startBackend = (self: string, env: Env): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, "--no-window"], {
      detached: true,
      stdio: ["ignore", "pipe", "ignore"],
      env: env as NodeJS.ProcessEnv
    })
    let seen = ""
    const done = (e?: Error) => {
      clearTimeout(timer)
      child.stdout!.removeAllListeners("data")
      child.stdout!.destroy()
      child.removeAllListeners("exit")
      child.unref()
      if (e) reject(e)
      else resolve()
    }
    const timer = setTimeout(() => done(new Error(`lich --no-window did not start within ${BACKEND_START_MS / 1000} s`)), BACKEND_START_MS)
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString("utf8")
      if (/is running on port|already running/.test(seen)) done()
    })
    child.once("error", (e) => done(new Error(`lich --no-window could not be started: ${e.message}`)))
    child.once("exit", (code) => done(new Error(`lich --no-window exited (${code}) before it ran`)))
  })

/**
 * What this machine answers: the running lich's coordinates, or that none runs. With `start`, one
 * is started first when none runs; a start that fails is thrown, for the command's one line.
 */
export const hello = async (o: { env: Env; version: string; self: string; start: boolean }): Promise<Hello> => {
  const base = { protocol: HOSTS_PROTOCOL, version: o.version }
  let probe = await probeRunning(o.env)
  if (probe.state !== "running" && o.start) {
    await startBackend(o.self, o.env)
    probe = await probeRunning(o.env)
  }
  if (probe.state !== "running") return { ...base, running: false }
  const { port, token, version } = probe.runtime
  return { ...base, running: true, port, token, server: version }
}
