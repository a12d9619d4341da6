/**
 * What the PTY host's integration and fault tests share: finding a config dir's host among the
 * machine's processes (by its argv, which names the socket), counting processes and descriptors
 * from /proc, starting the backend again on the same config dir, and a /ws client that collects
 * one session's screen. A zombie counts as gone: it runs nothing and holds no descriptor, and this
 * machine's pid 1 does not reap the orphans a killed backend leaves.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { control, decodeFrame, encodeFrame } from "@lich/contract"
import WebSocket from "ws"
import { lichBin, waitForOutput } from "./harness.js"

const stat = (pid: number): { state: string; ppid: number } | undefined => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
    return { state: fields[0]!, ppid: Number(fields[1]) }
  } catch {
    return undefined
  }
}

/** Running (not gone, not a zombie). */
export const alive = (pid: number): boolean => {
  const s = stat(pid)
  return s !== undefined && s.state !== "Z"
}

const pids = () =>
  fs
    .readdirSync("/proc")
    .filter((n) => /^\d+$/.test(n))
    .map(Number)

/** The live PTY hosts serving the config dir under `xdgConfig` (normally at most one). */
export const hostsOf = (xdgConfig: string): Array<number> =>
  pids().filter((pid) => {
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      return argv.some((a) => a.endsWith("ptyhost.cjs")) && argv.some((a) => a.startsWith(`${path.join(xdgConfig, "lich")}/`)) && alive(pid)
    } catch {
      return false
    }
  })

/** The live children of `pid`: for a host, one per PTY it holds. */
export const childrenOf = (pid: number): Array<number> => pids().filter((p) => stat(p)?.ppid === pid && alive(p))

export const fdCount = (pid: number): number => fs.readdirSync(`/proc/${pid}/fd`).length

/** A backend started again on `env`'s config dir, once it printed its window line. */
export const startAgain = async (env: NodeJS.ProcessEnv): Promise<ChildProcess> => {
  const child = spawn(lichBin, ["--no-window"], { env, stdio: ["ignore", "pipe", "pipe"] })
  let stderr = ""
  child.stderr!.on("data", (d) => (stderr += d))
  await waitForOutput(child, /Window: http/).catch((e) => {
    throw new Error(`${e.message}\n${stderr}`)
  })
  return child
}

export const exitOf = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()))

export const killHard = async (child: ChildProcess) => {
  const gone = exitOf(child)
  child.kill("SIGKILL")
  await gone
}

/** The backend's token as runtime.json has it. */
export const tokenIn = (env: NodeJS.ProcessEnv): string =>
  JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8")).token

/**
 * A /ws client attached to session `id` (the contract's frames and control messages, terminalWire.ts):
 * the replay, then live output, as text. A text frame from the backend (a resync) is kept in `texts`
 * and marked `<<resync>>` in the screen, so a test can see where in the stream it came.
 */
export const watchScreen = async (port: number, token: string, id: string) => {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`)
  let screen = ""
  let received = 0
  const texts: Array<string> = []
  const others: Array<string> = []
  const waiters: Array<() => void> = []
  ws.on("message", (d: Buffer, binary: boolean) => {
    if (!binary) {
      texts.push(d.toString("utf8"))
      screen += "<<resync>>"
      return
    }
    const f = decodeFrame(d)
    if (f?.id !== id) return void others.push(f?.id ?? "")
    received += d.length
    screen += f.payload.toString("utf8")
    for (const w of waiters.splice(0)) w()
  })
  await new Promise((r) => ws.once("open", r))
  ws.send(control.attach(id))
  const until = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const look = () => (pattern.test(screen) ? resolve(screen) : waiters.push(look))
      look()
    })
  const closed = new Promise<void>((r) => ws.once("close", () => r()))
  return {
    ws,
    type: (text: string) => ws.send(encodeFrame(id, text)),
    send: (text: string) => ws.send(text),
    until,
    screen: () => screen,
    texts,
    /** Ids of frames for any other session: none, while only this one is attached. */
    others,
    /** Bytes of this session's frames, headers included: what the socket carried. */
    received: () => received,
    close: async () => {
      ws.close()
      await closed
    }
  }
}
