/**
 * The last output of a session, so a window that (re)attaches can redraw the screen.
 *
 * Whole segments are dropped from the front, never cut inside a read: cutting could split an escape
 * sequence or a UTF-8 character and leave xterm.js mid-sequence. The newest segment is always kept,
 * even when it alone is larger than the cap, so a redraw never comes back empty after output.
 *
 * Reads are copied into one circular byte store rather than kept as they arrive. Keeping them cost
 * more than the copy: 2 MiB of retained reads is hundreds of buffers that outlive the young
 * generation, so every flood ended in old-space collections, each a pause in which the PTY is not
 * read (bench/pty-throughput.mjs, docs/ceilings.md). A copy into a store allocated once lets every
 * read die young. The store grows by doubling, so an idle shell holds kilobytes, not the cap.
 */

/** 2 MiB: several full-screen TUI repaints with scrollback, and still cheap to send on reload. */
export const REPLAY_CAPACITY_BYTES = 2 * 1024 * 1024

/**
 * A read of 1 KiB or more starts a segment of its own; smaller ones (echoes, spinner frames) are
 * merged until the segment holds 16 KiB. Only segment starts are places to cut, so a long session of
 * one-byte echoes costs a few hundred boundaries, not millions.
 */
const SMALL_CHUNK_BYTES = 1024
const SEGMENT_BYTES = 16 * 1024
/** 16 KiB: the store of a shell that printed a prompt or two. */
const INITIAL_STORE_BYTES = 16 * 1024

export class ReplayRing {
  private store: Uint8Array = new Uint8Array(0)
  /** Logical offset (bytes ever pushed) of the oldest byte held, and of the next byte to write. */
  private start = 0
  private end = 0
  /** The logical offset that maps to index 0 of the store, modulo its length. */
  private anchor = 0
  /** Logical offsets where segments begin, oldest first from `head`; the last one is open. */
  private segments: Array<number> = []
  private head = 0

  constructor(readonly capacity: number = REPLAY_CAPACITY_BYTES) {}

  get size(): number {
    return this.end - this.start
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return
    const last = this.segments.length - 1
    if (last < this.head || chunk.length >= SMALL_CHUNK_BYTES || this.end - this.segments[last]! >= SEGMENT_BYTES) {
      this.segments.push(this.end)
    }
    this.trim(chunk.length)
    this.reserve(this.size + chunk.length)
    this.copyIn(chunk)
    this.end += chunk.length
  }

  /** Everything held, oldest first, as one buffer. */
  snapshot(): Uint8Array {
    const out = new Uint8Array(this.size)
    this.copyOut(out)
    return out
  }

  /** Drops whole segments, oldest first, while the held bytes plus `incoming` exceed the cap. */
  private trim(incoming: number): void {
    while (this.size + incoming > this.capacity && this.segments.length - this.head > 1) {
      this.head++
      this.start = this.segments[this.head]!
    }
    // Compact once the dropped prefix is the larger half, so shifting stays amortised O(1).
    if (this.head > 64 && this.head * 2 > this.segments.length) {
      this.segments = this.segments.slice(this.head)
      this.head = 0
    }
  }

  /** Makes the store hold at least `bytes`, keeping what it holds in order. */
  private reserve(bytes: number): void {
    if (bytes <= this.store.length) return
    let size = Math.max(INITIAL_STORE_BYTES, this.store.length)
    while (size < bytes) size *= 2
    const next = new Uint8Array(size)
    this.copyOut(next)
    // The held bytes now start at index 0: re-anchor so `start` maps there.
    this.store = next
    this.anchor = this.start
  }

  private index(logical: number): number {
    return (logical - this.anchor) % this.store.length
  }

  private copyIn(chunk: Uint8Array): void {
    const at = this.index(this.end)
    const first = Math.min(chunk.length, this.store.length - at)
    this.store.set(first === chunk.length ? chunk : chunk.subarray(0, first), at)
    if (first < chunk.length) this.store.set(chunk.subarray(first), 0)
  }

  private copyOut(out: Uint8Array): void {
    const size = this.size
    if (size === 0) return
    const at = this.index(this.start)
    const first = Math.min(size, this.store.length - at)
    out.set(this.store.subarray(at, at + first), 0)
    if (first < size) out.set(this.store.subarray(0, size - first), first)
  }
}
