/**
 * `lich doctor` through the bundled CLI on real temp machines: no lich, a running lich, a config dir
 * the user cannot write, and the pinned port held by a stranger. The browser is a stub `chromium` on
 * PATH (doctor only resolves it); every other check is the real one, the sandbox probe included.
 */

import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { type Backend, freePort, isolatedEnv, lichBin, type Run, run, startBackend } from "./harness.js"

/** run() as another user: root writes through any mode bits, so "read-only" needs someone else. */
const runAs = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, who: { uid: number; gid: number }) =>
  new Promise<Run>((resolve) => {
    const child = spawn(lichBin, args, { env, stdio: ["ignore", "pipe", "pipe"], ...who })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }))
  })

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** A bin dir holding a `chromium` that does nothing: the browser check resolves, never runs, it. */
const withBrowser = (dir: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const bin = path.join(dir, "bin")
  fs.mkdirSync(bin, { recursive: true })
  fs.writeFileSync(path.join(bin, "chromium"), "#!/bin/sh\nexit 0\n", { mode: 0o755 })
  return { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` }
}

const machine = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-doctor-"))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  const port = await freePort()
  const env = withBrowser(dir, isolatedEnv(dir, port))
  fs.mkdirSync(env.HOME!, { recursive: true })
  return { dir, port, env, config: path.join(env.XDG_CONFIG_HOME!, "lich") }
}

const rowOf = (stdout: string, name: string) => stdout.split("\n").find((l) => l.slice(8, 18).trim() === name) ?? ""
const verdictOf = (stdout: string, name: string) => rowOf(stdout, name).slice(2, 7).trim()

describe("lich doctor", () => {
  it("walks the whole boot on a fresh machine, creating the config dir, the log and the store like a launch", async () => {
    const m = await machine()
    const r = await run(["doctor"], m.env)
    const lines = r.stdout.split("\n")
    expect(lines[0]).toMatch(/^lich v\d+\.\d+\.\d+\S* — linux\/\w+$/)
    expect(lines.slice(2, 11).map((l) => l.slice(8, 18).trim())).toEqual([
      "home",
      "log",
      "listener",
      "store",
      "browser",
      "providers",
      "sandbox",
      "git",
      "gh"
    ])
    expect(rowOf(r.stdout, "home")).toMatch(new RegExp(`^  ok    home +(<1|\\d+)ms  ${m.config} is writable$`))
    expect(rowOf(r.stdout, "listener")).toContain(`port ${m.port} is free`)
    expect(rowOf(r.stdout, "store")).toContain(path.join(m.config, "lich.db"))
    expect(rowOf(r.stdout, "providers")).toMatch(/8 of 8 on PATH: claude, codex/)
    expect(lines[11]).toMatch(/^ {8}total +(<1|\d+)ms$/)
    expect(fs.existsSync(path.join(m.config, "lich.log"))).toBe(true)
    expect(fs.existsSync(path.join(m.config, "lich.db"))).toBe(true)
    expect(fs.existsSync(path.join(m.config, ".doctor-probe"))).toBe(false)
    expect(r.code).toBe(0)
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(
      /^lich starts(\. \d+ warnings? above limits? something it offers\.| here — nothing is in the way\.)$/
    )
    expect(r.stderr).toBe("")
  })

  describe("beside a running lich", () => {
    let b: Backend
    it("reports the port held by it and leaves its store alone", async () => {
      b = await startBackend()
      cleanups.push(() => b.stop())
      const pid = b.process.pid
      const db = path.join(b.env.XDG_CONFIG_HOME!, "lich", "lich.db")
      const before = fs.statSync(db).mtimeMs
      const r = await b.lich(["doctor"], withBrowser(b.dir, b.env))
      expect(rowOf(r.stdout, "listener")).toMatch(
        new RegExp(`^  ok    listener +(<1|\\d+)ms  port ${b.port} is held by the running lich \\(pid ${pid}\\)$`)
      )
      expect(rowOf(r.stdout, "store")).toMatch(new RegExp(`^  skip  store +(<1|\\d+)ms  held by the running lich \\(pid ${pid}\\)$`))
      expect(fs.statSync(db).mtimeMs).toBe(before)
      expect(r.code).toBe(0)
    })
  })

  describe("beside a running lich that can no longer save", () => {
    let b: Backend
    it("warns on the store row with the reason that lich gives", async () => {
      b = await startBackend()
      cleanups.push(() => b.stop())
      fs.rmSync(path.join(b.env.XDG_CONFIG_HOME!, "lich", "lich.db"))
      await b.lich(["cost"]) // any store call: the backend notices the file is gone on its next one
      const r = await b.lich(["doctor"], withBrowser(b.dir, b.env))
      expect(rowOf(r.stdout, "store")).toMatch(
        new RegExp(
          `^  warn  store +(<1|\\d+)ms  held by the running lich \\(pid ${b.process.pid}\\), which cannot save: lich\\.db was deleted`
        )
      )
      expect(r.code).toBe(0)
    })
  })

  describe("beside a lich that stopped answering", () => {
    let b: Backend
    it("names it as the holder of the port and leaves its store alone", async () => {
      b = await startBackend()
      const pid = b.process.pid!
      cleanups.push(() => b.stop())
      cleanups.push(() => void process.kill(pid, "SIGCONT")) // before stop: a stopped process ignores SIGTERM
      process.kill(pid, "SIGSTOP")
      const r = await b.lich(["doctor"], withBrowser(b.dir, b.env))
      expect(rowOf(r.stdout, "listener")).toMatch(
        new RegExp(
          `^  fail  listener +(<1|\\d+)ms  port ${b.port} is held by lich \\(pid ${pid}\\), which does not answer — run lich rage while it is stuck, then end it$`
        )
      )
      expect(rowOf(r.stdout, "store")).toMatch(
        new RegExp(`^  skip  store +(<1|\\d+)ms  held by lich \\(pid ${pid}\\), which does not answer$`)
      )
      expect(r.code).toBe(1)
    })
  })

  it("fails on a config dir the user cannot write, and says the log would go to stderr", async () => {
    const m = await machine()
    fs.mkdirSync(m.config, { recursive: true })
    // Root writes through any mode bits, so as root the doctor runs as nobody against a root-owned dir.
    const asRoot = process.getuid?.() === 0
    if (asRoot) {
      fs.chmodSync(m.dir, 0o755)
      fs.chmodSync(m.config, 0o555)
    } else fs.chmodSync(m.config, 0o500)
    cleanups.push(() => fs.chmodSync(m.config, 0o700))
    const r = asRoot ? await runAs(["doctor"], m.env, { uid: 65534, gid: 65534 }) : await run(["doctor"], m.env)
    expect(verdictOf(r.stdout, "home")).toBe("fail")
    expect(rowOf(r.stdout, "home")).toContain(`${m.config} cannot be created or written to:`)
    expect(verdictOf(r.stdout, "log")).toBe("warn")
    expect(rowOf(r.stdout, "log")).toMatch(/lich would log to stderr only$/)
    expect(verdictOf(r.stdout, "store")).toBe("fail")
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("2 checks above stop a launch here. Fix them first.")
    expect(r.code).toBe(1)
  })

  it("fails when something that is not lich holds the pinned port", async () => {
    const m = await machine()
    const stranger = net.createServer()
    await new Promise<void>((resolve) => stranger.listen(m.port, "127.0.0.1", resolve))
    cleanups.push(() => new Promise<void>((resolve) => stranger.close(() => resolve())))
    const r = await run(["doctor"], m.env)
    expect(rowOf(r.stdout, "listener")).toMatch(
      new RegExp(
        `^  fail  listener +(<1|\\d+)ms  port ${m.port} is taken by another program — stop it, or set LICH_LISTEN_PORT to a free port$`
      )
    )
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("1 check above stops a launch here. Fix it first.")
    expect(r.code).toBe(1)
  })
})
