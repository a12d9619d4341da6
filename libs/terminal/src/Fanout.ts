/**
 * Where a session's output goes after the ring (Session.ts): to followers, lent, and to streams, as
 * copies. A follower (a window's socket) is handed each read as it arrives and copies it straight
 * into what it sends, then is told when the batch is over; a stream holds what it is given, so it
 * gets its own copy of each read.
 *
 * Everything that touches the set of listeners is synchronous: a read is handed on in one call,
 * and a listener is added in one call together with the ring's snapshot (Session.ts), so JavaScript
 * alone orders them — no read can land between a snapshot and its listener, and no lock or fiber
 * is needed per read (a flood hands on one every fraction of a millisecond).
 */
import { Chunk, Deferred, Effect, Exit, Queue, type Scope, Stream, Take } from "effect"

/**
 * A session's output, read by read, each followed in due course by the end of its batch. The bytes
 * are lent: valid only during `read`'s call, so a follower that keeps any must copy them. `flush`
 * says the reads since the last one are a batch (a burst gathered for a few milliseconds, or one
 * read after quiet): a follower sends what it gathered then.
 */
export interface OutputFollower {
  readonly read: (bytes: Uint8Array) => void
  readonly flush: () => void
}

/**
 * 64 KiB: a piece is pushed to the ring as one segment (only segment starts are places a replay
 * cuts), so none should be larger than a window's frame can take many of.
 */
export const PIECE_BYTES = 64 * 1024

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
  /** One read, lent: the streams' copies are made before any follower sees it. */
  readonly read: (bytes: Uint8Array) => void
  /** The reads since the last flush are a batch. */
  readonly flush: () => void
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
    // A follower that throws is a bug in it, not in the session: it is let go (and logged) so the
    // session and every other follower carry on. Loops of their own, not a helper taking a
    // closure: this runs for every read of a flood, and allocates nothing.
    const drop = (follower: OutputFollower) => {
      followers.delete(follower)
      log(`session ${id}: an output follower threw; it is sent nothing more`)
    }
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
      read: (bytes) => {
        if (queues.size > 0) {
          const copy = Take.chunk(Chunk.of(new Uint8Array(bytes)))
          for (const q of queues) Queue.unsafeOffer(q, copy)
        }
        for (const follower of followers) {
          try {
            follower.read(bytes)
          } catch {
            drop(follower)
          }
        }
      },
      flush: () => {
        for (const follower of followers) {
          try {
            follower.flush()
          } catch {
            drop(follower)
          }
        }
      },
      end: () => {
        for (const q of queues) Queue.unsafeOffer(q, Take.end)
        Deferred.unsafeDone(done, Exit.void)
      }
    }
  })
