/**
 * A session's PTY output between the adapter's callback and the session (Session.ts), and when it
 * is handed on: the first read after a quiet spell at once, the reads of a burst together.
 *
 * The adapter lends each read: its bytes are valid only during the callback (PtyAdapter.ts). The
 * PTY host's connection reads its socket into one buffer it reuses, because a fresh buffer per read
 * was 64 MiB of new memory per 64 MiB `cat`, and that much new memory is what set off V8's
 * collections in the backend during a flood (bench/pty-throughput.mjs, docs/ceilings.md). So the
 * reads are copied here, into one of two stores that take turns: a batch is a view of one store
 * while reads that land during its call go into the other.
 *
 * Batches are handed on by plain callbacks, not by a fiber that wakes for each: in a flood a batch
 * comes every ~8 ms, and waking an Effect fiber, sleeping it and running the batch through the
 * runtime cost as much CPU as the bytes themselves (docs/ceilings.md, Throughput, fifth pass).
 *
 * Nothing is dropped: a store grows (doubling) to hold what arrives while a batch is out. A grown
 * store is kept for as long as the burst lasts and let go once the session is quiet: letting it go
 * at any small batch, or whenever it passed 2 MiB, made a flood on a loaded machine (where the
 * batch timer fires late and batches run to megabytes) grow its stores from 4 KiB again and again —
 * ~11 MiB of fresh memory per 64 MiB, and the inbox's copy cost five times the ring's for the same
 * bytes (docs/ceilings.md, Throughput, sixth pass).
 */
import type { PtyExitInfo, PtyProcess } from "./PtyAdapter.js"

/** 4 KiB: a shell's prompt fits; an idle session costs two of these. */
const FIRST_STORE_BYTES = 4 * 1024
/** 4 KiB, one PTY read: a take this small after a quiet spell means no burst is on: its stores can go. */
const QUIET_TAKE_BYTES = 4 * 1024
/** 1 s without a batch: the burst is over even if nothing more is printed, and grown stores go. */
export const IDLE_RELEASE_MS = 1000

const NO_BYTES = new Uint8Array(0)

/** 8 ms: under one frame at 120 Hz, long enough to gather a burst of reads (bench/pty-throughput.mjs). */
export const COALESCE_MS = 8
/** 20 ms: reads closer together than this are one burst; a keystroke echo never is. */
export const BURST_GAP_MS = 20

class Store {
  bytes: Uint8Array = NO_BYTES
  used = 0

  append(chunk: Uint8Array): void {
    const need = this.used + chunk.length
    if (need > this.bytes.length) {
      let size = Math.max(FIRST_STORE_BYTES, this.bytes.length)
      while (size < need) size *= 2
      // Not zeroed: only the bytes appended are ever read.
      const grown = Buffer.allocUnsafeSlow(size)
      grown.set(this.bytes.subarray(0, this.used), 0)
      this.bytes = grown
    }
    this.bytes.set(chunk, this.used)
    this.used = need
  }

  /** Starts over, keeping its size for the rest of the burst. */
  reset(): void {
    this.used = 0
  }

  get grown(): boolean {
    return this.bytes.length > FIRST_STORE_BYTES
  }

  /** Lets a grown store go: the next read starts a small one. */
  release(): void {
    this.used = 0
    this.bytes = NO_BYTES
  }
}

/** Two stores that take turns: a take is a view of one while later reads land in the other. */
class Stores {
  private filling = new Store()
  private taken = new Store()
  private idle: ReturnType<typeof setTimeout> | undefined

  append(chunk: Uint8Array): void {
    this.filling.append(chunk)
  }

  get pending(): boolean {
    return this.filling.used > 0
  }

  get retained(): number {
    return this.filling.bytes.length + this.taken.bytes.length
  }

  get grown(): boolean {
    return this.filling.grown || this.taken.grown
  }

  /**
   * Lets grown stores go once no batch has come for IDLE_RELEASE_MS, though nothing more is
   * printed: one timer at a time (one a second during a burst), never keeping the process alive.
   */
  releaseWhenIdle(lastBatchAt: () => number): void {
    if (this.idle !== undefined || !this.grown) return
    this.idle = setTimeout(() => {
      this.idle = undefined
      if (this.pending || performance.now() - lastBatchAt() < IDLE_RELEASE_MS) return this.releaseWhenIdle(lastBatchAt)
      // Nothing is pending and no take is out (takes are lent only during their call).
      this.filling.release()
      this.taken.release()
    }, IDLE_RELEASE_MS)
    this.idle.unref?.()
  }

  /** Everything since the last take, as one view, valid until the next take. */
  take(quiet: boolean): Uint8Array {
    // The other store held the previous take, whose call has returned.
    const full = this.filling
    this.filling = this.taken
    this.filling.reset()
    this.taken = full
    // A small take after a quiet spell: copy it out and let both stores go, so a session that once
    // printed a flood and now sits at its prompt holds kilobytes, not the flood's batches.
    if (quiet && full.used <= QUIET_TAKE_BYTES && (full.grown || this.filling.grown)) {
      const small = new Uint8Array(full.bytes.subarray(0, full.used)) // a copy, not a view
      full.release()
      if (this.filling.grown) this.filling.release()
      return small
    }
    return full.bytes.subarray(0, full.used)
  }
}

/** Where the inbox hands its output, in order; both are called outside the adapter's callback. */
export interface InboxHandlers {
  /** Everything that arrived since the last batch, lent: valid only during the call. */
  readonly batch: (bytes: Uint8Array) => void
  /** Once, after the last batch. */
  readonly end: (exit: PtyExitInfo) => void
}

export interface OutputInbox {
  /** Bytes the two stores hold on to, used or not. */
  readonly retained: () => number
  /** Registers with the adapter; events before this are held by the adapter. */
  readonly listen: () => void
}

export const outputInbox = (proc: PtyProcess, on: InboxHandlers): OutputInbox => {
  const stores = new Stores()
  let ended: PtyExitInfo | undefined
  let told = false
  let queued = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastBatchAt = Number.NEGATIVE_INFINITY
  const lastBatch = () => lastBatchAt

  const run = () => {
    queued = false
    timer = undefined
    const now = performance.now()
    const quiet = now - lastBatchAt >= BURST_GAP_MS
    lastBatchAt = now
    if (stores.pending) on.batch(stores.take(quiet))
    stores.releaseWhenIdle(lastBatch)
    // The adapter sends the exit last, so that batch was all there is.
    if (ended !== undefined && !told) {
      told = true
      on.end(ended)
    }
  }

  // A lone read (an echo) goes at once; within a burst, one short wait gathers what follows into
  // one batch. On the wall clock, because this is about real I/O, not about lich's own timers. A
  // microtask, not the callback itself: the reads of one socket read stay one batch.
  const schedule = () => {
    if (queued) return
    queued = true
    if (ended === undefined && performance.now() - lastBatchAt < BURST_GAP_MS) timer = setTimeout(run, COALESCE_MS)
    else queueMicrotask(run)
  }

  return {
    retained: () => stores.retained,
    listen: () => {
      proc.onData((bytes) => {
        if (bytes.length === 0) return
        stores.append(bytes)
        schedule()
      })
      proc.onExit((exit) => {
        ended = exit
        // The exit is not held back for a burst's wait: what is gathered goes now, then the end.
        if (timer !== undefined) {
          clearTimeout(timer)
          timer = undefined
          queued = false
        }
        schedule()
      })
    }
  }
}
