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
import { configDir, isDev, type Env } from "@lich/singleton"

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
  | {
      readonly t: "spawn"
      readonly req: number
      readonly id: string
      readonly file: string
      readonly args: ReadonlyArray<string>
      readonly cwd: string
      readonly env: Readonly<Record<string, string>>
      readonly cols: number
      readonly rows: number
    }
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
  readonly data: (h: number, bytes: Uint8Array) => void
  /** The stream is not ours (bad length, bad JSON): the connection must be dropped. */
  readonly corrupt: (reason: string) => void
}

/**
 * Cuts a byte stream into frames. A frame that lies inside one chunk is handed on as a view of it (no
 * copy); only a frame split across chunks is joined. node allocates every read afresh, so a view
 * never sees its bytes overwritten.
 */
export const frameReader = (sink: FrameSink) => {
  let held: Array<Buffer> = []
  let heldBytes = 0
  let dead = false
  const one = (frame: Buffer) => {
    if (frame[0] === FRAME_DATA) {
      if (frame.length < 5) return sink.corrupt("short data frame")
      return sink.data(frame.readUInt32BE(1), frame.subarray(5))
    }
    if (frame[0] !== FRAME_JSON) return // a frame type from a newer peer of the same protocol
    let message: unknown
    try {
      message = JSON.parse(frame.subarray(1).toString("utf8"))
    } catch {
      return sink.corrupt("a message that is not JSON")
    }
    sink.json(message)
  }
  return (chunk: Buffer) => {
    if (dead) return
    let buf = chunk
    if (heldBytes > 0) {
      held.push(chunk)
      buf = Buffer.concat(held, heldBytes + chunk.length)
      held = []
      heldBytes = 0
    }
    let at = 0
    while (buf.length - at >= 4) {
      const length = buf.readUInt32BE(at)
      if (length === 0 || length > MAX_FRAME_BYTES) {
        dead = true
        return sink.corrupt(`a frame of ${length} bytes`)
      }
      if (buf.length - at - 4 < length) break
      one(buf.subarray(at + 4, at + 4 + length))
      at += 4 + length
    }
    if (at < buf.length) {
      held.push(buf.subarray(at))
      heldBytes = buf.length - at
    }
  }
}
