/**
 * Every PTY the backend runs, by session id: start, type into, resize, watch, close.
 *
 * Each session is an actor (`Session.ts`); this service keeps them in one map and answers for them.
 * It decides terminal policy — sizes, TERM, the paste framing, close's grace — and refuses the
 * rest: which binary, which arguments and which environment a provider needs is the caller's.
 */
import { Context, type Duration, Effect, Exit, HashMap, Layer, Option, PubSub, Ref, Scope, Stream, SynchronizedRef } from "effect"
import type { OutputFollower } from "./Fanout.js"
import { PtyAdapter, type PtySpawnError } from "./PtyAdapter.js"
import type { SessionReadiness, TurnState } from "./Readiness.js"
import type { Session, TerminalExit } from "./Session.js"
import type { MessageTooLong, TerminalNotFound } from "./TerminalError.js"
import * as ops from "./terminalsOps.js"

export interface StartOptions {
  readonly id: string
  readonly file: string
  readonly args: ReadonlyArray<string>
  /** "" means the user's home folder. */
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  readonly cols?: number
  readonly rows?: number
  /** The command is a `setupWrapper`: not ready until its marker appears in the output. */
  readonly setup?: boolean
}

export interface TerminalsShape {
  readonly start: (o: StartOptions) => Effect.Effect<{ readonly pid: number }, PtySpawnError>
  readonly write: (id: string, data: Uint8Array | string, o?: { readonly fromUser?: boolean }) => Effect.Effect<void, TerminalNotFound>
  /** maxBytes defaults to the 8 KiB prompt bound; the relay's framed message and insert allow more. */
  readonly typeMessage: (
    id: string,
    text: string,
    o?: { readonly enter?: boolean; readonly maxBytes?: number }
  ) => Effect.Effect<void, TerminalNotFound | MessageTooLong>
  readonly resize: (id: string, cols: number, rows: number) => Effect.Effect<void, TerminalNotFound>
  readonly noteWindowSize: (cols: number, rows: number) => Effect.Effect<void>
  readonly close: (id: string) => Effect.Effect<void>
  readonly closeAll: () => Effect.Effect<void>
  readonly isLive: (id: string) => Effect.Effect<boolean>
  readonly pid: (id: string) => Effect.Effect<Option.Option<number>>
  readonly liveIds: () => Effect.Effect<ReadonlyArray<string>>
  readonly replay: (id: string) => Effect.Effect<Uint8Array>
  readonly output: (id: string) => Effect.Effect<Stream.Stream<Uint8Array>, TerminalNotFound, Scope.Scope>
  readonly attach: (
    id: string
  ) => Effect.Effect<{ readonly replay: Uint8Array; readonly output: Stream.Stream<Uint8Array> }, TerminalNotFound, Scope.Scope>
  /**
   * The replay to `onReplay`, then each batch of output handed to `follower` by the session itself,
   * its bytes lent (valid only during the call: Session.follow); `ended` resolves after the last.
   * For a window's socket, where a stream's copies would be the flood's largest cost.
   */
  readonly follow: (
    id: string,
    follower: OutputFollower,
    onReplay: (replay: Uint8Array) => void
  ) => Effect.Effect<{ readonly ended: Effect.Effect<void> }, TerminalNotFound, Scope.Scope>
  readonly exits: Stream.Stream<TerminalExit>
  readonly awaitExit: (id: string) => Effect.Effect<TerminalExit, TerminalNotFound>
  readonly reportState: (id: string, state: TurnState) => Effect.Effect<void>
  /** The provider's session-start hook arrived: a task typed there starts a turn its hooks report. */
  readonly reportsTurns: (id: string) => Effect.Effect<void>
  /**
   * Holds deliveries while the provider's screen is not its composer (Screen.ts), or lets them go;
   * `dialog` says why when a question of the provider's own holds them.
   */
  readonly holdForScreen: (id: string, hold: boolean, dialog?: string) => Effect.Effect<void>
  /** The question holding the session's deliveries, from now and as it changes (undefined: none). */
  readonly screenDialog: (id: string) => Stream.Stream<string | undefined>
  readonly readiness: (id: string) => Effect.Effect<SessionReadiness>
  readonly isReady: (id: string) => Effect.Effect<boolean>
  readonly awaitReady: (id: string, timeout: Duration.DurationInput) => Effect.Effect<boolean>
}

const make = Effect.gen(function* () {
  const adapter = yield* PtyAdapter
  const exitsHub = yield* PubSub.unbounded<TerminalExit>()
  const sessions = yield* SynchronizedRef.make(HashMap.empty<string, Session>())
  // One finalizer, so the order is spelled out rather than implied by registration order: close
  // every PTY (the actors must still run to see the exits), then end the exits stream, then stop
  // the actors.
  // A backend that fails (neither quit nor a signal) leaves PTYs that outlive it (a PTY host's) be:
  // the next backend re-attaches them.
  const keep = (exit: Exit.Exit<unknown, unknown>) => adapter.adopt !== undefined && Exit.isFailure(exit) && !Exit.isInterrupted(exit)
  const actors = yield* Effect.acquireRelease(Scope.make(), (scope, exit) =>
    Effect.suspend(() => (keep(exit) ? Effect.void : ops.closeAll({ sessions }))).pipe(
      Effect.zipRight(PubSub.shutdown(exitsHub)),
      Effect.zipRight(Scope.close(scope, exit))
    )
  )
  const d: ops.TerminalsDeps = {
    adapter,
    sessions,
    windowSize: yield* Ref.make<{ cols: number; rows: number }>(ops.DEFAULT_SIZE),
    lastExits: new Map(),
    exitsHub,
    actors
  }
  yield* ops.adoptKept(d)
  return {
    start: (o) => ops.start(d, o),
    write: (id, data, o) => ops.write(d, id, data, o),
    typeMessage: (id, text, o) => ops.typeMessage(d, id, text, o),
    resize: (id, cols, rows) => ops.resize(d, id, cols, rows),
    noteWindowSize: (cols, rows) => ops.noteWindowSize(d, cols, rows),
    close: (id) => ops.close(d, id),
    closeAll: () => ops.closeAll(d),
    isLive: (id) => Effect.map(ops.lookup(d, id), Option.isSome),
    pid: (id) =>
      Effect.map(
        ops.lookup(d, id),
        Option.map((s) => s.pid)
      ),
    liveIds: () => Effect.map(SynchronizedRef.get(sessions), (map) => Array.from(HashMap.keys(map))),
    replay: (id) => ops.replay(d, id),
    output: (id) => Effect.map(ops.subscribe(d, id, false), (a) => a.output),
    attach: (id) => ops.subscribe(d, id, true),
    follow: (id, follower, onReplay) => ops.follow(d, id, follower, onReplay),
    exits: Stream.fromPubSub(exitsHub),
    awaitExit: (id) => ops.awaitExit(d, id),
    reportState: (id, report) => ops.reportState(d, id, report),
    reportsTurns: (id) => ops.reportsTurns(d, id),
    holdForScreen: (id, hold, dialog) => ops.holdForScreen(d, id, hold, dialog),
    screenDialog: (id) => ops.screenDialog(d, id),
    readiness: (id) => ops.readiness(d, id),
    isReady: (id) => ops.isReady(d, id),
    awaitReady: (id, timeout) => ops.awaitReady(d, id, timeout)
  } satisfies TerminalsShape
})

export class Terminals extends Context.Tag("lich/terminal/Terminals")<Terminals, TerminalsShape>() {
  /** Needs a `PtyAdapter`: `NodePtyLayer` in the backend, `FakePty.layer` in tests. */
  static readonly layer: Layer.Layer<Terminals, never, PtyAdapter> = Layer.scoped(Terminals, make)
}
