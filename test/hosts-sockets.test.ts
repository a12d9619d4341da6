/**
 * A host's window sockets through its forward, over a real sshd (test/sshHarness.ts): this lich's
 * `/hosts/<name>/ws` drives a shell on the host (keystrokes in, output back, the frames the far
 * lich's own), `/hosts/<name>/events` carries the far lich's events, neither asks the client for the
 * far token (hosts.State gives the far window state to load beside them), ours opens only once the far one has (no event missed in between), and a host that is
 * not connected is refused with its reason as the close.
 */
import { control, decodeFrame, encodeFrame } from "@lich/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { post, tokenOf } from "./harness.js"
import { type TwoMachines, twoMachines } from "./sshHarness.js"

let m: TwoMachines

beforeAll(async () => {
  m = await twoMachines()
  expect((await m.local.lich(["hosts", "add", "devbox", "devbox"])).stdout).toContain("devbox is connected")
})

afterAll(async () => {
  await m?.stop()
})

/** A socket of this lich's, with this lich's token: the only one the window holds. */
const socket = (path: string) => new WebSocket(`ws://127.0.0.1:${m.local.port}${path}?token=${tokenOf(m.local)}`)

const openOnHost = async (name: string) => {
  const r = await m.local.lich(["open", "--host", "devbox", "--project", m.remote.project(name), "--kind", "shell", "--json"])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout) as { id: string; label: string }
}

describe("a host's sockets through this lich", () => {
  it("carry keystrokes to a shell on the host and its output back", async () => {
    const { id } = await openOnHost("tty")
    const ws = socket("/hosts/devbox/ws")
    let screen = ""
    const seen: Array<() => void> = []
    ws.on("message", (d: Buffer, binary: boolean) => {
      const f = binary ? decodeFrame(d) : undefined
      if (f?.id === id) screen += f.payload.toString("utf8")
      for (const w of seen.splice(0)) w()
    })
    const until = (re: RegExp) =>
      new Promise<void>((resolve) => {
        const look = () => (re.test(screen) ? resolve() : seen.push(look))
        look()
      })
    // The far socket is open by the time ours is: what is sent at once reaches the host.
    ws.once("open", () => {
      ws.send(control.attach(id))
      ws.send(encodeFrame(id, "echo far-$((40+2))\r"))
    })
    await until(/far-42/)
    ws.close()
  })

  // The far lich's largest frame is a replay: the session's ring, up to 2 MiB. A bound of 1 MiB on
  // the far socket closed it on the replay of any session that had printed more, and the window's
  // reconnect asked for the same replay again.
  it("carry a replay larger than a megabyte back, and stay open", async () => {
    const { id } = await openOnHost("replayed")
    const ws = socket("/hosts/devbox/ws")
    let wake: (() => void) | undefined
    let closed = false
    ws.on("close", () => {
      closed = true
      wake?.() // a closed socket ends the wait: the expectations below say what went wrong
    })
    let live = ""
    const replays: Array<number> = []
    ws.on("message", (d: Buffer, binary: boolean) => {
      const f = binary ? decodeFrame(d) : undefined
      if (f?.id !== id) return
      if (f.payload.length > 1024 * 1024) replays.push(f.payload.length)
      else live = (live + f.payload.toString("latin1")).slice(-64)
      wake?.()
    })
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        wake = () => (done() || closed) && resolve()
        wake()
      })
    await new Promise((r) => ws.once("open", r))
    ws.send(control.attach(id))
    ws.send(encodeFrame(id, `head -c 1500000 /dev/zero | tr '\\0' x; echo; echo print""ed\r`))
    await until(() => live.includes("printed"))
    ws.send(control.detach(id))
    ws.send(control.attach(id))
    await until(() => replays.length > 0)
    expect(replays[0]).toBeGreaterThan(1_500_000)
    expect(closed).toBe(false)
    ws.close()
  })

  it("carry the host's events", async () => {
    const ws = socket("/hosts/devbox/events")
    const events: Array<Record<string, unknown>> = []
    await new Promise((r) => ws.once("open", r))
    const opened = new Promise<Record<string, unknown>>((resolve) =>
      ws.on("message", (d) => {
        const e = JSON.parse(String(d)) as Record<string, unknown>
        events.push(e)
        if (e._tag === "session-opened") resolve(e)
      })
    )
    // Ours opens only once the far one has: an event published from now on is not missed.
    const { id } = await openOnHost("evented")
    const e = await opened
    expect((e.session as { id: string }).id).toBe(id)
    ws.close()
  })

  it("and hosts.State is the host's whole picture, as its own window loads it", async () => {
    const { id } = await openOnHost("pictured")
    const r = await post(m.local, "/rpc/hosts.State", { host: "devbox" })
    expect(r.status).toBe(200)
    const state = r.json() as unknown as { projects: Array<{ path: string }>; cards: Array<{ session: { id: string } }> }
    expect(state.projects.map((p) => p.path)).toContain(m.remote.project("pictured"))
    expect(state.cards.map((c) => c.session.id)).toContain(id)
  })

  it("refuse a host that is not connected, saying why as the close", async () => {
    const ws = socket("/hosts/nosuch/ws")
    const [code, reason] = await new Promise<[number, string]>((resolve) => ws.once("close", (c, r) => resolve([c, r.toString()])))
    expect(code).toBe(1008)
    expect(reason).toBe('no host named "nosuch". Hosts: devbox')
  })

  it("are refused without this lich's token, before any far socket is opened", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${m.local.port}/hosts/devbox/ws?token=wrong`)
    const error = await new Promise<Error>((resolve) => ws.once("error", resolve))
    expect(error.message).toBe("Unexpected server response: 401")
  })
})
