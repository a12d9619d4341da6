/**
 * Starting the backend over a runtime file a dead lich left behind: the stale file is cleaned up and
 * the new backend takes its place, rather than refusing to start or fighting for the port.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { freePort, isolatedEnv, lichBin, run, waitForOutput } from "./harness.js"

describe("a stale runtime file", () => {
  it("is replaced by a fresh start, which then answers commands", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-stale-"))
    const port = await freePort()
    const env = isolatedEnv(dir, port)
    const dead = spawn("true")
    const deadPid = await new Promise<number>((resolve) => dead.on("exit", () => resolve(dead.pid!)))
    const file = path.join(env.XDG_CONFIG_HOME!, "lich", "runtime.json")
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    fs.writeFileSync(file, JSON.stringify({ port, token: "stale-token", pid: deadPid, version: "0.0.1" }), { mode: 0o600 })
    const backend = spawn(lichBin, ["--no-window"], { env, stdio: ["ignore", "pipe", "pipe"] })
    try {
      await waitForOutput(backend, /Window: http/)
      const fresh = JSON.parse(fs.readFileSync(file, "utf8"))
      expect(fresh.pid).toBe(backend.pid)
      expect(fresh.token).not.toBe("stale-token")
      expect((await run(["sessions", "--json"], env)).stdout).toBe("[]\n")
    } finally {
      backend.kill("SIGTERM")
      await new Promise((r) => backend.on("exit", r))
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
