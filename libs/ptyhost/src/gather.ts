/**
 * The host's output to the backend, gathered in a burst. node-pty hands the host one read of ~4 KiB
 * per turn of the event loop, and relayed one by one that was a socket write per read in the host
 * and a frame, a state update and a ring segment per read in the backend: ~16 000 of each for a
 * 64 MiB `cat` (bench/pty-throughput.mjs). Gathered, a flood crosses as ~500 frames.
 *
 * Only a burst waits: a read that comes after a quiet spell (a keystroke's echo) goes at once, and
 * one within a burst waits at most GATHER_MS. The reads are kept as they came and go out as one
 * frame written from all of them (one writev, Host.ts): joining them first was a 64 KiB allocation
 * and copy per frame, and as much CPU as the writes it saved. The ring has them already, so nothing
 * here is needed to redraw a screen. Holding reads uncopied is sound only because NodePty hands
 * each read in a buffer of its own (PtyAdapter.ts, onData): a host reading its PTYs into a reused
 * buffer would have to copy here.
 */

/**
 * 4 ms: a flood fills a frame in 2–3 ms on a slow machine; a repaint split over reads is not held
 * visibly long (the backend gathers its batches for 8 ms on top, OutputInbox.ts).
 */
export const GATHER_MS = 4
/**
 * 128 KiB: the most one frame gathers. Each frame is a writev here and a wake-up of the backend, and
 * both are paid per frame, not per byte: against 64 KiB frames this halved the host's writes
 * (~1 200 → ~670 per 64 MiB) and cut the backend's context switches by a third (docs/ceilings.md,
 * sixth pass). Kept under the socket's send buffer (208 KiB by default on Linux) so one writev is
 * taken whole and the host never waits for the socket to drain.
 */
export const GATHER_BYTES = 128 * 1024

export interface Gather {
  /** A read from the PTY, in order. */
  readonly push: (bytes: Uint8Array) => void
  /** Sends what is gathered now: before anything else goes on the same socket (an exit, a new owner). */
  readonly flush: () => void
}

/** Sends one frame of these reads, `bytes` in all, in order. */
export type GatherSend = (reads: ReadonlyArray<Uint8Array>, bytes: number) => void

export const makeGather = (send: GatherSend): Gather => {
  let held: Array<Uint8Array> = []
  let heldBytes = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let lastSent = -Infinity

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    if (heldBytes === 0) return
    const reads = held
    const bytes = heldBytes
    held = []
    heldBytes = 0
    lastSent = performance.now()
    send(reads, bytes)
  }

  const push = (bytes: Uint8Array) => {
    if (bytes.length === 0) return
    // Not in a burst (nothing waits, and the last send was a while ago): this read goes alone, now.
    if (timer === undefined && performance.now() - lastSent >= GATHER_MS) {
      lastSent = performance.now()
      return send([bytes], bytes.length)
    }
    if (heldBytes + bytes.length > GATHER_BYTES) flush()
    held.push(bytes)
    heldBytes += bytes.length
    if (heldBytes >= GATHER_BYTES) return flush()
    timer ??= setTimeout(flush, GATHER_MS)
  }

  return { push, flush }
}
