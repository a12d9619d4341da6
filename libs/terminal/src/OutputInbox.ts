/**
 * A session's PTY output between the adapter's callback and the session's actor (Session.ts).
 *
 * The adapter lends each read: its bytes are valid only during the callback (PtyAdapter.ts). The
 * PTY host's connection reads its socket into one buffer it reuses, because a fresh buffer per read
 * was 64 MiB of new memory per 64 MiB `cat`, and that much new memory is what set off V8's
 * collections in the backend during a flood (bench/pty-throughput.mjs, docs/ceilings.md). So the
 * reads are copied here, into one of two stores that take turns: the actor takes everything in one
 * store at once while later reads go into the other, and a store is written again only after the
 * actor came back for more, that is after it finished with what it took.
 *
 * Nothing is dropped: a store grows (doubling) to hold what arrives while the actor is busy.
 */
import { Effect } from "effect"
import type { PtyExitInfo, PtyProcess } from "./PtyAdapter.js"

/** 4 KiB: a shell's prompt fits; an idle session costs two of these. */
const FIRST_STORE_BYTES = 4 * 1024
/** 2 MiB: a store that grew past this in a burst is let go afterwards rather than kept for good. */
const KEPT_STORE_BYTES = 2 * 1024 * 1024
/** 4 KiB, one PTY read: a take this small means no burst is on, so a burst's stores can go. */
const QUIET_TAKE_BYTES = 4 * 1024

const NO_BYTES = new Uint8Array(0)

class Store {
  bytes: Uint8Array = NO_BYTES
  used = 0

  append(chunk: Uint8Array): void {
    const need = this.used + chunk.length
    if (need > this.bytes.length) {
      let size = Math.max(FIRST_STORE_BYTES, this.bytes.length)
      while (size < need) size *= 2
      const grown = new Uint8Array(size)
      grown.set(this.bytes.subarray(0, this.used), 0)
      this.bytes = grown
    }
    this.bytes.set(chunk, this.used)
    this.used = need
  }

  /** Starts over; a store a burst made huge goes back to nothing. */
  reset(): void {
    this.used = 0
    if (this.bytes.length > KEPT_STORE_BYTES) this.bytes = NO_BYTES
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

export interface OutputInbox {
  /** Resumes once there is output or the exit to take. */
  readonly ready: Effect.Effect<void>
  /**
   * Everything that arrived since the last take, as one view. It stays valid until the next take:
   * call `take` again only once done with it.
   */
  readonly take: () => Uint8Array
  readonly ended: () => PtyExitInfo | undefined
  /** Bytes the two stores hold on to, used or not. */
  readonly retained: () => number
  /** Registers with the adapter; events before this are held by the adapter. */
  readonly listen: () => void
}

export const outputInbox = (proc: PtyProcess): OutputInbox => {
  let filling = new Store()
  let taken = new Store()
  let ended: PtyExitInfo | undefined
  let wake: (() => void) | undefined
  const signal = () => {
    const w = wake
    wake = undefined
    w?.()
  }
  const pending = () => filling.used > 0
  return {
    ready: Effect.async<void>((resume) => {
      if (pending() || ended !== undefined) return resume(Effect.void)
      wake = () => resume(Effect.void)
      return Effect.sync(() => {
        wake = undefined
      })
    }),
    take: () => {
      // The other store held the previous take, which the actor is done with now.
      const full = filling
      filling = taken
      filling.reset()
      taken = full
      // A small take after a burst: copy it out and let both stores go, so a session that once
      // printed a flood and now sits at its prompt holds kilobytes, not the flood's batches.
      if (full.used <= QUIET_TAKE_BYTES && (full.grown || filling.grown)) {
        const quiet = full.bytes.slice(0, full.used) // a Uint8Array's slice: a copy
        full.release()
        if (filling.grown) filling.release()
        return quiet
      }
      return full.bytes.subarray(0, full.used)
    },
    ended: () => ended,
    retained: () => filling.bytes.length + taken.bytes.length,
    listen: () => {
      proc.onData((bytes) => {
        if (bytes.length === 0) return
        filling.append(bytes)
        signal()
      })
      proc.onExit((exit) => {
        ended = exit
        signal()
      })
    }
  }
}
