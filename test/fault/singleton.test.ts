/**
 * Backends racing on one config dir. Started in the same instant — with different ports and with
 * the same one — exactly one serves; every other start says lich is already running and exits 0,
 * and the winner alone has lich.db open and its coordinates in runtime.json. The lock decides, not
 * the port: before it, different ports meant two backends sharing one database.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort, isolatedEnv, lichBin } from "../harness.js"
import { lichWithin } from "./faultHarness.js"

const dirs: Array<string> = []
const children: Array<ChildProcess> = []
afterAll(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null)
  await Promise.all(
    running.map(
      (c) =>
        new Promise((r) => {
          c.once("exit", r)
          c.kill("SIGTERM")
        })
    )
  )
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

interface Start {
  readonly child: ChildProcess
  readonly port: number
  /** stdout once the start has either served (the Window: line) or exited */
  readonly settled: Promise<{ readonly out: string; readonly code: number | null }>
}

const start = (env: NodeJS.ProcessEnv, port: number): Start => {
  const child = spawn(lichBin, ["--no-window"], { env: { ...env, LICH_LISTEN_PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] })
  children.push(child)
  let out = ""
  const settled = new Promise<{ out: string; code: number | null }>((resolve) => {
    child.stdout!.on("data", (d) => {
      out += d
      if (out.includes("Window: ")) resolve({ out, code: null })
    })
    child.once("exit", (code) => resolve({ out, code }))
  })
  return { child, port, settled }
}

describe("backends started together on one config dir", () => {
  it("leave exactly one serving, whatever their ports; the others say so and exit 0", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-race-"))
    dirs.push(dir)
    const [p1, p2, p3] = [await freePort(), await freePort(), await freePort()]
    const env = isolatedEnv(dir, p1)
    fs.mkdirSync(env.HOME!, { recursive: true })
    // Two on one port and three on ports of their own, all in one tick.
    const starts = [p1, p2, p3, p1, p2].map((p) => start(env, p))
    const results = await Promise.all(starts.map((s) => s.settled))
    const serving = results.filter((r) => r.code === null)
    const others = results.filter((r) => r.code !== null)
    expect(serving).toHaveLength(1)
    expect(others).toHaveLength(4)
    for (const r of others) {
      expect(r.code).toBe(0)
      expect(r.out).toMatch(/^lich is already running \(.*\) — this start leaves it be\.\n/)
    }
    const winner = starts[results.indexOf(serving[0]!)]!
    const runtime = JSON.parse(fs.readFileSync(path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json"), "utf8"))
    expect(runtime).toMatchObject({ pid: winner.child.pid, port: winner.port })
    const sessions = await lichWithin(["sessions", "--json"], { ...env, LICH_LISTEN_PORT: String(winner.port) }, 15_000)
    expect(sessions).toMatchObject({ code: 0, stdout: "[]\n" })
  })

  it("says so for a start while one serves on another port, and names it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-race-"))
    dirs.push(dir)
    const [p1, p2] = [await freePort(), await freePort()]
    const env = isolatedEnv(dir, p1)
    fs.mkdirSync(env.HOME!, { recursive: true })
    const first = start(env, p1)
    expect((await first.settled).code).toBe(null)
    const second = await lichWithin(["--no-window"], { ...env, LICH_LISTEN_PORT: String(p2) }, 15_000)
    expect(second).toMatchObject({ code: 0, stderr: "" })
    expect(second.stdout.startsWith(`lich is already running (pid ${first.child.pid}, port ${p1}) — this start leaves it be.\n`)).toBe(true)
  })

  it("lets a start take over once the holder is killed outright (the kernel frees the lock)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-race-"))
    dirs.push(dir)
    const port = await freePort()
    const env = isolatedEnv(dir, port)
    fs.mkdirSync(env.HOME!, { recursive: true })
    const first = start(env, port)
    expect((await first.settled).code).toBe(null)
    const exited = new Promise((r) => first.child.once("exit", r))
    first.child.kill("SIGKILL")
    await exited
    const next = start(env, port)
    expect((await next.settled).code).toBe(null)
  })
})
