/**
 * The page's two sockets. `/events` brings every LichEvent as one JSON frame; on a drop it reconnects
 * after 1 s and the app reloads its state, because events sent while nobody listened are gone.
 * `/ws` multiplexes every shown terminal over binary frames `[id length][id][bytes]`; attaching asks
 * the backend for the replay ring first, so a reconnect resets each terminal before it redraws.
 */
import type { EventJson } from "../logic/model.js"

/** 1 s: quick enough that a restarted backend is back before anyone notices, slow enough not to spin. */
const RECONNECT_MS = 1000

const socketUrl = (path: string, token: string) => `ws://${location.host}${path}?token=${encodeURIComponent(token)}`

export const connectEvents = (token: string, onEvent: (e: EventJson) => void, onOpen: () => void): (() => void) => {
  let ws: WebSocket | undefined
  let closed = false
  const open = () => {
    ws = new WebSocket(socketUrl("/events", token))
    ws.onopen = onOpen
    ws.onmessage = (m) => onEvent(JSON.parse(String(m.data)) as EventJson)
    ws.onclose = () => {
      if (!closed) setTimeout(open, RECONNECT_MS)
    }
  }
  open()
  return () => {
    closed = true
    ws?.close()
  }
}

export interface TerminalSink {
  readonly data: (bytes: Uint8Array) => void
  /** the stream starts over (a reconnect): clear the screen before the replay lands */
  readonly reset: () => void
}

const encoder = new TextEncoder()

export class TerminalMux {
  private ws: WebSocket | undefined
  private readonly sinks = new Map<string, TerminalSink>()
  /** sizes reported before the socket opened: the PTY must still hear them */
  private readonly pending: Array<string> = []

  constructor(private readonly token: string) {
    this.open()
  }

  private open() {
    const ws = new WebSocket(socketUrl("/ws", this.token))
    ws.binaryType = "arraybuffer"
    ws.onopen = () => {
      for (const [id, sink] of this.sinks) {
        sink.reset()
        ws.send(JSON.stringify({ attach: id }))
      }
      for (const m of this.pending.splice(0)) ws.send(m)
    }
    ws.onmessage = (m) => {
      if (!(m.data instanceof ArrayBuffer)) return
      const bytes = new Uint8Array(m.data)
      const n = bytes[0] ?? 0
      const id = new TextDecoder().decode(bytes.subarray(1, 1 + n))
      this.sinks.get(id)?.data(bytes.subarray(1 + n))
    }
    ws.onclose = () => setTimeout(() => this.open(), RECONNECT_MS)
    this.ws = ws
  }

  private get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN
  }

  /** Keystrokes typed while the socket is down are dropped: replayed later they could land in another program. */
  private send(m: string | Uint8Array<ArrayBuffer>) {
    if (this.isOpen) this.ws!.send(m)
  }

  attach(id: string, sink: TerminalSink): () => void {
    this.sinks.set(id, sink)
    // While connecting, onopen attaches every sink; a fresh connection has nothing to detach.
    this.send(JSON.stringify({ attach: id }))
    return () => {
      if (this.sinks.get(id) !== sink) return
      this.sinks.delete(id)
      this.send(JSON.stringify({ detach: id }))
    }
  }

  write(id: string, data: string | Uint8Array) {
    const idBytes = encoder.encode(id)
    const payload = typeof data === "string" ? encoder.encode(data) : data
    const frame = new Uint8Array(1 + idBytes.length + payload.length)
    frame[0] = idBytes.length
    frame.set(idBytes, 1)
    frame.set(payload, 1 + idBytes.length)
    this.send(frame)
  }

  resize(id: string, cols: number, rows: number) {
    const m = JSON.stringify({ resize: id, cols, rows })
    if (this.isOpen) this.ws!.send(m)
    else this.pending.push(m)
  }

  /** how many terminals are attached right now (the leak test reads it) */
  get attached(): number {
    return this.sinks.size
  }
}
