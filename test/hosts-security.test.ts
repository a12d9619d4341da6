/**
 * What a host's link must never do, checked against a real sshd and two real liches: the far
 * token in no process's argv on either side (both run on this machine, so one scan of /proc sees
 * both), in no log, in no file on the local side — after the CLI, hosts.State and the host's
 * window sockets have all used it; the forward listening on 127.0.0.1 and nowhere else. (An
 * unknown host key refused with ssh's line: hosts.test.ts.)
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { post, tokenOf } from "./harness.js"
import { forwardPid, type TwoMachines, twoMachines } from "./sshHarness.js"

let m: TwoMachines
let token: string

beforeAll(async () => {
  m = await twoMachines()
  token = tokenOf(m.remote)
  const added = await m.local.lich(["hosts", "add", "devbox", "devbox"])
  expect(added.stdout).toContain("devbox is connected")
  // A call through the forward, so the token has been used on this side at least once.
  expect((await m.local.lich(["hosts", "--json"])).code).toBe(0)
  // And the window's ways to the host: its state, and its sockets, opened and closed.
  expect((await post(m.local, "/rpc/hosts.State", { host: "devbox" })).status).toBe(200)
  for (const socket of ["events", "ws"]) {
    const ws = new WebSocket(`ws://127.0.0.1:${m.local.port}/hosts/devbox/${socket}?token=${tokenOf(m.local)}`)
    await new Promise((r) => ws.once("open", r))
    const closed = new Promise((r) => ws.once("close", r))
    ws.close()
    await closed
  }
})

afterAll(async () => {
  await m?.stop()
})

/** Every file under `dir`, recursively; sockets and the like skipped. */
const filesUnder = (dir: string): Array<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    return d.isDirectory() ? filesUnder(p) : d.isFile() ? [p] : []
  })

/** The listening TCP sockets of /proc/net/<file> on `port`, as "addr:port" hex pairs. */
const listeners = (file: "tcp" | "tcp6", port: number) =>
  fs
    .readFileSync(`/proc/net/${file}`, "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length > 3 && f[3] === "0A" && Number.parseInt(f[1]!.split(":")[1]!, 16) === port)
    .map((f) => f[1]!.split(":")[0]!)

describe("a host's link", () => {
  it("puts the far token in no process's argv, on either side", () => {
    const hits = fs
      .readdirSync("/proc")
      .filter((p) => /^\d+$/.test(p))
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(token)
        } catch {
          return false
        }
      })
    expect(hits).toEqual([])
  })

  it("writes the far token in no file on the local side, its log included", () => {
    const local = m.local.dir
    const files = filesUnder(local)
    expect(files.some((f) => f.endsWith("lich.log"))).toBe(true)
    expect(files.filter((f) => fs.readFileSync(f).includes(token))).toEqual([])
  })

  it("leaves the far token out of the far lich's log too", () => {
    const log = filesUnder(m.remote.dir).find((f) => f.endsWith("lich.log"))!
    expect(fs.readFileSync(log, "utf8")).not.toContain(token)
  })

  it("listens on 127.0.0.1 only", () => {
    const pid = forwardPid(m.local, "devbox")!
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
    const forward = argv[argv.indexOf("-L") + 1]!
    expect(forward).toMatch(/^127\.0\.0\.1:\d+:127\.0\.0\.1:\d+$/)
    const port = Number(forward.split(":")[1])
    expect(listeners("tcp", port)).toEqual(["0100007F"])
    expect(listeners("tcp6", port)).toEqual([])
  })
})
