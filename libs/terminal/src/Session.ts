/**
 * One terminal session: its PTY's output, in order, into what it changes — the readiness state,
 * the replay ring, the live output (Fanout.ts) — and then its exit.
 *
 * The inbox (OutputInbox.ts) hands each read here from the PTY adapter's callback, lent, and says
 * when a batch ends. A read is taken in synchronously: the state, the ring, then every listener, in
 * one call. Readers attach the same way (the ring's snapshot and the registration in one call), so
 * a window gets every byte exactly once with no lock. Only the exit runs as a fiber: it ends the
 * streams, tells `onExit` and completes `exited`.
 */
import { Clock, Deferred, Effect, Exit, Runtime, type Scope, type Stream, SubscriptionRef } from "effect"
import { type Fanout, makeFanout, type OutputFollower, PIECE_BYTES } from "./Fanout.js"
import { outputInbox } from "./OutputInbox.js"
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
   * ring, then the session itself hands `follower` each read, its bytes lent — valid only during
   * the call — and the end of each batch, so a flood reaches the socket with no copy but the
   * socket's frame. The replay and the registration happen in one synchronous call, so no read
   * falls between them. `ended` resolves after the last batch; `undefined` once the output has ended.
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
  /** Where the fiber that handles the exit lives; closing it interrupts that fiber. */
  readonly actors: Scope.Scope
  /** Runs once, after the output ended and before `exited` completes. */
  readonly onExit: (session: Session, exit: TerminalExit) => Effect.Effect<void>
}

/**
 * 50 ms: how far behind the readiness state's last-output time may be during a burst. Far under
 * the quiet rule's 600 ms, and a flood notes ~20 times a second instead of every ~8 ms batch: each
 * note is a run of the Effect runtime, and at every batch those were as much CPU as the rest of
 * the session's work together (docs/ceilings.md, Throughput, fifth pass).
 */
export const NOTE_EVERY_MS = 50

/**
 * Notes each read in the readiness state, from the inbox's callback. While a setup marker may be
 * in the output every read is scanned, and as a copy (a read is lent, and the update waits its
 * turn when another fiber holds the state right then). After that a read within NOTE_EVERY_MS of
 * the last note only moves a trailing note, which sets the time of the burst's last read once the
 * window is over — never earlier than a time the state already has (a key press's, say). That
 * note runs before anything could judge the session quiet: its timer expires first.
 */
export const noteReads = (
  state: SubscriptionRef.SubscriptionRef<ReadyState>,
  runtime: Runtime.Runtime<never>,
  clock: Clock.Clock,
  settingUp: boolean
) => {
  const run = Runtime.runSyncExit(runtime)
  let scanning = settingUp
  let notedAt = Number.NEGATIVE_INFINITY
  let trailing: number | undefined
  let waiting = false
  const flush = () => {
    waiting = false
    const at = trailing
    trailing = undefined
    if (at === undefined) return
    notedAt = at
    run(SubscriptionRef.update(state, (s) => (s.lastOut !== null && s.lastOut >= at ? s : { ...s, lastOut: at })))
  }
  return (read: Uint8Array) => {
    const at = clock.unsafeCurrentTimeMillis()
    if (!scanning && at - notedAt < NOTE_EVERY_MS) {
      trailing = at
      if (!waiting) {
        waiting = true
        setTimeout(flush, NOTE_EVERY_MS - (at - notedAt))
      }
      return
    }
    notedAt = at
    trailing = undefined
    const bytes = scanning ? read.slice() : read
    const done = run(
      SubscriptionRef.modify(state, (s) => {
        const next = noteOutput(s, bytes, at)
        return [next.settingUp, next] as const
      })
    )
    if (Exit.isSuccess(done) && scanning && !done.value) {
      scanning = false
      // Notes are per read, so the marker's read may end before the output after it: that output
      // is noted at once, as it was when it came in the marker's batch.
      notedAt = Number.NEGATIVE_INFINITY
    }
  }
}

/**
 * How readers attach: the ring's snapshot and the registration in one synchronous call, so no
 * read (Session's `read`, also synchronous) can fall between them — no gap, no duplicate.
 */
const readers = (ring: ReplayRing, out: Fanout, open: () => boolean): Pick<Session, "subscribe" | "follow" | "replay"> => ({
  subscribe: (withReplay) =>
    Effect.flatMap(out.tap, (tap) =>
      Effect.sync(() => {
        if (!open()) return undefined
        const replay = withReplay ? ring.snapshot() : NO_BYTES
        tap.start()
        return { replay, output: tap.output }
      })
    ),
  follow: (follower, onReplay) =>
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => {
          if (!open()) return false
          onReplay(ring.snapshot())
          out.add(follower)
          return true
        }),
        (added) => Effect.sync(() => added && out.remove(follower))
      ),
      (added) => (added ? { ended: out.ended } : undefined)
    ),
  replay: Effect.sync(() => ring.snapshot())
})

export const makeSession = (o: SessionOptions): Effect.Effect<Session> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const runtime = yield* Effect.runtime<never>()
    const clock = yield* Effect.clock
    const state = yield* SubscriptionRef.make(initialReadyState(now, o.settingUp))
    const out = yield* makeFanout(o.id, (line) => Runtime.runFork(runtime)(Effect.logError(line)))
    let open = true
    const ring = new ReplayRing()
    const exited = yield* Deferred.make<TerminalExit>()
    const ending = yield* Deferred.make<PtyExitInfo>()

    const session: Session = {
      id: o.id,
      pid: o.proc.pid,
      proc: o.proc,
      state,
      typing: yield* Effect.makeSemaphore(1),
      exited,
      ...readers(ring, out, () => open)
    }

    const note = noteReads(state, runtime, clock, o.settingUp)
    // Each read, lent, in one call: the state first, then the ring and the listeners, so a reader
    // that saw the bytes sees the state they made (within a burst, a last-output time up to
    // NOTE_EVERY_MS behind, as noteReads says). The ring and a window's frame copy it; nothing
    // else does (OutputInbox.ts).
    const read = (bytes: Uint8Array) => {
      note(bytes)
      if (bytes.length <= PIECE_BYTES) ring.push(bytes)
      else for (let at = 0; at < bytes.length; at += PIECE_BYTES) ring.push(bytes.subarray(at, at + PIECE_BYTES))
      out.read(bytes)
    }

    const onEnd = Effect.fnUntraced(function* (info: PtyExitInfo) {
      yield* SubscriptionRef.update(state, (s) => ({ ...s, live: false }))
      // Every live stream ends after its last byte (a shutdown would drop unread bytes).
      yield* Effect.sync(() => {
        open = false
        out.end()
      })
      const exit: TerminalExit = info.signal
        ? { id: o.id, exitCode: info.exitCode, signal: info.signal }
        : { id: o.id, exitCode: info.exitCode }
      yield* o.onExit(session, exit)
      yield* Deferred.succeed(exited, exit)
    })

    yield* Effect.forkIn(Effect.flatMap(Deferred.await(ending), onEnd), o.actors)
    const inbox = outputInbox(o.proc, { read, flush: out.flush, end: (info) => Deferred.unsafeDone(ending, Exit.succeed(info)) })
    // The adapter holds events back until these register, so nothing is lost before this point.
    inbox.listen()
    return session
  })
