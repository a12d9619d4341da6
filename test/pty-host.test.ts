/**
 * Sessions outlive the backend: the PTYs live in the PTY host, so a `kill -9` of the backend leaves
 * every agent running, and the next `lich --no-window` on the same config dir re-attaches them —
 * same pid, listed by `sessions`, the screen replayed on /ws, keystrokes reaching the same process.
 * `lich quit` still ends everything, the host included. A host that dies is reported on every card
 * it held, and the next session starts a new one. CLI commands never start a dead backend again.
 */

import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { type AgentRecord, type Backend, lichBin, startBackend, waitForJson, waitForRecord } from "./harness.js"
import { alive, childrenOf, exitOf, hostsOf, killHard, startAgain, tokenIn, watchScreen } from "./ptyHostHarness.js"

let b: Backend
let again: Awaited<ReturnType<typeof startAgain>> | undefined
const leftovers: Array<number> = []

beforeAll(async () => {
  b = await startBackend()
})
afterAll(async () => {
  if (again && again.exitCode === null) {
    again.kill("SIGTERM")
    await exitOf(again)
  }
  // A failed test must not leave its host behind on the machine.
  for (const pid of [...hostsOf(b.env.XDG_CONFIG_HOME!), ...leftovers]) if (alive(pid)) process.kill(pid, "SIGKILL")
  await b?.stop()
})

const rpc = (port: number, token: string, method: string, body: unknown) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method: "POST", path: `/rpc/${method}?token=${token}`, headers: { "content-type": "application/json" } },
      (res) => {
        let text = ""
        res.on("data", (d) => (text += d))
        res.on("end", () => resolve(JSON.parse(text)))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify(body))
  })

const ids = async () => (JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>).map((s) => s.id).sort()

/** Only this user reaches the host, and its secret is in no process's argv or environment. */
const expectSecretKept = (pids: ReadonlyArray<number>) => {
  const dir = path.join(b.env.XDG_CONFIG_HOME!, "lich")
  const mode = (f: string) => fs.statSync(path.join(dir, f)).mode & 0o777
  expect([mode("."), mode("ptyhost-1.sock"), mode("ptyhost.secret")]).toEqual([0o700, 0o600, 0o600])
  const secret = fs.readFileSync(path.join(dir, "ptyhost.secret"), "utf8")
  expect(secret).toMatch(/^[0-9a-f]{64}$/)
  for (const pid of pids) {
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8")).not.toContain(secret)
    expect(fs.readFileSync(`/proc/${pid}/environ`, "utf8")).not.toContain(secret)
  }
}

describe("a backend killed with kill -9", () => {
  it("leaves its sessions running, and the next backend re-attaches them with their screens", async () => {
    const agent = JSON.parse((await b.lich(["open", "--project", b.project("kept"), "--kind", "claude", "--json"])).stdout) as {
      id: string
    }
    const record = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${agent.id}.json`))
    const shell = JSON.parse((await b.lich(["open", "--project", b.project("kept"), "--kind", "shell", "--json"])).stdout) as { id: string }
    const token = tokenIn(b.env)

    const a1 = await watchScreen(b.port, token, agent.id)
    a1.type("hello\r")
    await a1.until(/received 5 bytes/)
    const s1 = await watchScreen(b.port, token, shell.id)
    s1.type("echo shell-pid=$$\r")
    const shellPid = Number(/shell-pid=(\d+)/.exec(await s1.until(/shell-pid=\d+/))![1])

    const [host, ...others] = hostsOf(b.env.XDG_CONFIG_HOME!)
    expect(others).toEqual([])
    expect(childrenOf(host!).sort()).toEqual([record.pid, shellPid].sort())
    expectSecretKept([host!, record.pid, shellPid, b.process.pid!])
    fs.rmSync(path.join(b.env.FAKE_AGENT_LOG!, `${agent.id}.json`))

    await killHard(b.process)
    expect(alive(record.pid) && alive(shellPid) && alive(host!)).toBe(true)
    // Nothing starts a dead backend again: the CLI says so, as ever.
    const none = await b.lich(["sessions"])
    expect([none.code, none.stderr]).toEqual([1, "lich: no lich is running — open lich, or run this inside one of its sessions\n"])

    again = await startAgain(b.env)
    expect(tokenIn(b.env)).toBe(token) // the sessions' LICH_TOKEN still opens this backend
    expect(await ids()).toEqual([agent.id, shell.id].sort())
    expect(await rpc(b.port, token, "spawn.Start", { from: "", target: agent.id })).toEqual({
      id: agent.id,
      started: false,
      startError: ""
    })
    expect(fs.existsSync(path.join(b.env.FAKE_AGENT_LOG!, `${agent.id}.json`))).toBe(false) // no second agent was started
    expect(hostsOf(b.env.XDG_CONFIG_HOME!)).toEqual([host])

    const a2 = await watchScreen(b.port, token, agent.id)
    expect(await a2.until(/fake agent[\s\S]*hello[\s\S]*received 5 bytes/)).toBeTruthy()
    a2.type("again\r")
    await waitForRecord<{ event: string; text?: string }>(
      path.join(b.env.FAKE_AGENT_LOG!, `${agent.id}.messages.jsonl`),
      (r) => r.event === "submit" && r.text === "again"
    )
    const s2 = await watchScreen(b.port, token, shell.id)
    await s2.until(new RegExp(`shell-pid=${shellPid}`))
    s2.type("echo still-$$\r")
    await s2.until(new RegExp(`still-${shellPid}`))
    await Promise.all([a1.close(), s1.close(), a2.close(), s2.close()].map((p) => p.catch(() => undefined)))

    // Read as soon as quit returns, not once the backend has exited: quit means all of it has ended.
    const quit = await b.lich(["quit"])
    expect([quit.code, quit.stdout]).toEqual([0, "lich has quit.\n"])
    expect(hostsOf(b.env.XDG_CONFIG_HOME!)).toEqual([])
    expect([alive(record.pid), alive(shellPid)]).toEqual([false, false])
    await exitOf(again)
  }, 60_000)
})

describe("a PTY host that dies", () => {
  it("is reported on every card it held, and the next session starts a new host", async () => {
    again = await startAgain(b.env)
    const token = tokenIn(b.env)
    const project = b.project("orphaned")
    const opened = await Promise.all(
      [1, 2].map(async () => JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout).id as string)
    )
    const [host] = hostsOf(b.env.XDG_CONFIG_HOME!)
    const shells = childrenOf(host!)
    leftovers.push(...shells)
    expect(shells.length).toBe(2)

    const events = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${token}`)
    const seen: Array<Record<string, unknown>> = []
    const waiters: Array<() => void> = []
    events.on("message", (d) => {
      seen.push(JSON.parse(String(d)))
      for (const w of waiters.splice(0)) w()
    })
    const until = (test: (e: Record<string, unknown>) => boolean) =>
      new Promise<void>((resolve) => {
        const look = () => (seen.some(test) ? resolve() : waiters.push(look))
        look()
      })
    await new Promise((r) => events.once("open", r))
    // The socket subscribes once attached: a report seen through it proves it listens.
    const touched = until((e) => e._tag === "session-touched")
    await new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: b.port,
          method: "POST",
          path: `/session-touched?token=${token}`,
          headers: { "content-type": "application/json" }
        },
        (res) => res.on("end", resolve).resume()
      )
      req.end(JSON.stringify({ session_id: opened[0] }))
    })
    await touched

    process.kill(host!, "SIGKILL")
    await Promise.all(opened.map((id) => until((e) => e._tag === "session-exit" && e.id === id)))
    events.close()
    expect(await ids()).toEqual([])
    expect(shells.filter(alive)).toEqual([])

    const next = JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout).id as string
    expect(await ids()).toEqual([next])
    const [second] = hostsOf(b.env.XDG_CONFIG_HOME!)
    expect(second).not.toBe(host)
    expect(childrenOf(second!).length).toBe(1)

    expect((await b.lich(["quit"])).code).toBe(0)
    expect(hostsOf(b.env.XDG_CONFIG_HOME!)).toEqual([])
    await exitOf(again)
  }, 60_000)
})

describe("a backend that fails to start", () => {
  it("leaves the sessions it re-attached running for the next one", async () => {
    again = await startAgain(b.env)
    const shell = JSON.parse((await b.lich(["open", "--project", b.project("patient"), "--kind", "shell", "--json"])).stdout).id as string
    const [host] = hostsOf(b.env.XDG_CONFIG_HOME!)
    const [pid] = childrenOf(host!)
    leftovers.push(pid!)
    await killHard(again)

    // Something else holds the port: the next backend re-attaches, then cannot listen, and fails.
    const squatter = net.createServer((c) => c.destroy())
    await new Promise<void>((r) => squatter.listen(b.port, "127.0.0.1", () => r()))
    const failed = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    failed.stderr.on("data", (d) => (stderr += d))
    const code = await new Promise<number | null>((r) => failed.once("exit", r))
    await new Promise<void>((r) => squatter.close(() => r()))
    expect([code, stderr]).toEqual([1, `lich: listen EADDRINUSE: address already in use 127.0.0.1:${b.port}\n`])
    expect([alive(host!), alive(pid!)]).toEqual([true, true])

    again = await startAgain(b.env)
    expect(await ids()).toEqual([shell])
    const w = await watchScreen(b.port, tokenIn(b.env), shell)
    w.type("echo pid-$$\r")
    await w.until(new RegExp(`pid-${pid}`))
    await w.close()
    // This backend adopted the host rather than starting it, so it is not the host's parent: the
    // host's end reaches it only as the host's connection closing with its process.
    expect((await b.lich(["quit"])).code).toBe(0)
    expect([hostsOf(b.env.XDG_CONFIG_HOME!), alive(pid!)]).toEqual([[], false])
    await exitOf(again)
  }, 60_000)
})
