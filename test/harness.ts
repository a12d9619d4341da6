/**
 * Integration harness: a real backend (bin/lich --no-window, the shipped bundles) on a temp config
 * dir and a free port, driven through the real CLI as a subprocess. Providers are replaced by the
 * scripted fake agent through LICH_<ID>_BIN, so nothing here needs a real agent or the network.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"

export const root = path.resolve(__dirname, "..")
export const lichBin = path.join(root, "bin", "lich")
export const fakeAgent = path.join(root, "test", "fixtures", "fake-agent.mjs")
/** A fake agent with a behaviour: hooked-replier, replier, hooked-silent, mute, slow-replier. */
export const agent = (mode: string) => path.join(root, "test", "fixtures", "agents", mode)

export interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })

/** The environment of a test machine: temp home and XDG dirs, no coordinates inherited from us. */
export const isolatedEnv = (dir: string, port: number): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("LICH_") && !k.startsWith("VITEST")) env[k] = v
  const providers = ["CLAUDE", "CODEX", "ANTIGRAVITY", "OPENCODE", "OMP", "CRUSH", "CURSOR", "KIRO"]
  return {
    ...env,
    HOME: path.join(dir, "home"),
    XDG_CONFIG_HOME: path.join(dir, "config"),
    XDG_DATA_HOME: path.join(dir, "data"),
    LICH_LISTEN_PORT: String(port),
    FAKE_AGENT_LOG: path.join(dir, "agents"),
    SHELL: "/bin/sh",
    // The fake agent standing in for Claude Code runs no mod: lich types at it at once, as at a
    // Claude Code without mods, instead of holding each first task for a poll that never comes.
    LICH_MOD_GRACE_MS: "0",
    ...Object.fromEntries(providers.map((p) => [`LICH_${p}_BIN`, fakeAgent]))
  }
}

export const run = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, input?: string) =>
  new Promise<Run>((resolve) => {
    const child = spawn(lichBin, args, { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(input ?? "")
  })

/** Resolves with everything printed once `pattern` shows up on the stream. */
export const waitForOutput = (child: ChildProcess, pattern: RegExp) =>
  new Promise<string>((resolve, reject) => {
    let seen = ""
    const onData = (d: Buffer) => {
      seen += d.toString("utf8")
      if (pattern.test(seen)) {
        child.stdout?.off("data", onData)
        resolve(seen)
      }
    }
    child.stdout?.on("data", onData)
    child.once("exit", (code) => reject(new Error(`backend exited (${code}) before ${pattern}: ${seen}`)))
  })

export interface Backend {
  readonly dir: string
  readonly port: number
  readonly env: NodeJS.ProcessEnv
  readonly process: ChildProcess
  readonly lich: (args: ReadonlyArray<string>, extraEnv?: NodeJS.ProcessEnv, input?: string) => Promise<Run>
  readonly stop: () => Promise<void>
  /** A project directory inside the temp tree. */
  readonly project: (name: string) => string
}

/** `extraEnv` is the backend's environment on top of the isolated one: e.g. LICH_CLAUDE_BIN = agent("hooked-replier"). */
export const startBackend = async (extraEnv: NodeJS.ProcessEnv = {}): Promise<Backend> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-it-"))
  const port = await freePort()
  const env = { ...isolatedEnv(dir, port), ...extraEnv }
  fs.mkdirSync(env.HOME!, { recursive: true })
  const child = spawn(lichBin, ["--no-window"], { env, stdio: ["ignore", "pipe", "pipe"] })
  let stderr = ""
  child.stderr!.on("data", (d) => (stderr += d))
  await waitForOutput(child, /Window: http/).catch((e) => {
    throw new Error(`${e.message}\n${stderr}`)
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    dir,
    port,
    env,
    process: child,
    lich: (args, extraEnv, input) => run(args, { ...env, ...extraEnv }, input),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
    project: (name) => {
      const p = path.join(dir, "projects", name)
      fs.mkdirSync(p, { recursive: true })
      return fs.realpathSync(p)
    }
  }
}

/** Resolves with the file's text once it exists and parses: fs.watch, never a sleep loop. */
export const waitForJson = <T>(file: string): Promise<T> =>
  new Promise<T>((resolve) => {
    const dir = path.dirname(file)
    fs.mkdirSync(dir, { recursive: true })
    const tryRead = (): boolean => {
      try {
        resolve(JSON.parse(fs.readFileSync(file, "utf8")) as T)
        return true
      } catch {
        return false
      }
    }
    const watcher = fs.watch(dir, () => {
      if (tryRead()) watcher.close()
    })
    if (tryRead()) watcher.close()
  })

export interface AgentRecord {
  readonly argv: ReadonlyArray<string>
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string
  readonly pid: number
}

/** Resolves with the first JSONL record of `file` that `match` accepts, as it is appended (fs.watch). */
export const waitForRecord = <T>(file: string, match: (r: T) => boolean): Promise<T> =>
  new Promise<T>((resolve) => {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    let done = false
    const look = (): boolean => {
      let text = ""
      try {
        text = fs.readFileSync(file, "utf8")
      } catch {
        return false
      }
      for (const line of text.split("\n")) {
        if (line === "") continue
        try {
          const r = JSON.parse(line) as T
          if (match(r)) {
            done = true
            resolve(r)
            return true
          }
        } catch {
          // a line still being written
        }
      }
      return false
    }
    const watcher = fs.watch(path.dirname(file), () => {
      if (!done && look()) watcher.close()
    })
    if (look()) watcher.close()
  })

export interface AgentEvent {
  readonly event: "paste" | "submit" | "replied"
  readonly text?: string
  readonly ticket?: string
}

/** The running backend's token, as a client outside any session finds it. */
export const tokenOf = (b: Backend): string =>
  JSON.parse(fs.readFileSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8")).token

/** POSTs `body` as JSON to `route` (an RPC like `/rpc/relay.Send`, or a hook) with the token. */
export const post = (b: Backend, route: string, body: unknown) =>
  new Promise<{ status: number; text: string; json: () => Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: b.port,
        method: "POST",
        path: `${route}?token=${tokenOf(b)}`,
        agent: false,
        headers: { "content-type": "application/json" }
      },
      (res) => {
        let text = ""
        res.on("data", (d) => (text += d))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) }))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })

export interface Events {
  /** Resolves with the first event (already received, or still to come) that `match` accepts. */
  readonly until: (match: (e: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>
  /** Everything received so far, oldest first. */
  readonly seen: () => ReadonlyArray<Record<string, unknown>>
  readonly close: () => void
}

/** The backend's /events socket, as a window attaches to it; resolves once it is open. */
export const watchEvents = async (b: Backend): Promise<Events> => {
  const { WebSocket } = await import("ws")
  const events: Array<Record<string, unknown>> = []
  const waiters: Array<() => void> = []
  const socket = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${tokenOf(b)}`)
  socket.on("message", (d) => {
    events.push(JSON.parse(String(d)) as Record<string, unknown>)
    for (const w of waiters.splice(0)) w()
  })
  await new Promise((r) => socket.once("open", r))
  const until = (match: (e: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const look = () => {
        const hit = events.find(match)
        if (hit) resolve(hit)
        else waiters.push(look)
      }
      look()
    })
  return { until, seen: () => events, close: () => socket.close() }
}
