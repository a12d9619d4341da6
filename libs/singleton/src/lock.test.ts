import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { acquireLock, lockFile } from "./lock.js"
import type { Env } from "./paths.js"

let root: string
let env: Env
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "lich-lock-"))
  env = { HOME: path.join(root, "home"), XDG_CONFIG_HOME: path.join(root, "config") }
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

/** A node process holding the lock of `file` until its stdin closes; resolves once it holds it. */
const holder = (file: string) =>
  new Promise<ReturnType<typeof spawn>>((resolve, reject) => {
    const script = `const D=require("better-sqlite3");const d=new D(process.argv[1]);d.pragma("busy_timeout = 0");d.exec("BEGIN EXCLUSIVE");process.stdout.write("held\\n");process.stdin.resume()`
    const child = spawn(process.execPath, ["-e", script, file], { cwd: path.join(__dirname, ".."), stdio: ["pipe", "pipe", "inherit"] })
    child.stdout!.once("data", () => resolve(child))
    child.once("error", reject)
  })

describe("acquireLock", () => {
  it("holds the config dir's lock, refuses a second taker while held, and frees it on release", () => {
    const first = acquireLock(env)
    expect(first._tag).toBe("held")
    expect(acquireLock(env)).toEqual({ _tag: "taken", file: lockFile(env) })
    if (first._tag === "held") first.lock.release()
    const again = acquireLock(env)
    expect(again._tag).toBe("held")
    if (again._tag === "held") again.lock.release()
  })

  it("makes the lock file 0600 in the config dir, and a dev build's lock apart from the daily one", () => {
    const held = acquireLock(env)
    expect(fs.statSync(lockFile(env)).mode & 0o777).toBe(0o600)
    const dev = acquireLock({ ...env, LICH_DEV: "1" })
    expect(dev._tag).toBe("held")
    for (const h of [held, dev]) if (h._tag === "held") h.lock.release()
  })

  it("is refused while another process holds it, and free the moment that process is killed", async () => {
    fs.mkdirSync(path.dirname(lockFile(env)), { recursive: true })
    const child = await holder(lockFile(env))
    expect(acquireLock(env)._tag).toBe("taken")
    const exited = new Promise((r) => child.once("exit", r))
    child.kill("SIGKILL")
    await exited
    const after = acquireLock(env)
    expect(after._tag).toBe("held")
    if (after._tag === "held") after.lock.release()
  })

  it("throws one line naming the file when the config dir cannot be made", () => {
    fs.mkdirSync(path.join(root, "config"), { recursive: true })
    fs.writeFileSync(path.join(root, "config", "lich"), "a file where the dir should be")
    expect(() => acquireLock(env)).toThrow(/config[/]lich/)
  })
})
