/**
 * Where a session's output goes after the ring (Session.ts): to followers, lent, and to streams, as
 * copies. A follower (a window's socket) is called by the actor itself and copies what it keeps,
 * so a flood reaches it with no allocation; a stream holds what it is given, so it gets its own.
 * Every method runs under the session's output lock, which orders them against the ring.
 */
import { Chunk, Deferred, Effect, PubSub, type Scope, Stream, Take } from "effect"

/**
 * Called by the session's actor with each batch, in order. The bytes are lent: they are valid only
 * during the call, and a follower that keeps any must copy them.
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
 * let go (false, and the session logs it) so the actor and every other follower carry on.
 */
const lend = (follower: OutputFollower, reads: ReadonlyArray<Uint8Array>): boolean => {
  try {
    follower(reads)
    return true
  } catch {
    return false
  }
}

export interface Fanout {
  /** A live stream of copies from now on, for as long as the scope is open. */
  readonly stream: Effect.Effect<Stream.Stream<Uint8Array>, never, Scope.Scope>
  /** Adds a follower for as long as the scope is open; the effect it returns waits for the end. */
  readonly follow: (follower: OutputFollower) => Effect.Effect<Effect.Effect<void>, never, Scope.Scope>
  /** One batch, lent: the streams' copies are made before any follower sees it. */
  readonly publish: (reads: ReadonlyArray<Uint8Array>) => Effect.Effect<void>
  /** After the last batch: every stream ends, every follower's wait returns. */
  readonly end: Effect.Effect<void>
}

export const makeFanout = (id: string): Effect.Effect<Fanout> =>
  Effect.gen(function* () {
    // Unbounded, because a terminal stream must not drop bytes; subscribers are scoped, so growth
    // means a reader that stopped reading without closing.
    const hub = yield* PubSub.unbounded<Take.Take<Uint8Array>>()
    const done = yield* Deferred.make<void>()
    const followers = new Set<OutputFollower>()
    let streams = 0
    return {
      stream: Effect.gen(function* () {
        const subscription = yield* PubSub.subscribe(hub)
        yield* Effect.acquireRelease(
          Effect.sync(() => streams++),
          () => Effect.sync(() => streams--)
        )
        return Stream.flattenTake(Stream.fromQueue(subscription))
      }),
      follow: (follower) =>
        Effect.as(
          Effect.acquireRelease(
            Effect.sync(() => followers.add(follower)),
            () => Effect.sync(() => followers.delete(follower))
          ),
          Deferred.await(done)
        ),
      publish: (reads) =>
        Effect.suspend(() => {
          const copies = streams === 0 ? [] : reads.map((r) => new Uint8Array(r))
          const dropped = [...followers].filter((follower) => !lend(follower, reads))
          for (const follower of dropped) followers.delete(follower)
          const said =
            dropped.length > 0 ? Effect.logError(`session ${id}: an output follower threw; it is sent nothing more`) : Effect.void
          return copies.length === 0 ? said : Effect.zipRight(said, PubSub.publish(hub, Take.chunk(Chunk.unsafeFromArray(copies))))
        }),
      end: Effect.zipRight(PubSub.publish(hub, Take.end), Deferred.succeed(done, undefined))
    }
  })
