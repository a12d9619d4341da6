/**
 * Every PTY the backend runs, by session id: start, type into, resize, watch, close.
 *
 * Each session is an actor (`Session.ts`); this service keeps them in one map and answers for them.
 * It decides terminal policy — sizes, TERM, the paste framing, close's grace — and refuses the
 * rest: which binary, which arguments and which environment a provider needs is the caller's.
 */
import { homedir } from "node:os"
import {
  Clock,
  Context,
  Deferred,
  Duration,
  Effect,
  Exit,
  HashMap,
  Layer,
  Option,
  PubSub,
  Ref,
  Scope,
  Stream,
  SubscriptionRef,
  SynchronizedRef
} from "effect"
// The contract's grid bounds: below 20×5 no TUI draws, above 400×200 is a runaway fit() in a window.
import { COLS, ROWS } from "@lich/contract"
import { ENTER, MAX_MESSAGE_BYTES, PASTE_END, PASTE_ENTER_DELAY_MS, PASTE_START, sanitizeForPaste, utf8Length } from "./Paste.js"
import { PtyAdapter, type PtySpawnError } from "./PtyAdapter.js"
import { applyReport, applyScreenHold, describe, noteKeys, noteSubmit, type ReadyState, type SessionReadiness, type TurnState, verdict } from "./Readiness.js"
import { makeSession, type Session, type TerminalExit } from "./Session.js"
import { MessageTooLong, TerminalNotFound } from "./TerminalError.js"

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
  readonly typeMessage: (id: string, text: string, o?: { readonly enter?: boolean; readonly maxBytes?: number }) => Effect.Effect<void, TerminalNotFound | MessageTooLong>
  readonly resize: (id: string, cols: number, rows: number) => Effect.Effect<void, TerminalNotFound>
  readonly noteWindowSize: (cols: number, rows: number) => Effect.Effect<void>
  readonly close: (id: string) => Effect.Effect<void>
  readonly closeAll: () => Effect.Effect<void>
  readonly isLive: (id: string) => Effect.Effect<boolean>
  readonly pid: (id: string) => Effect.Effect<Option.Option<number>>
  readonly liveIds: () => Effect.Effect<ReadonlyArray<string>>
  readonly replay: (id: string) => Effect.Effect<Uint8Array>
  readonly output: (id: string) => Effect.Effect<Stream.Stream<Uint8Array>, TerminalNotFound, Scope.Scope>
  readonly attach: (id: string) => Effect.Effect<{ readonly replay: Uint8Array; readonly output: Stream.Stream<Uint8Array> }, TerminalNotFound, Scope.Scope>
  readonly exits: Stream.Stream<TerminalExit>
  readonly awaitExit: (id: string) => Effect.Effect<TerminalExit, TerminalNotFound>
  readonly reportState: (id: string, state: TurnState) => Effect.Effect<void>
  /** Holds deliveries while the provider's screen is not its composer (Screen.ts), or lets them go. */
  readonly holdForScreen: (id: string, hold: boolean) => Effect.Effect<void>
  readonly readiness: (id: string) => Effect.Effect<SessionReadiness>
  readonly isReady: (id: string) => Effect.Effect<boolean>
  readonly awaitReady: (id: string, timeout: Duration.DurationInput) => Effect.Effect<boolean>
}

/** 1000 exits: far more sessions than anyone runs at once; older ones are only history. */
const REMEMBERED_EXITS = 1000

/** 80×24: the VT100 size every terminal program assumes when nobody has said otherwise. */
const DEFAULT_SIZE = { cols: 80, rows: 24 } as const
/** 1 s after SIGHUP: time for an agent to save its session; then SIGKILL, which cannot be refused. */
const CLOSE_GRACE = Duration.seconds(1)

const clamp = (v: number, bounds: { readonly min: number; readonly max: number }, fallback: number) =>
  Number.isFinite(v) ? Math.min(bounds.max, Math.max(bounds.min, Math.round(v))) : fallback

const clampSize = (cols: number, rows: number) => ({
  cols: clamp(cols, COLS, DEFAULT_SIZE.cols),
  rows: clamp(rows, ROWS, DEFAULT_SIZE.rows)
})

/**
 * Variables inherited from wherever the backend was launched that would lie inside our PTY: a
 * fixed size (COLUMNS/LINES override the real one for many programs), another multiplexer's
 * identity, a termcap for another terminal. TERM is ours: the other end is always xterm.js.
 */
const FOREIGN_TERMINAL_VARS = ["COLUMNS", "LINES", "TERMCAP", "TMUX", "TMUX_PANE", "STY", "WINDOW", "WINDOWID"]

const ptyEnv = (env: Readonly<Record<string, string>>): Record<string, string> => {
  const out: Record<string, string> = { ...env, TERM: "xterm-256color" }
  for (const name of FOREIGN_TERMINAL_VARS) delete out[name]
  return out
}

const encoder = new TextEncoder()
const NOT_LIVE: SessionReadiness = { live: false, settingUp: false, drafting: false, quietMs: 0 }

/** Waits, for one snapshot of the state, until time alone makes it ready (or it is gone). */
const readyUnder = (state: ReadyState): Effect.Effect<boolean> =>
  Effect.gen(function*() {
    for (;;) {
      const v = verdict(state, yield* Clock.currentTimeMillis)
      if (v._tag !== "NotYet") return v._tag === "Ready"
      if (v.recheckInMs === undefined) return yield* Effect.never
      yield* Effect.sleep(Duration.millis(v.recheckInMs))
    }
  })

const make = Effect.gen(function*() {
  const adapter = yield* PtyAdapter
  const exitsHub = yield* PubSub.unbounded<TerminalExit>()
  // One finalizer, so the order is spelled out rather than implied by registration order: close
  // every PTY (the actors must still run to see the exits), then end the exits stream, then stop
  // the actors.
  // A backend that fails (neither quit nor a signal) leaves PTYs that outlive it (a PTY host's) be:
  // the next backend re-attaches them.
  const keep = (exit: Exit.Exit<unknown, unknown>) => adapter.adopt !== undefined && Exit.isFailure(exit) && !Exit.isInterrupted(exit)
  const actors = yield* Effect.acquireRelease(Scope.make(), (scope, exit) =>
    Effect.suspend(() => (keep(exit) ? Effect.void : api.closeAll())).pipe(
      Effect.zipRight(PubSub.shutdown(exitsHub)),
      Effect.zipRight(Scope.close(scope, exit))
    ))
  const sessions = yield* SynchronizedRef.make(HashMap.empty<string, Session>())
  const windowSize = yield* Ref.make<{ cols: number; rows: number }>(DEFAULT_SIZE)

  const lookup = (id: string) => Effect.map(SynchronizedRef.get(sessions), HashMap.get(id))
  const find = (id: string) =>
    Effect.flatMap(lookup(id), Option.match({ onNone: () => Effect.fail(new TerminalNotFound({ id })), onSome: Effect.succeed }))

  // Only the session that is still the one in the map removes it, so an exit can never evict a
  // successor started under the same id.
  // The last exit of each ended session, so awaiting one that ended a moment ago still answers.
  const lastExits = new Map<string, TerminalExit>()
  const onExit = (session: Session, exit: TerminalExit) =>
    Effect.sync(() => {
      lastExits.delete(session.id)
      lastExits.set(session.id, exit)
      if (lastExits.size > REMEMBERED_EXITS) lastExits.delete(lastExits.keys().next().value!)
    }).pipe(Effect.zipRight(SynchronizedRef.update(sessions, (map) =>
      Option.exists(HashMap.get(map, session.id), (s) => s === session) ? HashMap.remove(map, session.id) : map
    )), Effect.zipRight(PubSub.publish(exitsHub, exit)), Effect.asVoid)

  const spawnSession = (o: StartOptions) =>
    Effect.gen(function*() {
      const fallback = yield* Ref.get(windowSize)
      const size = clampSize(o.cols ?? fallback.cols, o.rows ?? fallback.rows)
      const proc = yield* adapter.spawn({ id: o.id, file: o.file, args: o.args, cwd: o.cwd || homedir(), env: ptyEnv(o.env), ...size })
      return yield* makeSession({ id: o.id, proc, settingUp: o.setup === true, actors, onExit })
    })

  const subscribe = Effect.fn("Terminals.subscribe")(function*(id: string, withReplay: boolean) {
    const attached = yield* (yield* find(id)).subscribe(withReplay)
    if (attached === undefined) return yield* new TerminalNotFound({ id })
    return attached
  })

  const close = Effect.fn("Terminals.close")(function*(id: string) {
    const found = yield* lookup(id)
    if (Option.isNone(found)) return
    const { exited, proc } = found.value
    proc.kill("SIGHUP")
    // Interruptible: close also runs in the layer's finalizer, where a timeout could otherwise not
    // interrupt the losing wait and would never fire.
    const gone = yield* Deferred.await(exited).pipe(Effect.interruptible, Effect.timeout(CLOSE_GRACE), Effect.option)
    if (Option.isSome(gone)) return
    proc.kill("SIGKILL")
    yield* Deferred.await(exited)
  })

  const api: TerminalsShape = {
    // Spawning under the map's lock makes start idempotent per id. node-pty forks synchronously,
    // so the lock adds no wait the event loop would not already have; uninterruptible so a
    // spawned child is never left out of the map.
    start: Effect.fn("Terminals.start")(function*(o: StartOptions) {
      return yield* SynchronizedRef.modifyEffect(sessions, (map) =>
        Option.match(HashMap.get(map, o.id), {
          onSome: (s) => Effect.succeed([{ pid: s.pid }, map] as const),
          onNone: () => Effect.map(spawnSession(o), (s) => [{ pid: s.pid }, HashMap.set(map, o.id, s)] as const)
        })
      ).pipe(Effect.uninterruptible)
    }),

    write: Effect.fnUntraced(function*(id: string, data: Uint8Array | string, o?: { readonly fromUser?: boolean }) {
      const s = yield* find(id)
      if (o?.fromUser) {
        const bytes = typeof data === "string" ? encoder.encode(data) : data
        const now = yield* Clock.currentTimeMillis
        yield* SubscriptionRef.update(s.state, (st) => noteKeys(st, bytes, now))
      }
      s.proc.write(data)
    }),

    typeMessage: Effect.fn("Terminals.typeMessage")(function*(id: string, text: string, o?: { readonly enter?: boolean; readonly maxBytes?: number }) {
      const s = yield* find(id)
      const clean = sanitizeForPaste(text)
      const bytes = utf8Length(clean)
      const limit = o?.maxBytes ?? MAX_MESSAGE_BYTES
      if (bytes > limit) return yield* new MessageTooLong({ id, bytes, limit })
      yield* s.typing.withPermits(1)(
        Effect.gen(function*() {
          s.proc.write(PASTE_START + clean + PASTE_END)
          yield* Effect.sleep(Duration.millis(PASTE_ENTER_DELAY_MS))
          if (o?.enter === false) return
          s.proc.write(ENTER)
          const now = yield* Clock.currentTimeMillis
          yield* SubscriptionRef.update(s.state, (st) => noteSubmit(st, now))
        })
      )
    }),

    resize: Effect.fn("Terminals.resize")(function*(id: string, cols: number, rows: number) {
      const s = yield* find(id)
      const size = clampSize(cols, rows)
      s.proc.resize(size.cols, size.rows)
    }),

    noteWindowSize: (cols, rows) => Ref.set(windowSize, clampSize(cols, rows)),
    close,
    closeAll: () =>
      Effect.flatMap(SynchronizedRef.get(sessions), (map) =>
        Effect.forEach(HashMap.keys(map), close, { concurrency: "unbounded", discard: true })
      ),
    isLive: (id) => Effect.map(lookup(id), Option.isSome),
    pid: (id) => Effect.map(lookup(id), Option.map((s) => s.pid)),
    liveIds: () => Effect.map(SynchronizedRef.get(sessions), (map) => Array.from(HashMap.keys(map))),
    replay: (id) =>
      Effect.flatMap(lookup(id), Option.match({ onNone: () => Effect.succeed(new Uint8Array(0)), onSome: (s) => s.replay })),

    output: (id) => Effect.map(subscribe(id, false), (a) => a.output),
    attach: (id) => subscribe(id, true),
    exits: Stream.fromPubSub(exitsHub),
    awaitExit: (id) =>
      Effect.flatMap(lookup(id), (found) => {
        if (Option.isSome(found)) return Deferred.await(found.value.exited)
        const ended = lastExits.get(id)
        return ended ? Effect.succeed(ended) : Effect.fail(new TerminalNotFound({ id }))
      }),

    // A report for a session that is gone is normal (it raced the exit) and changes nothing.
    reportState: (id, report) =>
      Effect.flatMap(lookup(id), Option.match({
        onNone: () => Effect.void,
        onSome: (s) => SubscriptionRef.update(s.state, (st) => applyReport(st, report))
      })),
    holdForScreen: (id, hold) =>
      Effect.flatMap(lookup(id), Option.match({
        onNone: () => Effect.void,
        onSome: (s) => SubscriptionRef.update(s.state, (st) => applyScreenHold(st, hold))
      })),
    readiness: (id) =>
      Effect.flatMap(lookup(id), Option.match({
        onNone: () => Effect.succeed(NOT_LIVE),
        onSome: (s) => Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, describe)
      })),
    isReady: (id) =>
      Effect.flatMap(lookup(id), Option.match({
        onNone: () => Effect.succeed(false),
        onSome: (s) =>
          Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, (st, now) => verdict(st, now)._tag === "Ready")
      })),
    // Signalled, not polled: every state change restarts the wait, and time-only changes (quiet
    // reached, a draft expiring) are slept for exactly. The PTY's exit is a state change: false.
    awaitReady: Effect.fn("Terminals.awaitReady")(function*(id: string, timeout: Duration.DurationInput) {
      const found = yield* lookup(id)
      if (Option.isNone(found)) return false
      return yield* found.value.state.changes.pipe(
        Stream.flatMap((st) => Stream.fromEffect(readyUnder(st)), { switch: true }),
        Stream.runHead,
        Effect.map(Option.getOrElse(() => false)),
        // A wait is always safe to abandon; without this, a caller in an uninterruptible region
        // would see the timeout never fire.
        Effect.interruptible,
        Effect.timeoutTo({ duration: timeout, onSuccess: (ready) => ready, onTimeout: () => false })
      )
    })
  }

  // PTYs a host kept across a backend restart come back under their ids (same pid, ring replayed).
  if (adapter.adopt !== undefined) {
    // Under the map's lock, as in start: one that ended meanwhile sees itself in the map to remove.
    for (const kept of yield* adapter.adopt) {
      yield* SynchronizedRef.updateEffect(sessions, (map) =>
        Effect.map(makeSession({ id: kept.id, proc: kept.proc, settingUp: false, actors, onExit }), (s) => HashMap.set(map, kept.id, s)))
    }
  }

  return api
})

export class Terminals extends Context.Tag("lich/terminal/Terminals")<Terminals, TerminalsShape>() {
  /** Needs a `PtyAdapter`: `NodePtyLayer` in the backend, `FakePty.layer` in tests. */
  static readonly layer: Layer.Layer<Terminals, never, PtyAdapter> = Layer.scoped(Terminals, make)
}
