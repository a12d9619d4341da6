/**
 * What one window socket owes one session: its output as binary frames, held back while the window
 * is behind, and given up for a redraw from the replay ring once it is too far behind.
 *
 * Two things say a window is behind: its socket is not draining (the kernel's buffer is full and
 * bytes queue in this process), or the window itself asked for a pause because xterm.js has not
 * drawn what it was sent (apps/shell/src/api/sockets.ts). Either way output is held, not sent; held
 * output past the ring's own size is dropped, and the window is sent a resync instead: the ring
 * redraws the same screen for less than the backlog would, and the backend's memory stays bounded
 * however long a window stops reading. The PTY is never slowed down for a slow window.
 *
 * Frames are built in pooled buffers (returned when the socket has written them): a fresh buffer
 * per frame was a page-faulting allocation per batch and half of the flood's external memory, which
 * is what drives V8's collections (bench/pty-throughput.mjs, docs/ceilings.md). Each read the
 * session lends is copied straight into the frame being filled, and the frame goes when the batch
 * ends or it is full: the read's only other copy is the ring's.
 */
import { frameHeader } from "@lich/contract"
import { REPLAY_CAPACITY_BYTES } from "@lich/terminal/contract"

/**
 * 512 KiB: ~8 ms of a flood per frame, and one socket write (~0.2 ms on loopback) never stalls PTY
 * reads. Every message costs the window (and the bench's client, standing in for it) a parse and
 * an event whatever its size: against 256 KiB, half the messages took ~20 % off the client's CPU
 * and ~10 % off the backend's per 64 MiB (docs/ceilings.md, Throughput, seventh pass); 128 KiB cost
 * both more. Not larger: past SOCKET_HIGH_BYTES one frame in flight would hold the next output.
 */
export const FRAME_BYTES = 512 * 1024
/**
 * 4 buffers: the frames a flood keeps in flight under SOCKET_HIGH_BYTES, 2 MiB pooled at most;
 * more are allocated and let go.
 */
const POOL_BUFFERS = 4
/** 1 MiB queued in this process for one socket: the kernel's buffer is full, the window is behind. */
export const SOCKET_HIGH_BYTES = 1024 * 1024
/** The ring's size: beyond this much held output, a replay of the ring shows the same screen. */
export const HOLD_LIMIT_BYTES = REPLAY_CAPACITY_BYTES

const pool: Array<Buffer> = []
const takeBuffer = (): Buffer => pool.pop() ?? Buffer.allocUnsafeSlow(FRAME_BYTES)
const giveBack = (b: Buffer) => {
  if (pool.length < POOL_BUFFERS) pool.push(b)
}

/** The socket as the outbox uses it: a write that says when it is done, and what is still queued. */
export interface FrameSink {
  readonly send: (frame: Uint8Array, done: () => void) => void
  readonly buffered: () => number
}

export class TerminalOutbox {
  /** The contract's frame header for this session (terminalWire.ts): every frame starts with it. */
  private readonly header: Uint8Array
  /** The frame being filled with this batch's reads, and how far; sent at the batch's end or when full. */
  private open: Buffer | undefined
  private at = 0
  private held: Array<Uint8Array> = []
  private heldBytes = 0
  private inFlight = 0
  private paused = false
  /** Output was dropped: nothing more is sent; once the window can take output, it is resynced. */
  private dropped = false
  /** The resync was asked for: a new attachment replaces this one, which sends nothing again. */
  private retired = false

  constructor(
    id: string,
    private readonly sink: FrameSink,
    /** Called once the window can take output again after a drop: redraw it from the ring. */
    private readonly resync: () => void
  ) {
    this.header = frameHeader(id)
  }

  /**
   * One read of the PTY, in order, lent by the session (Session.follow): copied into the frame
   * being filled at once, or held as a copy while the window is behind.
   */
  read(bytes: Uint8Array): void {
    if (this.retired) return
    if (!this.dropped && this.held.length === 0 && !this.behind()) return this.fill(bytes)
    if (!this.dropped) this.hold(bytes)
    this.catchUp()
  }

  /** The batch is over: its frame goes now, or is held if the window fell behind meanwhile. */
  flush(): void {
    if (this.open === undefined || this.retired) return
    if (this.behind()) {
      this.holdOpen()
      return this.catchUp()
    }
    this.sendOpen()
  }

  /** The window asked for a pause: its terminal has not drawn what it was sent. */
  pause(): void {
    this.paused = true
  }

  resume(): void {
    this.paused = false
    this.catchUp()
  }

  /** How many bytes are held right now (tests read it). */
  get holding(): number {
    return this.heldBytes
  }

  private behind(): boolean {
    return this.paused || (this.inFlight > 0 && this.sink.buffered() > SOCKET_HIGH_BYTES)
  }

  /** Copies the read into frames, sending each one that fills; a read larger than a frame spans several. */
  private fill(bytes: Uint8Array): void {
    let from = 0
    while (from < bytes.length) {
      if (this.open === undefined) {
        this.open = takeBuffer()
        this.open.set(this.header, 0)
        this.at = this.header.length
      }
      const n = Math.min(bytes.length - from, FRAME_BYTES - this.at)
      this.open.set(n === bytes.length ? bytes : bytes.subarray(from, from + n), this.at)
      this.at += n
      from += n
      if (this.at === FRAME_BYTES) this.sendOpen()
    }
  }

  private sendOpen(): void {
    const frame = this.open!
    this.open = undefined
    this.emit(frame.subarray(0, this.at), frame)
  }

  /** What the frame being filled holds goes to the front of the held output: it came first. */
  private holdOpen(): void {
    const frame = this.open
    if (frame === undefined) return
    this.open = undefined
    this.held.unshift(Buffer.from(frame.subarray(this.header.length, this.at))) // a copy: the buffer goes back
    this.heldBytes += this.at - this.header.length
    giveBack(frame)
  }

  private hold(bytes: Uint8Array): void {
    this.holdOpen()
    this.held.push(Buffer.from(bytes)) // a copy (a Buffer's slice would be a view)
    this.heldBytes += bytes.length
    if (this.heldBytes > HOLD_LIMIT_BYTES) {
      this.held = []
      this.heldBytes = 0
      this.dropped = true
    }
  }

  /** Sends what was held, or resyncs after a drop, once the window is no longer behind. */
  private catchUp(): void {
    if (this.retired || this.behind()) return
    if (this.dropped) {
      if (this.inFlight > 0) return // after the socket has written what it has, so the reset lands last
      this.retired = true
      return this.resync()
    }
    if (this.held.length === 0) return
    const held = this.held
    this.held = []
    this.heldBytes = 0
    for (const bytes of held) this.fill(bytes)
    if (this.open !== undefined) this.sendOpen()
  }

  private readonly written = (buffer: Buffer | undefined) => () => {
    this.inFlight--
    if (buffer) giveBack(buffer)
    this.catchUp()
  }

  private emit(frame: Uint8Array, pooled: Buffer | undefined): void {
    this.inFlight++
    this.sink.send(frame, this.written(pooled))
  }

  /** The replay on attach: one frame of its own, counted in flight like any other. */
  sendReplay(replay: Uint8Array): void {
    if (replay.length > 0) this.emit(Buffer.concat([this.header, replay]), undefined)
  }
}
