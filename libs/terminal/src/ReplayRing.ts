/**
 * The last output of a session, so a window that (re)attaches can redraw the screen.
 *
 * Whole chunks are dropped from the front, never cut: cutting could split an escape sequence or a
 * UTF-8 character and leave xterm.js mid-sequence. The newest chunk is always kept, even when it
 * alone is larger than the cap, so a redraw never comes back empty after output.
 */

/** 2 MiB: several full-screen TUI repaints with scrollback, and still cheap to send on reload. */
export const REPLAY_CAPACITY_BYTES = 2 * 1024 * 1024

/**
 * Chunks under 1 KiB (keystroke echoes, spinner frames) are copied into shared 16 KiB blocks, so a
 * long session of tiny reads costs a few hundred objects rather than millions; larger reads are kept
 * as they are (2 MiB of them is at most a few thousand objects), which saves copying a burst twice.
 */
const SMALL_CHUNK_BYTES = 1024
const BLOCK_BYTES = 16 * 1024

export class ReplayRing {
  private chunks: Array<Uint8Array> = []
  private head = 0
  private bytes = 0
  /** The block small chunks are copied into, and how much of it is used. */
  private open: { block: Uint8Array; used: number } | undefined

  constructor(readonly capacity: number = REPLAY_CAPACITY_BYTES) {}

  get size(): number {
    return this.bytes
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return
    if (chunk.length < SMALL_CHUNK_BYTES) this.pushSmall(chunk)
    else {
      this.open = undefined
      this.chunks.push(chunk)
    }
    this.bytes += chunk.length
    this.trim()
  }

  /** Everything held, oldest first, as one buffer. */
  snapshot(): Uint8Array {
    const out = new Uint8Array(this.bytes)
    let at = 0
    for (let i = this.head; i < this.chunks.length; i++) {
      const c = this.chunks[i]!
      out.set(c, at)
      at += c.length
    }
    return out
  }

  private pushSmall(chunk: Uint8Array): void {
    const last = this.chunks.length - 1
    if (this.open && this.open.used + chunk.length <= BLOCK_BYTES) {
      this.open.block.set(chunk, this.open.used)
      this.open.used += chunk.length
      this.chunks[last] = this.open.block.subarray(0, this.open.used)
      return
    }
    // allocUnsafe: the block is written before any byte of it is read; zero-filling it was measurable.
    const block = Buffer.allocUnsafe(BLOCK_BYTES)
    block.set(chunk, 0)
    this.open = { block, used: chunk.length }
    this.chunks.push(block.subarray(0, chunk.length))
  }

  private trim(): void {
    while (this.bytes > this.capacity && this.chunks.length - this.head > 1) {
      this.bytes -= this.chunks[this.head]!.length
      this.head++
    }
    // Compact once the dropped prefix is the larger half, so shifting stays amortised O(1).
    if (this.head > 64 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head)
      this.head = 0
    }
  }
}
