/**
 * The terminal stream the window draws from: binary frames over /ws, attach sends the replay ring
 * then live bytes, keystrokes go in as frames, resize reaches the PTY, and a second client (a
 * reload) gets the screen back from the replay. A paused window is held, then sent what it missed;
 * one that fell further behind than the ring holds is resynced from the ring instead.
 */

import { control, decodeFrame, encodeFrame } from "@lich/contract"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { type Backend, post, startBackend, tokenOf, watchEvents } from "./harness.js"
import { watchScreen } from "./ptyHostHarness.js"

let b: Backend
let token: string
let id: string

beforeAll(async () => {
  b = await startBackend()
  token = tokenOf(b)
  id = JSON.parse((await b.lich(["open", "--project", b.project("tty"), "--kind", "shell", "--json"])).stdout).id
})
afterAll(async () => {
  await b?.stop()
})

/** A /ws client attached to the session, with everything it received as text. */
const clients: Array<Awaited<ReturnType<typeof watchScreen>>> = []
const attach = async () => {
  const c = await watchScreen(b.port, token, id)
  clients.push(c)
  return c
}
// Every frame a client got was for the session it attached to.
afterEach(() => {
  for (const c of clients.splice(0)) expect(c.others).toEqual([])
})

/** What `seq -f '<tag>%0<width>g' 1 <n>` prints through a PTY: numbered lines ending in CR LF. */
const lines = (tag: string, width: number, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag}${String(i + 1).padStart(width, "0")}\r\n`).join("")

/** "" when `expected` is in `screen` from its first line on; else where and how they part. */
const mismatch = (screen: string, expected: string): string => {
  const start = screen.indexOf(expected.slice(0, expected.indexOf("\n") + 1))
  if (start < 0) return "the first line never came"
  for (let i = 0; i < expected.length; i++) {
    if (screen[start + i] !== expected[i]) return `byte ${i}: ${JSON.stringify(screen.slice(start + i - 20, start + i + 20))}`
  }
  return ""
}

describe("the terminal socket", () => {
  it("takes keystrokes as frames and streams the output back", async () => {
    const c = await attach()
    c.type("echo hi-$((40+2))\r")
    await c.until(/hi-42/)
    c.ws.close()
  })

  it("replays the screen to a client that attaches later", async () => {
    const c = await attach()
    await c.until(/hi-42/)
    c.ws.close()
  })

  it("resizes the PTY from a control frame", async () => {
    const c = await attach()
    c.send(control.resize(id, 100, 30))
    c.type("stty size\r")
    await c.until(/30 100/)
    c.ws.close()
  })

  it("holds a paused window's output and sends it on resume, without a resync", async () => {
    const paused = await attach()
    const watcher = await attach()
    paused.send(control.pause(id))
    paused.type("echo held-$((6*7))\r")
    await watcher.until(/held-42/)
    expect(paused.screen()).not.toMatch(/held-42/)
    paused.send(control.resume(id))
    await paused.until(/held-42/)
    expect(paused.texts).toEqual([])
    paused.ws.close()
    watcher.ws.close()
  })

  it("resyncs a paused window from the ring once it is owed more than the ring holds", async () => {
    const paused = await attach()
    const watcher = await attach()
    await paused.until(/held-42/) // the replay is in: count from here
    const before = paused.received()
    paused.send(control.pause(id))
    // 3 MB of output while paused: more than the 2 MiB ring, so the backlog is dropped
    watcher.type("head -c 3000000 /dev/zero | tr '\\0' x; echo; echo flood-$((2+3))\r")
    await watcher.until(/flood-5/)
    paused.send(control.resume(id))
    const screen = await paused.until(/<<resync>>[\s\S]*flood-5/)
    expect(paused.texts).toEqual([control.resync(id)])
    expect(screen.indexOf("flood-5")).toBeGreaterThan(screen.indexOf("<<resync>>"))
    // what came after the resync is the ring, not the 3 MB backlog
    expect(paused.received() - before).toBeLessThan(2.2 * 1024 * 1024)
    paused.ws.close()
    watcher.ws.close()
  })

  it("carries a flood larger than the ring byte for byte, through the PTY host and the socket", async () => {
    const c = await attach()
    c.type("seq -f 'L%06g' 1 300000; echo flood-$((3+4))\r")
    const screen = await c.until(/flood-7/)
    expect(mismatch(screen, lines("L", 6, 300_000))).toBe("")
    c.ws.close()
  })

  it("holds a paused window's output intact while later output reuses the session's buffers", async () => {
    const paused = await attach()
    const watcher = await attach()
    await paused.until(/flood-7/) // its replay is in
    paused.send(control.pause(id))
    watcher.type("seq -f 'H%05g' 1 20000; echo held-$((5+5))\r")
    await watcher.until(/held-10/)
    watcher.type("seq -f 'Z%05g' 1 20000; echo later-$((6+6))\r")
    await watcher.until(/later-12/)
    paused.send(control.resume(id))
    const screen = await paused.until(/later-12/)
    expect(paused.texts).toEqual([])
    expect(mismatch(screen, lines("H", 5, 20_000))).toBe("")
    expect(mismatch(screen, lines("Z", 5, 20_000))).toBe("")
    paused.ws.close()
    watcher.ws.close()
  })

  it("serves an attach again on the same socket once the session's process ended and started anew", async () => {
    const other = JSON.parse((await b.lich(["open", "--project", b.project("tty2"), "--kind", "shell", "--json"])).stdout).id as string
    const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws?token=${token}`)
    let screen = ""
    const waiters: Array<() => void> = []
    ws.on("message", (d: Buffer, binary: boolean) => {
      if (!binary) return
      screen += decodeFrame(d)!.payload.toString("utf8")
      for (const w of waiters.splice(0)) w()
    })
    const until = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const look = () => (pattern.test(screen) ? resolve() : waiters.push(look))
        look()
      })
    await new Promise((r) => ws.once("open", r))
    ws.send(control.attach(other))
    ws.send(encodeFrame(other, "echo first-$((20+1))\r"))
    await until(/first-21/)
    const events = await watchEvents(b)
    ws.send(encodeFrame(other, "exit\r"))
    // The process ends; the card stays, and starting it again is what the window does on its next view.
    await events.until((e) => e._tag === "session-exit" && e.id === other)
    events.close()
    const started = await post(b, "/rpc/spawn.Start", { from: "", target: other })
    expect(started.status).toBe(200)
    ws.send(control.attach(other))
    ws.send(encodeFrame(other, "echo again-$((40+2))\r"))
    await until(/again-42/)
    ws.close()
  })

  it("refuses a socket without the token", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws`)
    const status = await new Promise<number>((resolve) => ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)))
    expect(status).toBe(401)
  })
})
