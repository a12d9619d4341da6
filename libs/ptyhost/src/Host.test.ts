/**
 * The host and the backend's connection to it, in one process over a real Unix socket, with the
 * fake PTY adapter under the host: the secret and the protocol number are checked, bytes and exits
 * reach the attached backend, a backend that comes later gets the ring and then live bytes, the
 * sessions' token is kept, and the host says it is idle only with no PTY and no backend left.
 */
import * as fs from "node:fs"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { type FakeProcess, FakePty, PtyAdapter, type PtyExitInfo } from "@lich/terminal"
import { Context, Effect, Layer, Ref } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type Connection, open } from "./connection.js"
import { makeHost } from "./Host.js"
import { frameReader, jsonFrame, PROTOCOL } from "./protocol.js"

const SECRET = "s".repeat(64)
let dir: string
let server: net.Server
let socket: string
/** How often the host went idle, and how many of its connections it had ended by then itself. */
let idle: { count: number; endedBefore: number }
let gone: Array<() => void>
/** Resolves once the host has seen a backend's connection close. */
const hostSawClose = () => new Promise<void>((r) => gone.push(r))
let fakes: () => ReadonlyArray<FakeProcess>
const conns: Array<Connection> = []

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-ptyhost-"))
  socket = path.join(dir, "h.sock")
  const ctx = Effect.runSync(Effect.scoped(Layer.build(FakePty.layer)))
  const spawned = Context.get(ctx, FakePty).spawned
  fakes = () => Effect.runSync(Ref.get(spawned))
  // Per host: a host of an earlier test that notices its last close late must not count here.
  const mine = { count: 0, endedBefore: 0 }
  const waiters: Array<() => void> = []
  const accepted: Array<net.Socket> = []
  idle = mine
  gone = waiters
  const host = makeHost({
    secret: SECRET,
    version: "test",
    log: () => undefined,
    // As bin.ts's process.exit does: every connection the host still has ends with it.
    onIdle: () => {
      mine.count++
      mine.endedBefore += accepted.filter((a) => a.writableEnded).length
      for (const a of accepted) a.destroy()
    },
    onDisconnect: () => {
      for (const w of waiters.splice(0)) w()
    },
    adapter: Context.get(ctx, PtyAdapter)
  })
  server = net.createServer((c) => {
    accepted.push(c)
    host.connection(c)
  })
  await new Promise<void>((r) => server.listen(socket, () => r()))
})
afterEach(async () => {
  for (const c of conns.splice(0)) c.socket.destroy()
  await new Promise((r) => server.close(r))
  fs.rmSync(dir, { recursive: true, force: true })
})

const connect = async (token?: string) => {
  const found = await open(socket, SECRET, token)
  conns.push(found!.conn)
  return found!
}
const spawnOne = async (c: Connection, id = "s1") => {
  const answer = await c.request({ t: "spawn", id, file: "/bin/sh", args: [], cwd: "/", env: {}, cols: 80, rows: 24 })
  if (answer.t !== "spawned") throw new Error(JSON.stringify(answer))
  return { proc: c.procs.get(answer.h)!, h: answer.h, fake: fakes()[fakes().length - 1]! }
}
const bytesOf = (proc: { onData: (cb: (d: Uint8Array) => void) => void }) => {
  let text = ""
  const waiters: Array<() => void> = []
  proc.onData((d) => {
    text += Buffer.from(d).toString("utf8")
    for (const w of waiters.splice(0)) w()
  })
  return {
    text: () => text,
    until: (s: string) =>
      new Promise<void>((resolve) => {
        const look = () => (text.includes(s) ? resolve() : waiters.push(look))
        look()
      })
  }
}
const exitOf = (proc: { onExit: (cb: (e: PtyExitInfo) => void) => void }) => new Promise<PtyExitInfo>((r) => proc.onExit(r))

describe("the PTY host", () => {
  it("refuses a client without the secret, and one of another protocol", async () => {
    await expect(open(socket, "wrong", undefined)).rejects.toThrow("the PTY host refused us: the PTY host's secret does not match")
    const raw = net.connect(socket)
    const said: Array<Buffer> = []
    raw.on("data", (d) => said.push(d))
    const gone = new Promise((r) => raw.once("close", r))
    raw.write(jsonFrame({ t: "hello", v: PROTOCOL + 1, secret: SECRET }))
    await gone
    expect(Buffer.concat(said).subarray(5).toString()).toBe(
      JSON.stringify({ t: "refused", message: `the PTY host speaks protocol ${PROTOCOL}, not ${PROTOCOL + 1}` })
    )
  })

  it("relays output and the exit to the backend that spawned, and keystrokes to the PTY", async () => {
    const { conn } = await connect("tok")
    const { proc, fake } = await spawnOne(conn)
    const out = bytesOf(proc)
    fake.emit("hello ")
    await out.until("hello ")
    proc.write("typed")
    proc.resize(100, 30)
    await conn.list() // answered after the host handled what was sent before it
    const ended = exitOf(proc)
    fake.emit("bye")
    fake.exit(3)
    expect(await ended).toEqual({ exitCode: 3 })
    expect([out.text(), fake.writtenText(), fake.size]).toEqual(["hello bye", "typed", { cols: 100, rows: 30 }])
  })

  it("hands a later backend the ring, then live bytes, and an exit that happened while none was there", async () => {
    const first = await connect("tok-1")
    const a = await spawnOne(first.conn, "a")
    const b = await spawnOne(first.conn, "b")
    const seen = bytesOf(a.proc)
    a.fake.emit("before;")
    await seen.until("before;")
    const left = hostSawClose()
    first.conn.socket.destroy()
    await left
    a.fake.emit("while-away;")
    b.fake.exit(0, 1)

    const second = await connect("tok-2")
    expect(second.hello.token).toBe("tok-1")
    expect(await second.conn.list()).toEqual([
      { h: a.h, id: "a", pid: a.fake.pid },
      { h: b.h, id: "b", pid: b.fake.pid, exited: true }
    ])
    const again = bytesOf(second.conn.attach(a.h, a.fake.pid))
    const gone = exitOf(second.conn.attach(b.h, b.fake.pid))
    await again.until("while-away;")
    a.fake.emit("live")
    await again.until("live")
    expect(again.text()).toBe("before;while-away;live")
    expect(await gone).toEqual({ exitCode: 0, signal: 1 })
    expect(await second.conn.list()).toEqual([{ h: a.h, id: "a", pid: a.fake.pid }])
  })

  it("carries a flood in gathered frames and a replay far over the backend's read buffer, whole and in order", async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${String(i).padStart(6, "0")} ${"x".repeat(60)}\n`)
    const all = lines.join("")
    const first = await connect("tok")
    const { proc, h, fake } = await spawnOne(first.conn)
    const live = bytesOf(proc)
    // PTY-sized reads, gathered into frames of up to 128 KiB, each cut across the reused read buffer.
    for (const l of lines) fake.emit(l)
    await live.until(lines[lines.length - 1]!)
    expect(live.text()).toBe(all)
    const left = hostSawClose()
    first.conn.socket.destroy()
    await left
    // The ring (2 MiB) goes to the next backend as one frame: eight times its read buffer.
    const second = await connect("tok")
    const replay = bytesOf(second.conn.attach(h, fake.pid))
    await replay.until(lines[lines.length - 1]!)
    expect(replay.text().length).toBeGreaterThan(1024 * 1024)
    expect(all.endsWith(replay.text())).toBe(true)
  })

  it("keeps an exit it sent until the backend says it has it, so one that died with it in flight loses nothing", async () => {
    // A backend that never gets to say `forget`: it reads the exit, and is gone.
    const raw = net.connect(socket)
    const said: Array<Record<string, unknown>> = []
    const waiters: Array<() => void> = []
    raw.on(
      "data",
      frameReader({
        json: (m) => {
          said.push(m as Record<string, unknown>)
          for (const w of waiters.splice(0)) w()
        },
        data: () => undefined,
        corrupt: () => undefined
      })
    )
    const heard = (t: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const look = () => {
          const m = said.find((x) => x.t === t)
          return m ? resolve(m) : waiters.push(look)
        }
        look()
      })
    await new Promise((r) => raw.once("connect", r))
    raw.write(jsonFrame({ t: "hello", v: PROTOCOL, secret: SECRET }))
    raw.write(jsonFrame({ t: "spawn", req: 1, id: "short", file: "/bin/true", args: [], cwd: "/", env: {}, cols: 80, rows: 24 }))
    const { h } = await heard("spawned")
    fakes()[0]!.exit(7)
    expect(await heard("exit")).toEqual({ t: "exit", h, exitCode: 7 })
    const left = hostSawClose()
    raw.destroy()
    await left

    const next = await connect()
    expect(await next.conn.list()).toEqual([{ h, id: "short", pid: fakes()[0]!.pid, exited: true }])
    expect(await exitOf(next.conn.attach(h as number, fakes()[0]!.pid))).toEqual({ exitCode: 7 })
    expect(await next.conn.list()).toEqual([])
  })

  it("is idle once no PTY runs and no backend is connected, and not before", async () => {
    const { conn } = await connect()
    const { fake } = await spawnOne(conn)
    const left = hostSawClose()
    conn.socket.destroy()
    await left
    expect(idle.count).toBe(0)
    fake.exit(0)
    expect(idle.count).toBe(1)
  })

  it("at shutdown ends every PTY, says bye, and leaves the connection for its process's end to close", async () => {
    const { conn } = await connect()
    const { proc, fake } = await spawnOne(conn)
    const ended = exitOf(proc)
    await conn.shutdown(5_000)
    expect(fake.signals).toEqual(["SIGHUP"])
    // Ended by the host itself, the backend would see it close while the process still ran.
    expect([idle.count, idle.endedBefore, conn.closed]).toEqual([1, 0, true])
    expect(await ended).toEqual({ exitCode: 0, signal: 1 })
  })
})
