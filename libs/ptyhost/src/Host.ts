/**
 * The PTY host: a small process that owns the PTYs so they outlive the backend. It spawns through
 * the same adapter the backend used to (NodePty.ts stays the only node-pty importer), keeps a replay
 * ring per PTY, and relays bytes and exits to the one backend attached to each PTY.
 *
 * It decides nothing about sessions: no readiness, no sizes, no environment. It refuses every client
 * that does not present the secret, and it exits on its own once it holds no live PTY and no backend
 * is connected — an idle host is a leak. Written as plain callbacks over node's sockets: everything
 * here is an event from a socket or a PTY, and a process meant to live for weeks should have as few
 * moving parts as it can.
 */
import * as crypto from "node:crypto"
import * as net from "node:net"
import { type Context, Effect, Exit } from "effect"
import { NodePtyLayer, PtyAdapter, type PtyExitInfo, type PtyProcess, type PtySpawnOptions, ReplayRing } from "@lich/terminal"
import { type ClientMessage, dataHeader, frameReader, type HostMessage, jsonFrame, PROTOCOL, type PtyListing } from "./protocol.js"

interface Pty {
  readonly h: number
  readonly id: string
  readonly proc: PtyProcess
  readonly ring: ReplayRing
  owner: Client | undefined
  exit: PtyExitInfo | undefined
}

interface Client {
  readonly socket: net.Socket
  authed: boolean
  send(message: HostMessage): void
  data(h: number, bytes: Uint8Array): void
}

export interface HostOptions {
  readonly secret: string
  readonly version: string
  /** Called once the host has nothing left to serve (or was told to shut down). */
  readonly onIdle: () => void
  readonly log: (line: string) => void
  /** A backend went away (quit, crash or kill); `waiting` PTYs stay for the next one. */
  readonly onDisconnect?: (waiting: number) => void
  /** The PTYs' adapter: node-pty's, or a test's fake. */
  readonly adapter?: Context.Tag.Service<typeof PtyAdapter>
}

/** 1 s after SIGHUP at shutdown: the backend's own close grace, so nothing is cut shorter than by Terminals. */
const SHUTDOWN_GRACE_MS = 1000

const same = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && crypto.timingSafeEqual(x, y)
}

export const makeHost = (o: HostOptions) => {
  const adapter = o.adapter ?? Effect.runSync(Effect.provide(PtyAdapter, NodePtyLayer))
  const ptys = new Map<number, Pty>()
  const clients = new Set<Client>()
  let nextHandle = 1
  /** The coordinates (LICH_TOKEN) the sessions were started with: a new backend must keep them. */
  let token: string | undefined
  let ending = false
  /** Set by a shutdown: told of every exit, so it can say bye once the last PTY has gone. */
  let afterExit: (() => void) | undefined

  const live = () => [...ptys.values()].filter((p) => p.exit === undefined).length
  const checkIdle = () => {
    if (!ending && clients.size === 0 && live() === 0) {
      ending = true
      o.onIdle()
    }
  }

  const deliverExit = (p: Pty) => {
    if (p.owner === undefined || p.exit === undefined) return
    p.owner.send({ t: "exit", h: p.h, exitCode: p.exit.exitCode, ...(p.exit.signal ? { signal: p.exit.signal } : {}) })
    ptys.delete(p.h)
  }

  const spawn = (c: Client, m: Extract<ClientMessage, { t: "spawn" }>) => {
    const options: PtySpawnOptions = { file: m.file, args: m.args, cwd: m.cwd, env: m.env, cols: m.cols, rows: m.rows }
    const result = Effect.runSyncExit(adapter.spawn(options))
    if (Exit.isFailure(result)) {
      const e = result.cause._tag === "Fail" ? result.cause.error : { reason: "fork", message: `cannot start ${m.file}` }
      return c.send({ t: "failed", req: m.req, reason: e.reason, message: e.message })
    }
    const proc = result.value
    const p: Pty = { h: nextHandle++, id: m.id, proc, ring: new ReplayRing(), owner: c, exit: undefined }
    ptys.set(p.h, p)
    c.send({ t: "spawned", req: m.req, h: p.h, pid: proc.pid })
    proc.onData((bytes) => {
      p.ring.push(bytes)
      p.owner?.data(p.h, bytes)
    })
    proc.onExit((exit) => {
      p.exit = exit
      deliverExit(p)
      checkIdle()
      afterExit?.()
    })
  }

  /** The replay first, then live bytes, on the same socket: the backend sees no gap and no repeat. */
  const attach = (c: Client, h: number) => {
    const p = ptys.get(h)
    if (p === undefined) return c.send({ t: "exit", h, exitCode: 0 })
    p.owner = c
    const replay = p.ring.snapshot()
    if (replay.length > 0) c.data(h, replay)
    deliverExit(p)
  }

  const shutdown = (c: Client | undefined) => {
    ending = true
    const left = [...ptys.values()].filter((p) => p.exit === undefined)
    for (const p of left) p.proc.kill("SIGHUP")
    let done = false
    const finish = () => {
      if (done || live() > 0) return
      done = true
      c?.send({ t: "bye" })
      // Ended, not destroyed: the bye and any last exits are flushed first, and the backend sees
      // the close at once rather than waiting out its timeout.
      for (const other of clients) other.socket.end()
      o.onIdle()
    }
    afterExit = finish
    finish()
    setTimeout(() => left.forEach((p) => p.proc.kill("SIGKILL")), SHUTDOWN_GRACE_MS).unref()
  }

  const handle = (c: Client, m: ClientMessage) => {
    if (!c.authed) {
      if (m.t !== "hello" || typeof m.secret !== "string" || !same(m.secret, o.secret)) {
        c.send({ t: "refused", message: "the PTY host's secret does not match" })
        return c.socket.end()
      }
      if (m.v !== PROTOCOL) {
        c.send({ t: "refused", message: `the PTY host speaks protocol ${PROTOCOL}, not ${m.v}` })
        return c.socket.end()
      }
      c.authed = true
      // The sessions carry the token they were started with; a host with sessions keeps its own.
      if (ptys.size === 0 && typeof m.token === "string" && m.token !== "") token = m.token
      return c.send({ t: "hello", v: PROTOCOL, pid: process.pid, version: o.version, ...(token && ptys.size > 0 ? { token } : {}) })
    }
    const p = "h" in m ? ptys.get(m.h) : undefined
    switch (m.t) {
      case "spawn":
        return spawn(c, m)
      case "list":
        return c.send({ t: "list", req: m.req, ptys: [...ptys.values()].map((x): PtyListing => ({ h: x.h, id: x.id, pid: x.proc.pid, ...(x.exit ? { exited: true } : {}) })) })
      case "attach":
        return attach(c, m.h)
      case "resize":
        return p?.proc.resize(m.cols, m.rows)
      case "kill":
        return p?.proc.kill(m.signal)
      case "shutdown":
        return shutdown(c)
      default:
        return // a message of a newer backend of the same protocol: ignored, as the protocol promises
    }
  }

  const connection = (socket: net.Socket) => {
    // Reads that land in one turn of the event loop leave in one writev: in a flood that is dozens of
    // PTY reads per syscall, and a lone echo still leaves within the same turn.
    let corked = false
    const uncork = () => {
      corked = false
      socket.uncork()
    }
    const c: Client = {
      socket,
      authed: false,
      send: (message) => {
        if (!socket.destroyed) socket.write(jsonFrame(message))
      },
      data: (h, bytes) => {
        if (socket.destroyed) return
        if (!corked) {
          corked = true
          socket.cork()
          setImmediate(uncork)
        }
        socket.write(dataHeader(h, bytes.length))
        socket.write(bytes)
      }
    }
    clients.add(c)
    const read = frameReader({
      json: (m) => handle(c, m as ClientMessage),
      data: (h, bytes) => {
        if (c.authed) ptys.get(h)?.proc.write(bytes)
      },
      corrupt: (reason) => {
        o.log(`dropped a client: ${reason}`)
        socket.destroy()
      }
    })
    socket.on("data", read)
    socket.on("error", () => socket.destroy())
    socket.on("close", () => {
      clients.delete(c)
      // Its PTYs go on; their output waits in the ring for the next backend.
      for (const p of ptys.values()) if (p.owner === c) p.owner = undefined
      if (c.authed) o.onDisconnect?.(ptys.size)
      checkIdle()
    })
  }

  return { connection, checkIdle, shutdownAll: () => shutdown(undefined), size: () => ptys.size }
}
