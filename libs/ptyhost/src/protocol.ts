/**
 * The wire between the backend and the PTY host: where the host listens, how a frame is laid out,
 * and the messages each side may send. Internal to lich (two processes of one install), so it lives
 * here rather than in libs/contract, which is the HTTP contract with the window and the CLI.
 *
 * A frame is a 4-byte big-endian body length, then one type byte, then the body:
 *   type 0  a JSON message (UTF-8), one of the shapes below, told apart by `t`;
 *   type 1  terminal bytes: a 4-byte handle, then the bytes (output host→backend, input backend→host).
 * Bytes never go through JSON: a flood of output is the hot path (bench/pty-throughput.mjs).
 *
 * Versioning: PROTOCOL is the number of this message set. Within one number, messages are only ever
 * added, and both sides ignore a `t` they do not know, so a newer backend keeps using an older host of
 * the same number for everything. An incompatible change takes a new number, and the number is part
 * of the socket's name: a backend never even reaches a host it cannot speak to. Such an older host
 * keeps serving the sessions it holds until they end, then exits on its own (docs/pty-host.md).
 */
import * as path from "node:path"
import { configDir, type Env, isDev } from "@lich/singleton"
import type { PtySpawnOptions } from "@lich/terminal"

export const PROTOCOL = 1

/** `<config>/ptyhost-1.sock` (`ptyhost-dev-1.sock` under LICH_DEV). */
export const socketPath = (env: Env): string => path.join(configDir(env), `ptyhost${isDev(env) ? "-dev" : ""}-${PROTOCOL}.sock`)
/** The host's secret (0600): read by both sides from the file, never passed in argv or env. */
export const secretPath = (env: Env): string => path.join(configDir(env), `ptyhost${isDev(env) ? "-dev" : ""}.secret`)
/** Where the host's stderr goes: it has no terminal, and outlives the backend's log handle. */
export const hostLogPath = (env: Env): string => path.join(configDir(env), `ptyhost${isDev(env) ? "-dev" : ""}.log`)

/** 107: sun_path is 108 bytes on Linux, one of them the terminating NUL. */
export const MAX_SOCKET_PATH_BYTES = 107

export const FRAME_JSON = 0
export const FRAME_DATA = 1
/** 16 MiB: far above any read or write (node-pty reads ≤ 64 KiB); a larger length is a corrupt stream. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024

export interface PtyListing {
  readonly h: number
  readonly id: string
  readonly pid: number
  /** Present when the PTY's process already ended and nobody has been told yet. */
  readonly exited?: boolean
}

export type ClientMessage =
  | { readonly t: "hello"; readonly v: number; readonly secret: string; readonly token?: string }
  /** What the adapter was asked to spawn (PtyAdapter.ts), under the session's id. */
  | ({ readonly t: "spawn"; readonly req: number; readonly id: string } & Omit<PtySpawnOptions, "id">)
  | { readonly t: "list"; readonly req: number }
  | { readonly t: "attach"; readonly h: number }
  | { readonly t: "resize"; readonly h: number; readonly cols: number; readonly rows: number }
  | { readonly t: "kill"; readonly h: number; readonly signal?: string }
  /** The backend has the PTY's exit: until it says so the host keeps it, for the next backend if need be. */
  | { readonly t: "forget"; readonly h: number }
  | { readonly t: "shutdown" }

export type HostMessage =
  | { readonly t: "hello"; readonly v: number; readonly pid: number; readonly version: string; readonly token?: string }
  | { readonly t: "refused"; readonly message: string }
  | { readonly t: "spawned"; readonly req: number; readonly h: number; readonly pid: number }
  | { readonly t: "failed"; readonly req: number; readonly reason: string; readonly message: string }
  | { readonly t: "list"; readonly req: number; readonly ptys: ReadonlyArray<PtyListing> }
  | { readonly t: "exit"; readonly h: number; readonly exitCode: number; readonly signal?: number }
  | { readonly t: "bye" }

export const jsonFrame = (message: ClientMessage | HostMessage): Buffer => {
  const body = Buffer.from(JSON.stringify(message), "utf8")
  const out = Buffer.allocUnsafe(5 + body.length)
  out.writeUInt32BE(body.length + 1, 0)
  out[4] = FRAME_JSON
  body.copy(out, 5)
  return out
}

/** The 9-byte header of a data frame; the bytes follow as a second write, so they are never copied. */
export const dataHeader = (h: number, bytes: number): Buffer => {
  const out = Buffer.allocUnsafe(9)
  out.writeUInt32BE(bytes + 5, 0)
  out[4] = FRAME_DATA
  out.writeUInt32BE(h, 5)
  return out
}

export interface FrameSink {
  readonly json: (message: unknown) => void
  /** Terminal bytes, in order; a frame cut by a chunk's end comes in more than one piece. */
  readonly data: (h: number, bytes: Uint8Array) => void
  /** The stream is not ours (bad length, bad JSON): the connection must be dropped. */
  readonly corrupt: (reason: string) => void
}

/** A data frame's header: length, type, handle. */
const DATA_HEADER_BYTES = 9

/** The state of one stream being cut into frames (frameReader, below). */
class FrameCutter {
  /** The start of a frame a chunk's end cut: a header, or a JSON message. */
  private head: Buffer = Buffer.alloc(0)
  /** Inside a data frame's bytes: how many are still to come, and for which handle. */
  private body: { h: number; left: number } | undefined
  private dead = false

  constructor(private readonly sink: FrameSink) {}

  read(chunk: Buffer): void {
    let at = 0
    while (!this.dead && at < chunk.length) {
      if (this.body !== undefined) at = this.more(chunk, at)
      else if (this.head.length > 0) at = this.join(chunk, at)
      else {
        const next = this.frame(chunk, at)
        if (next < 0) {
          this.head = Buffer.from(chunk.subarray(at))
          return
        }
        at = next
      }
    }
  }

  private fail(reason: string): void {
    this.dead = true
    this.sink.corrupt(reason)
  }

  private message(frame: Buffer): void {
    if (frame[0] !== FRAME_JSON) return // a frame type from a newer peer of the same protocol
    let m: unknown
    try {
      m = JSON.parse(frame.subarray(1).toString("utf8"))
    } catch {
      return this.sink.corrupt("a message that is not JSON")
    }
    this.sink.json(m)
  }

  /** Reads the frame that starts at `at`: where the next one starts, or -1 when it is not all here. */
  private frame(b: Buffer, at: number): number {
    const rest = b.length - at
    if (rest < 5) return -1
    const length = b.readUInt32BE(at)
    if (length === 0 || length > MAX_FRAME_BYTES) {
      this.fail(`a frame of ${length} bytes`)
      return b.length
    }
    if (b[at + 4] !== FRAME_DATA || length < 5) {
      if (rest < 4 + length) return -1
      if (b[at + 4] === FRAME_DATA) this.sink.corrupt("short data frame")
      else this.message(b.subarray(at + 4, at + 4 + length))
      return at + 4 + length
    }
    if (rest < DATA_HEADER_BYTES) return -1
    const h = b.readUInt32BE(at + 5)
    const bytes = length - 5
    const here = Math.min(bytes, rest - DATA_HEADER_BYTES)
    if (here > 0 || bytes === 0) this.sink.data(h, b.subarray(at + DATA_HEADER_BYTES, at + DATA_HEADER_BYTES + here))
    if (here < bytes) this.body = { h, left: bytes - here }
    return at + DATA_HEADER_BYTES + here
  }

  /** How much of a cut frame must be joined before it can be read: its header, or all of a message. */
  private wanted(): number {
    const head = this.head
    if (head.length < 5) return 5
    return head[4] === FRAME_DATA && head.readUInt32BE(0) >= 5 ? DATA_HEADER_BYTES : 4 + head.readUInt32BE(0)
  }

  private join(chunk: Buffer, at: number): number {
    const take = Math.min(this.wanted() - this.head.length, chunk.length - at)
    this.head = Buffer.concat([this.head, chunk.subarray(at, at + take)])
    const length = this.head.length >= 4 ? this.head.readUInt32BE(0) : 1
    if (length === 0 || length > MAX_FRAME_BYTES) {
      this.fail(`a frame of ${length} bytes`)
      return chunk.length
    }
    if (this.head.length === this.wanted() && this.frame(this.head, 0) >= 0) this.head = Buffer.alloc(0)
    return at + take
  }

  private more(chunk: Buffer, at: number): number {
    const body = this.body!
    const n = Math.min(body.left, chunk.length - at)
    this.sink.data(body.h, chunk.subarray(at, at + n))
    body.left -= n
    if (body.left === 0) this.body = undefined
    return at + n
  }
}

/**
 * Cuts a byte stream into frames without copying terminal bytes: a data frame's bytes are handed
 * on as views of the chunks they came in, the part in one chunk at once and the rest as it comes.
 * Joining a frame cut across chunks used to copy the whole next chunk, and with the host's 64 KiB
 * frames (gather.ts) nearly every frame is cut. Only a header or a JSON message cut across chunks
 * is joined: a few bytes. A view is valid only during the sink's call: the backend's end reads
 * into one buffer it reuses (connection.ts), so a sink copies what it keeps.
 */
export const frameReader = (sink: FrameSink): ((chunk: Buffer) => void) => {
  const cutter = new FrameCutter(sink)
  return (chunk) => cutter.read(chunk)
}
