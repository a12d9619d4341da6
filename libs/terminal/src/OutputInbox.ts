/**
 * A session's PTY output between the adapter's callback and the session (Session.ts): each read is
 * handed on in the callback itself, and the inbox decides when a batch ends — the first read after
 * a quiet spell at once, the reads of a burst together.
 *
 * The adapter lends each read: its bytes are valid only during the callback (PtyAdapter.ts). The
 * PTY host's connection reads its socket into one buffer it reuses, because a fresh buffer per read
 * was 64 MiB of new memory per 64 MiB `cat`, and that much new memory is what set off V8's
 * collections in the backend during a flood (bench/pty-throughput.mjs, docs/ceilings.md). The
 * session copies each read where it is kept — the replay ring, a window's frame being filled — so
 * the bytes are copied twice in the backend, not three times: this inbox once copied every read
 * into a store of its own to hand the batch on later, and that copy was the session path's largest
 * (docs/ceilings.md, Throughput, seventh pass).
 *
 * Batch ends are plain callbacks, not a fiber that wakes for each: in a flood a batch ends every
 * ~8 ms, and waking an Effect fiber, sleeping it and running the batch through the runtime cost as
 * much CPU as the bytes themselves (docs/ceilings.md, Throughput, fifth pass).
 */
import type { PtyExitInfo, PtyProcess } from "./PtyAdapter.js"

/** 8 ms: under one frame at 120 Hz, long enough to gather a burst of reads (bench/pty-throughput.mjs). */
export const COALESCE_MS = 8
/** 20 ms: reads closer together than this are one burst; a keystroke echo never is. */
export const BURST_GAP_MS = 20

/** Where the inbox hands its output, in order. */
export interface InboxHandlers {
  /** One read, lent: valid only during the call. Called from the adapter's callback. */
  readonly read: (bytes: Uint8Array) => void
  /** The reads since the last call are a batch; called outside the adapter's callback. */
  readonly flush: () => void
  /** Once, after the last batch's flush. */
  readonly end: (exit: PtyExitInfo) => void
}

export interface OutputInbox {
  /** Registers with the adapter; events before this are held by the adapter. */
  readonly listen: () => void
}

export const outputInbox = (proc: PtyProcess, on: InboxHandlers): OutputInbox => {
  let ended: PtyExitInfo | undefined
  let told = false
  let queued = false
  let pending = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastBatchAt = Number.NEGATIVE_INFINITY

  const run = () => {
    queued = false
    timer = undefined
    lastBatchAt = performance.now()
    if (pending) {
      pending = false
      on.flush()
    }
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
    listen: () => {
      proc.onData((bytes) => {
        if (bytes.length === 0) return
        pending = true
        on.read(bytes)
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
