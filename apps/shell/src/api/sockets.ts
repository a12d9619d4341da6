/**
 * The page's two sockets. `/events` brings every LichEvent as one JSON frame; on a drop it reconnects
 * after 1 s and the app reloads its state, because events sent while nobody listened are gone.
 * `/ws` multiplexes every shown terminal over binary frames `[id length][id][bytes]`, with JSON
 * control messages as text frames (both in libs/contract/src/terminalWire.ts); attaching asks the
 * backend for the replay ring first, so a reconnect resets each terminal before it redraws.
 *
 * Back-pressure: a WebSocket cannot stop reading, so the page counts the bytes handed to xterm.js
 * that it has not drawn yet (xterm's write callback), asks the backend to pause that terminal above
 * a high mark and to resume below a low one, instead of letting xterm's queue grow without bound.
 * A terminal that fell too far behind is sent `{"resync": id}`: xterm is reset in band (ESC c, in
 * order with the bytes before it) and the replay ring that follows redraws the screen.
 */
import { control, decodeBackendControl, decodeFrame, encodeFrame } from "@lich/contract"
import type { LichEventWire } from "./wire.js"

/** 1 s: quick enough that a restarted backend is back before anyone notices, slow enough not to spin. */
const RECONNECT_MS = 1000

const socketUrl = (path: string, token: string) => `ws://${location.host}${path}?token=${encodeURIComponent(token)}`

/** `path`: "/events", or a host's own through this lich ("/hosts/<name>/events"). */
export const connectEvents = (token: string, onEvent: (e: LichEventWire) => void, onOpen: () => void, path = "/events"): (() => void) => {
  let ws: WebSocket | undefined
  let closed = false
  const open = () => {
    ws = new WebSocket(socketUrl(path, token))
    ws.onopen = onOpen
    ws.onmessage = (m) => onEvent(JSON.parse(String(m.data)) as LichEventWire)
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
  /** Hands bytes to the terminal; `drawn` is called once it has processed them. */
  readonly data: (bytes: Uint8Array, drawn: () => void) => void
  /** the stream starts over (a reconnect): clear the screen before the replay lands */
  readonly reset: () => void
}

const encoder = new TextEncoder()

/**
 * 1 MiB handed to xterm and not drawn: well over a screenful of a flood (it draws several MiB/s),
 * so a fast terminal never pauses; 128 KiB: resume while there is still work queued, so the
 * stream does not stop and start.
 */
const UNDRAWN_HIGH_BYTES = 1024 * 1024
const UNDRAWN_LOW_BYTES = 128 * 1024
/** ESC c (RIS): a full reset xterm applies in order with the bytes written before it. */
const RESET_IN_BAND = encoder.encode("\x1bc")

/** One attached terminal's flow: bytes handed to it and not drawn, and whether it is paused. */
interface Flow {
  readonly sink: TerminalSink
  undrawn: number
  paused: boolean
}

export class TerminalMux {
  private ws: WebSocket | undefined
  private readonly sinks = new Map<string, Flow>()
  /** sizes reported before the socket opened: the PTY must still hear them */
  private readonly pending: Array<string> = []
  private closed = false

  /** `path`: "/ws", or a host's terminals through this lich ("/hosts/<name>/ws"). */
  constructor(
    private readonly token: string,
    private readonly path = "/ws"
  ) {
    this.open()
  }

  private open() {
    const ws = new WebSocket(socketUrl(this.path, this.token))
    ws.binaryType = "arraybuffer"
    ws.onopen = () => {
      for (const [id, flow] of this.sinks) {
        flow.sink.reset()
        flow.paused = false
        ws.send(control.attach(id))
      }
      for (const m of this.pending.splice(0)) ws.send(m)
    }
    ws.onmessage = (m) => {
      if (!(m.data instanceof ArrayBuffer)) return this.resync(String(m.data))
      const frame = decodeFrame(new Uint8Array(m.data))
      const flow = frame && this.sinks.get(frame.id)
      if (frame && flow) this.feed(frame.id, flow, frame.payload)
    }
    ws.onclose = () => {
      if (!this.closed) setTimeout(() => this.open(), RECONNECT_MS)
    }
    this.ws = ws
  }

  /** For good: a host's link dropped or went away, and a new mux is made when it is back. */
  close() {
    this.closed = true
    this.ws?.close()
  }

  /** `{"resync": id}`: the backend dropped output this terminal was too far behind to draw. */
  private resync(text: string) {
    const id = decodeBackendControl(text)?.resync
    const flow = id === undefined ? undefined : this.sinks.get(id)
    if (id === undefined || !flow) return
    // The backend's new attachment starts unpaused; pause it again if xterm is still behind.
    flow.paused = false
    this.feed(id, flow, RESET_IN_BAND)
  }

  private feed(id: string, flow: Flow, bytes: Uint8Array) {
    flow.undrawn += bytes.length
    flow.sink.data(bytes, () => {
      flow.undrawn -= bytes.length
      if (flow.paused && flow.undrawn < UNDRAWN_LOW_BYTES && this.sinks.get(id) === flow) {
        flow.paused = false
        this.send(control.resume(id))
      }
    })
    if (!flow.paused && flow.undrawn > UNDRAWN_HIGH_BYTES) {
      flow.paused = true
      this.send(control.pause(id))
    }
  }

  private get isOpen() {
    return this.ws?.readyState === WebSocket.OPEN
  }

  /** Keystrokes typed while the socket is down are dropped: replayed later they could land in another program. */
  private send(m: string | Uint8Array<ArrayBuffer>) {
    if (this.isOpen) this.ws!.send(m)
  }

  attach(id: string, sink: TerminalSink): () => void {
    const flow: Flow = { sink, undrawn: 0, paused: false }
    this.sinks.set(id, flow)
    // While connecting, onopen attaches every sink; a fresh connection has nothing to detach.
    this.send(control.attach(id))
    return () => {
      if (this.sinks.get(id) !== flow) return
      this.sinks.delete(id)
      this.send(control.detach(id))
    }
  }

  /**
   * Attaches again from scratch: the screen is cleared and the replay ring redraws it. For a card
   * shown before its PTY existed (the window shows a new card at once, the PTY starts a moment
   * later): an attach that found no terminal stays empty, so the window asks again once the open
   * has answered.
   */
  refresh(id: string) {
    const flow = this.sinks.get(id)
    if (!flow || !this.isOpen) return
    flow.paused = false
    this.feed(id, flow, RESET_IN_BAND)
    this.send(control.detach(id))
    this.send(control.attach(id))
  }

  write(id: string, data: string | Uint8Array) {
    this.send(encodeFrame(id, data) as Uint8Array<ArrayBuffer>)
  }

  resize(id: string, cols: number, rows: number) {
    const m = control.resize(id, cols, rows)
    if (this.isOpen) this.ws!.send(m)
    else this.pending.push(m)
  }

  /** how many terminals are attached right now (the leak test reads it) */
  get attached(): number {
    return this.sinks.size
  }
}
