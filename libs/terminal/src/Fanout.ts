/**
 * Where a session's output goes after the ring (Session.ts): to followers, lent, and to streams, as
 * copies. A follower (a window's socket) is called with each batch and copies what it keeps, so a
 * flood reaches it with no allocation; a stream holds what it is given, so it gets its own.
 *
 * Everything that touches the set of listeners is synchronous: a batch is published in one call,
 * and a listener is added in one call together with the ring's snapshot (Session.ts), so JavaScript
 * alone orders them — no batch can land between a snapshot and its listener, and no lock or fiber
 * is needed per batch (a flood publishes one every ~8 ms).
 */
import { Chunk, Deferred, Effect, Exit, Queue, type Scope, Stream, Take } from "effect"

/**
 * Called with each batch, in order. The bytes are lent: they are valid only during the call, and a
 * follower that keeps any must copy them.
 */
export type OutputFollower = (reads: ReadonlyArray<Uint8Array>) => void

/**
 * 64 KiB: a piece is pushed to the ring as one segment (only segment starts are places a replay
 * cuts) and packed with others into a window's frames (terminalOutbox.ts), so none should be
 * larger than a frame's share.
 */
export const PIECE_BYTES = 64 * 1024

/** The batch as views of at most PIECE_BYTES each, in order. */
export const pieces = (batch: Uint8Array): Array<Uint8Array> => {
  if (batch.length <= PIECE_BYTES) return [batch]
  const out: Array<Uint8Array> = []
  for (let at = 0; at < batch.length; at += PIECE_BYTES) out.push(batch.subarray(at, at + PIECE_BYTES))
  return out
}

/**
 * Hands `reads` to one follower. A follower that throws is a bug in it, not in the session: it is
 * let go (false, and the session logs it) so the session and every other follower carry on.
 */
const lend = (follower: OutputFollower, reads: ReadonlyArray<Uint8Array>): boolean => {
  try {
    follower(reads)
    return true
  } catch {
    return false
  }
}

/** A stream's end of the fan-out: it receives nothing until `start`. */
export interface OutputTap {
  readonly start: () => void
  readonly output: Stream.Stream<Uint8Array>
}

export interface Fanout {
  /** A stream of copies, for as long as the scope is open, once its `start` is called. */
  readonly tap: Effect.Effect<OutputTap, never, Scope.Scope>
  readonly add: (follower: OutputFollower) => void
  readonly remove: (follower: OutputFollower) => void
  /** Returns after the last batch. */
  readonly ended: Effect.Effect<void>
  /** One batch, lent: the streams' copies are made before any follower sees it. */
  readonly publish: (reads: ReadonlyArray<Uint8Array>) => void
  /** After the last batch: every stream ends, every wait on `ended` returns. */
  readonly end: () => void
}

/** `log` says that a follower threw and was let go. */
export const makeFanout = (id: string, log: (line: string) => void): Effect.Effect<Fanout> =>
  Effect.map(Deferred.make<void>(), (done) => {
    // Unbounded, because a terminal stream must not drop bytes; taps are scoped, so growth means a
    // reader that stopped reading without closing.
    const queues = new Set<Queue.Queue<Take.Take<Uint8Array>>>()
    const followers = new Set<OutputFollower>()
    return {
      tap: Effect.map(
        Effect.acquireRelease(Queue.unbounded<Take.Take<Uint8Array>>(), (q) =>
          Effect.zipRight(
            Effect.sync(() => queues.delete(q)),
            Queue.shutdown(q)
          )
        ),
        (q) => ({ start: () => void queues.add(q), output: Stream.flattenTake(Stream.fromQueue(q)) })
      ),
      add: (follower) => void followers.add(follower),
      remove: (follower) => void followers.delete(follower),
      ended: Deferred.await(done),
      publish: (reads) => {
        if (queues.size > 0) {
          const copies = Take.chunk(Chunk.unsafeFromArray(reads.map((r) => new Uint8Array(r))))
          for (const q of queues) Queue.unsafeOffer(q, copies)
        }
        for (const follower of followers) {
          if (lend(follower, reads)) continue
          followers.delete(follower)
          log(`session ${id}: an output follower threw; it is sent nothing more`)
        }
      },
      end: () => {
        for (const q of queues) Queue.unsafeOffer(q, Take.end)
        Deferred.unsafeDone(done, Exit.void)
      }
    }
  })
