/**
 * The PTY host: a small process that owns the PTYs so they outlive the backend. It spawns through
 * the same adapter the backend used to (NodePty.ts stays the only node-pty importer), keeps a replay
 * ring per PTY, and relays bytes and exits to the one backend attached to each PTY.
 *
 * It decides nothing about sessions: no readiness, no sizes, no environment. It refuses every client
 * that does not present the secret, and it exits on its own once it holds no live PTY and no backend
 * is connected — an idle host is a leak. Written as plain callbacks over node's sockets: everything
 * here is an event from a socket or a PTY, and a process meant to live for weeks should have as few
 * moving parts as it can. One `PtyHost` per process; one `Client` per backend connection.
 */
import * as crypto from "node:crypto"
import type * as net from "node:net"
import { NodePtyLayer, PtyAdapter, type PtyExitInfo, type PtyProcess, type PtySpawnOptions, ReplayRing } from "@lich/terminal"
import { type Context, Effect, Exit } from "effect"
import { type Gather, makeGather } from "./gather.js"
import { type ClientMessage, dataHeader, frameReader, type HostMessage, jsonFrame, PROTOCOL, type PtyListing } from "./protocol.js"

interface Pty {
  readonly h: number
  readonly id: string
  readonly proc: PtyProcess
  readonly ring: ReplayRing
  /** Output on its way to the owner, gathered in a burst (gather.ts); flushed before the owner changes. */
  readonly out: Gather
  owner: Client | undefined
  exit: PtyExitInfo | undefined
}

export interface HostOptions {
  readonly secret: string
  readonly version: string
  /** Called once the host has nothing left to serve (or was told to shut down, once the bye is written): it ends the process. */
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

/** One backend's connection: what it may do depends on whether it said the secret yet. */
class Client {
  authed = false

  constructor(readonly socket: net.Socket) {}

  send(message: HostMessage): void {
    if (!this.socket.destroyed) this.socket.write(jsonFrame(message))
  }

  /** One frame of these reads: header and reads in one writev, the bytes never copied. */
  data(h: number, reads: ReadonlyArray<Uint8Array>, bytes: number): void {
    if (this.socket.destroyed) return
    this.socket.cork()
    this.socket.write(dataHeader(h, bytes))
    for (const r of reads) this.socket.write(r)
    this.socket.uncork()
  }
}

export class PtyHost {
  private readonly adapter: Context.Tag.Service<typeof PtyAdapter>
  private readonly ptys = new Map<number, Pty>()
  private readonly clients = new Set<Client>()
  private nextHandle = 1
  /** The coordinates (LICH_TOKEN) the sessions were started with: a new backend must keep them. */
  private token: string | undefined
  private ending = false
  /** Set by a shutdown: told of every exit, so it can say bye once the last PTY has gone. */
  private afterExit: (() => void) | undefined

  constructor(private readonly o: HostOptions) {
    this.adapter = o.adapter ?? Effect.runSync(Effect.provide(PtyAdapter, NodePtyLayer))
  }

  /** A new connection on the host's socket. */
  readonly connection = (socket: net.Socket): void => {
    const c = new Client(socket)
    this.clients.add(c)
    const read = frameReader({
      json: (m) => this.handle(c, m as ClientMessage),
      data: (h, bytes) => {
        if (c.authed) this.ptys.get(h)?.proc.write(bytes)
      },
      corrupt: (reason) => {
        this.o.log(`dropped a client: ${reason}`)
        socket.destroy()
      }
    })
    socket.on("data", read)
    socket.on("error", () => socket.destroy())
    socket.on("close", () => this.gone(c))
  }

  /** Ends every PTY (SIGHUP, then SIGKILL after the grace) and then the host: nobody can reach it. */
  readonly shutdownAll = (): void => this.shutdown(undefined)

  get size(): number {
    return this.ptys.size
  }

  private live(): number {
    let n = 0
    for (const p of this.ptys.values()) if (p.exit === undefined) n++
    return n
  }

  readonly checkIdle = (): void => {
    if (!this.ending && this.clients.size === 0 && this.live() === 0) {
      this.ending = true
      this.o.onIdle()
    }
  }

  private gone(c: Client): void {
    this.clients.delete(c)
    // Its PTYs go on; their output waits in the ring for the next backend.
    for (const p of this.ptys.values()) {
      if (p.owner !== c) continue
      p.out.flush()
      p.owner = undefined
    }
    if (c.authed) this.o.onDisconnect?.(this.ptys.size)
    this.checkIdle()
  }

  private handle(c: Client, m: ClientMessage): void {
    if (!c.authed) return this.hello(c, m)
    const p = "h" in m ? this.ptys.get(m.h) : undefined
    switch (m.t) {
      case "spawn":
        return this.spawn(c, m)
      case "list":
        return c.send({ t: "list", req: m.req, ptys: [...this.ptys.values()].map(listing) })
      case "attach":
        return this.attach(c, m.h)
      case "resize":
        return p?.proc.resize(m.cols, m.rows)
      case "kill":
        return p?.proc.kill(m.signal)
      case "forget":
        if (p?.exit !== undefined) this.ptys.delete(m.h)
        return
      case "shutdown":
        return this.shutdown(c)
      default:
        return // a message of a newer backend of the same protocol: ignored, as the protocol promises
    }
  }

  private hello(c: Client, m: ClientMessage): void {
    if (m.t !== "hello" || typeof m.secret !== "string" || !same(m.secret, this.o.secret)) {
      c.send({ t: "refused", message: "the PTY host's secret does not match" })
      return void c.socket.end()
    }
    if (m.v !== PROTOCOL) {
      c.send({ t: "refused", message: `the PTY host speaks protocol ${PROTOCOL}, not ${m.v}` })
      return void c.socket.end()
    }
    c.authed = true
    // The sessions carry the token they were started with; a host with sessions keeps its own.
    if (this.ptys.size === 0 && typeof m.token === "string" && m.token !== "") this.token = m.token
    const token = this.token !== undefined && this.ptys.size > 0 ? { token: this.token } : {}
    c.send({ t: "hello", v: PROTOCOL, pid: process.pid, version: this.o.version, ...token })
  }

  private spawn(c: Client, m: Extract<ClientMessage, { t: "spawn" }>): void {
    const options: PtySpawnOptions = { file: m.file, args: m.args, cwd: m.cwd, env: m.env, cols: m.cols, rows: m.rows }
    const result = Effect.runSyncExit(this.adapter.spawn(options))
    if (Exit.isFailure(result)) {
      const e = result.cause._tag === "Fail" ? result.cause.error : { reason: "fork", message: `cannot start ${m.file}` }
      return c.send({ t: "failed", req: m.req, reason: e.reason, message: e.message })
    }
    const proc = result.value
    const h = this.nextHandle++
    const p: Pty = {
      h,
      id: m.id,
      proc,
      ring: new ReplayRing(),
      out: makeGather((reads, bytes) => p.owner?.data(h, reads, bytes)),
      owner: c,
      exit: undefined
    }
    this.ptys.set(p.h, p)
    c.send({ t: "spawned", req: m.req, h: p.h, pid: proc.pid })
    proc.onData((bytes) => {
      p.ring.push(bytes)
      if (p.owner !== undefined) p.out.push(bytes)
    })
    proc.onExit((exit) => {
      p.exit = exit
      this.deliverExit(p)
      this.checkIdle()
      this.afterExit?.()
    })
  }

  /** The replay first, then live bytes, on the same socket: the backend sees no gap and no repeat. */
  private attach(c: Client, h: number): void {
    const p = this.ptys.get(h)
    if (p === undefined) return c.send({ t: "exit", h, exitCode: 0 })
    // What was gathered for the last owner is in the ring: it goes to that owner, not twice to this one.
    p.out.flush()
    p.owner = c
    const replay = p.ring.snapshot()
    if (replay.length > 0) c.data(h, [replay], replay.length)
    this.deliverExit(p)
  }

  /**
   * Told, not forgotten: the PTY goes once the backend says `forget`. A backend that dies with the
   * exit in flight leaves it here, and the next one is told instead.
   */
  private deliverExit(p: Pty): void {
    if (p.owner === undefined || p.exit === undefined) return
    p.out.flush() // every byte before the exit, as the adapter promises
    p.owner.send({ t: "exit", h: p.h, exitCode: p.exit.exitCode, ...(p.exit.signal ? { signal: p.exit.signal } : {}) })
  }

  private shutdown(c: Client | undefined): void {
    this.ending = true
    const left = [...this.ptys.values()].filter((p) => p.exit === undefined)
    for (const p of left) p.proc.kill("SIGHUP")
    let done = false
    const finish = () => {
      if (done || this.live() > 0) return
      done = true
      for (const other of this.clients) if (other !== c) other.socket.end()
      // The asking backend's connection is left open: the host ends right after the bye (and the
      // exits before it) are written, so that backend sees the connection close when the process
      // does, and knows the host is gone, not merely finished talking.
      if (c === undefined || c.socket.destroyed) return this.o.onIdle()
      c.socket.write(jsonFrame({ t: "bye" }), () => this.o.onIdle())
    }
    this.afterExit = finish
    finish()
    setTimeout(() => {
      for (const p of left) p.proc.kill("SIGKILL")
    }, SHUTDOWN_GRACE_MS).unref()
  }
}

const listing = (p: Pty): PtyListing => ({ h: p.h, id: p.id, pid: p.proc.pid, ...(p.exit ? { exited: true } : {}) })

export const makeHost = (o: HostOptions): PtyHost => new PtyHost(o)
