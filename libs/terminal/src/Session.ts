/**
 * One terminal session as an actor: a fiber that alone consumes its PTY's events, in order, and
 * owns what they change — the readiness state, the replay ring, the live output (Fanout.ts), the
 * exit.
 *
 * The PTY adapter's callbacks only copy into the inbox (OutputInbox.ts); nothing is decided in a
 * callback. Readers never lock the actor out for longer than a snapshot: attaching or following
 * takes the output lock just long enough to copy the ring and register, so a window gets every
 * byte exactly once.
 */
import { Clock, Deferred, Effect, Ref, type Scope, type Stream, SubscriptionRef } from "effect"
import { type Fanout, makeFanout, type OutputFollower, pieces } from "./Fanout.js"
import { type OutputInbox, outputInbox } from "./OutputInbox.js"
import type { PtyExitInfo, PtyProcess } from "./PtyAdapter.js"
import { initialReadyState, noteOutput, type ReadyState } from "./Readiness.js"
import { ReplayRing } from "./ReplayRing.js"

/** How a session ended, as `exits` and `awaitExit` report it. */
export interface TerminalExit {
  readonly id: string
  readonly exitCode: number
  /** The signal number that ended it, when a signal did. */
  readonly signal?: number
}

const NO_BYTES = new Uint8Array(0)

/** 8 ms: under one frame at 120 Hz, long enough to gather a burst of reads (bench/pty-throughput.mjs). */
const COALESCE_MS = 8
/** 20 ms: reads closer together than this are one burst; a keystroke echo never is. */
const BURST_GAP_MS = 20

const wallClockDelay = (ms: number) =>
  Effect.async<void>((resume) => {
    const t = setTimeout(() => resume(Effect.void), ms)
    return Effect.sync(() => clearTimeout(t))
  })

export interface Session {
  readonly id: string
  readonly pid: number
  readonly proc: PtyProcess
  readonly state: SubscriptionRef.SubscriptionRef<ReadyState>
  /** Serialises message typing, so two deliveries never interleave their paste and Enter. */
  readonly typing: Effect.Semaphore
  readonly exited: Deferred.Deferred<TerminalExit>
  /**
   * A live stream from now on, for as long as the scope is open, and (when asked) the replay ring
   * copied at the same instant: no gap, no duplicate. `undefined` once the output has ended.
   */
  readonly subscribe: (
    withReplay: boolean
  ) => Effect.Effect<{ readonly replay: Uint8Array; readonly output: Stream.Stream<Uint8Array> } | undefined, never, Scope.Scope>
  /**
   * The same without a stream in between, for the hot path (a window's socket): `onReplay` gets the
   * ring, then the actor itself calls `follower` with each batch, its bytes lent — valid only
   * during the call — so a flood reaches the socket with no copy but the socket's own. Both are
   * called under the output lock, so the replay comes first, with no gap and no duplicate. `ended`
   * resolves after the last batch; `undefined` once the output has ended.
   */
  readonly follow: (
    follower: OutputFollower,
    onReplay: (replay: Uint8Array) => void
  ) => Effect.Effect<{ readonly ended: Effect.Effect<void> } | undefined, never, Scope.Scope>
  readonly replay: Effect.Effect<Uint8Array>
}

export interface SessionOptions {
  readonly id: string
  readonly proc: PtyProcess
  readonly settingUp: boolean
  /** Where the actor fiber lives; closing it interrupts the actor. */
  readonly actors: Scope.Scope
  /** Runs once, after the output ended and before `exited` completes. */
  readonly onExit: (session: Session, exit: TerminalExit) => Effect.Effect<void>
}

/** The session's one fiber: takes what the PTY sent, batch by batch, until the exit. */
const actor = (
  inbox: OutputInbox,
  onOutput: (batch: Uint8Array) => Effect.Effect<void>,
  onEnd: (exit: PtyExitInfo) => Effect.Effect<void>
) =>
  Effect.gen(function* () {
    let lastBatchAt = 0
    for (;;) {
      yield* inbox.ready
      // In a burst (a build log, a large cat) reads arrive by the thousand: waiting out one short
      // window turns them into one state update and one publish instead of one per read. Only in a
      // burst — a lone read (an echo) goes out at once — and on the wall clock, because this is
      // about real I/O, not about lich's own timers.
      if (inbox.ended() === undefined && performance.now() - lastBatchAt < BURST_GAP_MS) yield* wallClockDelay(COALESCE_MS)
      lastBatchAt = performance.now()
      const batch = inbox.take()
      if (batch.length > 0) yield* onOutput(batch)
      // The adapter sends the exit last, so the batch's output was all there is left.
      const ended = inbox.ended()
      if (ended !== undefined) return yield* onEnd(ended)
    }
  })

/**
 * A batch is taken in as one: one state update, one ring/publish under the lock. Under load reads
 * pile up while the actor waits its turn, so batching makes it cheaper exactly then. The batch is
 * lent by the inbox: the ring copies it, then the fan-out hands it on (Fanout.ts).
 */
const takeIn = (state: SubscriptionRef.SubscriptionRef<ReadyState>, lock: Effect.Semaphore, ring: ReplayRing, out: Fanout) =>
  Effect.fnUntraced(function* (batch: Uint8Array) {
    const at = yield* Clock.currentTimeMillis
    yield* SubscriptionRef.update(state, (s) => noteOutput(s, batch, at))
    yield* lock.withPermits(1)(
      Effect.suspend(() => {
        const reads = pieces(batch)
        for (const bytes of reads) ring.push(bytes)
        return out.publish(reads)
      })
    )
  })

export const makeSession = (o: SessionOptions): Effect.Effect<Session> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const state = yield* SubscriptionRef.make(initialReadyState(now, o.settingUp))
    const inbox = outputInbox(o.proc)
    const out = yield* makeFanout(o.id)
    const outputLock = yield* Effect.makeSemaphore(1)
    const open = yield* Ref.make(true)
    const ring = new ReplayRing()
    const exited = yield* Deferred.make<TerminalExit>()

    const session: Session = {
      id: o.id,
      pid: o.proc.pid,
      proc: o.proc,
      state,
      typing: yield* Effect.makeSemaphore(1),
      exited,
      subscribe: (withReplay) =>
        outputLock.withPermits(1)(
          Effect.gen(function* () {
            if (!(yield* Ref.get(open))) return undefined
            const replay = withReplay ? ring.snapshot() : NO_BYTES
            return { replay, output: yield* out.stream }
          })
        ),
      follow: (follower, onReplay) =>
        outputLock.withPermits(1)(
          Effect.gen(function* () {
            if (!(yield* Ref.get(open))) return undefined
            onReplay(ring.snapshot())
            return { ended: yield* out.follow(follower) }
          })
        ),
      replay: outputLock.withPermits(1)(Effect.sync(() => ring.snapshot()))
    }

    const onOutput = takeIn(state, outputLock, ring, out)

    const onEnd = Effect.fnUntraced(function* (info: PtyExitInfo) {
      yield* SubscriptionRef.update(state, (s) => ({ ...s, live: false }))
      // End every live stream after its last byte (a shutdown would drop unread bytes).
      yield* outputLock.withPermits(1)(Effect.zipRight(Ref.set(open, false), out.end))
      const exit: TerminalExit = info.signal
        ? { id: o.id, exitCode: info.exitCode, signal: info.signal }
        : { id: o.id, exitCode: info.exitCode }
      yield* o.onExit(session, exit)
      yield* Deferred.succeed(exited, exit)
    })

    yield* Effect.forkIn(actor(inbox, onOutput, onEnd), o.actors)
    // The adapter holds events back until these register, so nothing is lost before this point.
    inbox.listen()
    return session
  })
