/**
 * The backend's end of one connection to a PTY host: the hello, requests matched to their answers,
 * and each PTY the host serves us as a `PtyProcess`. Callbacks and promises only; HostPty.ts turns
 * them into the adapter's Effects.
 *
 * A `HostProc` keeps the adapter's promises exactly as NodePty.ts does: events before a listener are
 * held, bytes come before the exit, and write/resize/kill after the exit do nothing.
 */
import * as net from "node:net"
import type { PtyExitInfo, PtyProcess } from "@lich/terminal"
import { type ClientMessage, dataHeader, frameReader, type HostMessage, jsonFrame, PROTOCOL, type PtyListing } from "./protocol.js"

/** 5 s: a live host answers a hello or a list in milliseconds; this long means it is wedged. */
export const ANSWER_TIMEOUT_MS = 5_000

export class HostProc implements PtyProcess {
  private gone = false
  private dataListener: ((data: Uint8Array) => void) | undefined
  private exitListener: ((exit: PtyExitInfo) => void) | undefined
  private heldData: Array<Uint8Array> = []
  private heldExit: PtyExitInfo | undefined

  constructor(
    readonly pid: number,
    readonly h: number,
    private readonly conn: Connection
  ) {}

  write(data: string | Uint8Array): void {
    if (!this.gone) this.conn.data(this.h, typeof data === "string" ? Buffer.from(data, "utf8") : data)
  }
  resize(cols: number, rows: number): void {
    if (!this.gone) this.conn.send({ t: "resize", h: this.h, cols, rows })
  }
  kill(signal?: string): void {
    if (!this.gone) this.conn.send({ t: "kill", h: this.h, ...(signal ? { signal } : {}) })
  }
  onData(cb: (data: Uint8Array) => void): void {
    this.dataListener = cb
    for (const bytes of this.heldData.splice(0)) cb(bytes)
  }
  onExit(cb: (exit: PtyExitInfo) => void): void {
    this.exitListener = cb
    if (this.heldExit) cb(this.heldExit)
  }
  get ended(): boolean {
    return this.gone
  }
  /** Output from the host, lent (the connection's read buffer is reused): kept only as a copy. */
  push(bytes: Uint8Array): void {
    if (this.gone) return
    if (this.dataListener) this.dataListener(bytes)
    else this.heldData.push(Buffer.from(bytes)) // a copy: a Buffer's slice is a view
  }
  /** The host said the process ended, or the host itself is gone. */
  end(exit: PtyExitInfo): void {
    if (this.gone) return
    this.gone = true
    if (this.exitListener) this.exitListener(exit)
    else this.heldExit = exit
  }
}

/**
 * 256 KiB: more than the socket holds at once (its buffer, 208 KiB by default), so one wake-up is
 * one read: with 64 KiB a 128 KiB frame from the host (gather.ts) took two or three.
 */
const READ_BUFFER_BYTES = 256 * 1024

/** Where a socket made by `connectReusing` sends each read; the bytes are valid only during the call. */
export interface ReusedReads {
  to: (chunk: Buffer) => void
}

/**
 * Connects with one read buffer for the connection's life instead of a new one per read. A flood
 * crosses this socket at ~100 MiB/s, and a fresh buffer per read was that much new memory, which is
 * what set off V8's collections in the backend mid-flood (bench/pty-throughput.mjs, ceilings.md).
 * Everything downstream copies what it keeps: the frame cutter its cut heads, a PTY with no
 * listener yet its held bytes, the session its inbox (libs/terminal OutputInbox.ts).
 */
const connectReusing = (socketPath: string): { socket: net.Socket; reads: ReusedReads } => {
  const buffer = Buffer.allocUnsafeSlow(READ_BUFFER_BYTES)
  const reads: ReusedReads = { to: () => {} }
  const socket = net.connect({
    path: socketPath,
    onread: {
      buffer,
      callback: (n: number) => {
        reads.to(buffer.subarray(0, n))
        return true // keep reading
      }
    }
  })
  return { socket, reads }
}

type Answer = Extract<HostMessage, { req: number }>
/** A client message that expects an answer, before it is given its request number. */
type Request = Extract<ClientMessage, { req: number }> extends infer M ? (M extends { req: number } ? Omit<M, "req"> : never) : never

export class Connection {
  readonly procs = new Map<number, HostProc>()
  private readonly pending = new Map<number, (m: Answer) => void>()
  private nextReq = 1
  private said: ((m: HostMessage) => void) | undefined
  /** True once we asked the host to shut down: its close is then expected, not a death. */
  leaving = false
  closed = false
  /** Called once, when the socket closes for any reason. */
  onClose: (() => void) | undefined

  /** `socket` was made by `connectReusing`, which hands its reads to `reads`. */
  constructor(
    readonly socket: net.Socket,
    reads: ReusedReads
  ) {
    reads.to = frameReader({
      json: (m) => this.message(m as HostMessage),
      data: (h, bytes) => this.procs.get(h)?.push(bytes),
      corrupt: () => socket.destroy()
    })
    socket.on("error", () => socket.destroy())
    socket.on("close", () => {
      this.closed = true
      for (const resolve of this.pending.values()) resolve({ t: "failed", req: 0, reason: "host", message: "the PTY host went away" })
      this.pending.clear()
      this.said?.({ t: "bye" })
      this.onClose?.()
    })
  }

  private message(m: HostMessage): void {
    if ("req" in m && typeof m.req === "number") {
      // Registered before anything else in this chunk is read: the PTY's first bytes may follow at once.
      if (m.t === "spawned") this.procs.set(m.h, new HostProc(m.pid, m.h, this))
      const resolve = this.pending.get(m.req)
      this.pending.delete(m.req)
      return resolve?.(m)
    }
    if (m.t === "exit") {
      const p = this.procs.get(m.h)
      this.procs.delete(m.h)
      this.send({ t: "forget", h: m.h })
      return p?.end(m.signal ? { exitCode: m.exitCode, signal: m.signal } : { exitCode: m.exitCode })
    }
    this.said?.(m)
  }

  send(m: ClientMessage): void {
    if (!this.closed) this.socket.write(jsonFrame(m))
  }

  data(h: number, bytes: Uint8Array): void {
    if (this.closed) return
    this.socket.cork()
    this.socket.write(dataHeader(h, bytes.length))
    this.socket.write(bytes)
    this.socket.uncork()
  }

  /** Sends a message that carries a request number and resolves with the host's answer to it. */
  request(m: Request): Promise<Answer> {
    const req = this.nextReq++
    return new Promise((resolve) => {
      if (this.closed) return resolve({ t: "failed", req, reason: "host", message: "the PTY host went away" })
      this.pending.set(req, resolve)
      this.send({ ...m, req } as ClientMessage)
    })
  }

  /** The next message that answers no request (hello, refused, bye), or bye when the socket closes. */
  next(timeoutMs: number): Promise<HostMessage | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.said = undefined
        resolve(undefined)
      }, timeoutMs)
      this.said = (m) => {
        clearTimeout(timer)
        this.said = undefined
        resolve(m)
      }
    })
  }

  /** A PTY the host kept: its ring comes first, then live bytes (and its exit, if it ended). */
  attach(h: number, pid: number): HostProc {
    const proc = new HostProc(pid, h, this)
    this.procs.set(h, proc)
    this.send({ t: "attach", h })
    return proc
  }

  list(): Promise<ReadonlyArray<PtyListing>> {
    return this.request({ t: "list" }).then((m) => (m.t === "list" ? m.ptys : []))
  }

  /** Lets go of the host without a word: it keeps every PTY for the next backend. */
  detach(): void {
    this.leaving = true
    this.socket.destroy()
  }

  /** Asks the host to end every PTY and exit; resolves once the connection closed, which the host's exit does. */
  shutdown(timeoutMs: number): Promise<void> {
    this.leaving = true
    if (this.closed) return Promise.resolve()
    const gone = new Promise<void>((resolve) => this.socket.once("close", () => resolve()))
    this.send({ t: "shutdown" })
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())
    return Promise.race([gone, timer]).then(() => void this.socket.destroy())
  }
}

/**
 * Connects and says hello. Resolves undefined when no host listens on the socket (no file, or a dead
 * host's file); rejects when one answers but refuses us, or does not answer at all.
 */
export const open = (
  socketPath: string,
  secret: string,
  token: string | undefined
): Promise<{ conn: Connection; hello: Extract<HostMessage, { t: "hello" }> } | undefined> =>
  new Promise((resolve, reject) => {
    const { socket, reads } = connectReusing(socketPath)
    socket.once("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT" || e.code === "ECONNREFUSED") resolve(undefined)
      else reject(new Error(`cannot reach the PTY host at ${socketPath}: ${e.message}`))
    })
    socket.once("connect", () => {
      const conn = new Connection(socket, reads)
      conn.next(ANSWER_TIMEOUT_MS).then((m) => {
        if (m?.t === "hello") return resolve({ conn, hello: m })
        socket.destroy()
        reject(new Error(m?.t === "refused" ? `the PTY host refused us: ${m.message}` : `the PTY host at ${socketPath} did not answer`))
      })
      conn.send({ t: "hello", v: PROTOCOL, secret, ...(token ? { token } : {}) })
    })
  })
