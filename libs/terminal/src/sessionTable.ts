/**
 * Every live session of the Terminals service, by id: how one starts (the PTY's size and
 * environment are decided here), how one a PTY host kept is adopted, how one closes, and how its
 * end is remembered and announced. The other parts of the service (sessionIo.ts, readyWatch.ts)
 * find their session here and never change the table.
 */
import { homedir } from "node:os"
// The contract's grid bounds: below 20×5 no TUI draws, above 400×200 is a runaway fit() in a window.
import { COLS, ROWS } from "@lich/contract"
import {
  type Context,
  Deferred,
  Duration,
  Effect,
  Exit,
  HashMap,
  Option,
  PubSub,
  Ref,
  Scope,
  Stream,
  SubscriptionRef,
  SynchronizedRef
} from "effect"
import { PtyAdapter, type PtySpawnError } from "./PtyAdapter.js"
import type { ReadyState } from "./Readiness.js"
import { makeSession, type Session, type TerminalExit } from "./Session.js"
import { TerminalNotFound } from "./TerminalError.js"

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

/** 1000 exits: far more sessions than anyone runs at once; older ones are only history. */
const REMEMBERED_EXITS = 1000

/** 80×24: the VT100 size every terminal program assumes when nobody has said otherwise. */
const DEFAULT_SIZE = { cols: 80, rows: 24 } as const
/** 1 s after SIGHUP: time for an agent to save its session; then SIGKILL, which cannot be refused. */
const CLOSE_GRACE = Duration.seconds(1)

const clamp = (v: number, bounds: { readonly min: number; readonly max: number }, fallback: number) =>
  Number.isFinite(v) ? Math.min(bounds.max, Math.max(bounds.min, Math.round(v))) : fallback

export const clampSize = (cols: number, rows: number) => ({
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

/** The table itself: what every part of one Terminals service shares. */
export interface SessionTable {
  readonly adapter: Context.Tag.Service<typeof PtyAdapter>
  readonly sessions: SynchronizedRef.SynchronizedRef<HashMap.HashMap<string, Session>>
  readonly windowSize: Ref.Ref<{ readonly cols: number; readonly rows: number }>
  /** The last exit of each ended session, so awaiting one that ended a moment ago still answers. */
  readonly lastExits: Map<string, TerminalExit>
  readonly exitsHub: PubSub.PubSub<TerminalExit>
  /** Where the session actors run; closing it stops them. */
  readonly actors: Scope.Scope
}
/** Most readers need only the map. */
type SessionMap = Pick<SessionTable, "sessions">

export const lookup = (t: SessionMap, id: string) => Effect.map(SynchronizedRef.get(t.sessions), HashMap.get(id))

export const find = (t: SessionMap, id: string) =>
  Effect.flatMap(lookup(t, id), Option.match({ onNone: () => Effect.fail(new TerminalNotFound({ id })), onSome: Effect.succeed }))

/** The session's readiness state changed by `f`; nothing for a session that is gone (it raced the exit). */
export const updateState = (t: SessionMap, id: string, f: (st: ReadyState) => ReadyState) =>
  Effect.flatMap(lookup(t, id), Option.match({ onNone: () => Effect.void, onSome: (s) => SubscriptionRef.update(s.state, f) }))

// Only the session that is still the one in the map removes it, so an exit can never evict a
// successor started under the same id.
const onExit = (t: SessionTable) => (session: Session, exit: TerminalExit) =>
  Effect.sync(() => {
    t.lastExits.delete(session.id)
    t.lastExits.set(session.id, exit)
    if (t.lastExits.size > REMEMBERED_EXITS) t.lastExits.delete(t.lastExits.keys().next().value!)
  }).pipe(
    Effect.zipRight(
      SynchronizedRef.update(t.sessions, (map) =>
        Option.exists(HashMap.get(map, session.id), (s) => s === session) ? HashMap.remove(map, session.id) : map
      )
    ),
    Effect.zipRight(PubSub.publish(t.exitsHub, exit)),
    Effect.asVoid
  )

const spawnSession = (t: SessionTable, o: StartOptions) =>
  Effect.gen(function* () {
    const fallback = yield* Ref.get(t.windowSize)
    const size = clampSize(o.cols ?? fallback.cols, o.rows ?? fallback.rows)
    const proc = yield* t.adapter.spawn({ id: o.id, file: o.file, args: o.args, cwd: o.cwd || homedir(), env: ptyEnv(o.env), ...size })
    return yield* makeSession({ id: o.id, proc, settingUp: o.setup === true, actors: t.actors, onExit: onExit(t) })
  })

/** PTYs a host kept across a backend restart come back under their ids (same pid, ring replayed). */
const adoptKept = (t: SessionTable) =>
  Effect.gen(function* () {
    if (t.adapter.adopt === undefined) return
    // Under the map's lock, as in start: one that ended meanwhile sees itself in the map to remove.
    for (const kept of yield* t.adapter.adopt) {
      yield* SynchronizedRef.updateEffect(t.sessions, (map) =>
        Effect.map(makeSession({ id: kept.id, proc: kept.proc, settingUp: false, actors: t.actors, onExit: onExit(t) }), (s) =>
          HashMap.set(map, kept.id, s)
        )
      )
    }
  })

/** SIGHUP, then SIGKILL after the grace; returns once the session's exit is in. */
const closeOne = Effect.fn("Terminals.close")(function* (t: SessionMap, id: string) {
  const found = yield* lookup(t, id)
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

const closeEvery = (t: SessionMap) =>
  Effect.flatMap(SynchronizedRef.get(t.sessions), (map) =>
    Effect.forEach(HashMap.keys(map), (id) => closeOne(t, id), { concurrency: "unbounded", discard: true })
  )

/**
 * The table of one Terminals layer, with the sessions a PTY host kept already in it. One finalizer,
 * so the order is spelled out rather than implied by registration order: close every PTY (the
 * actors must still run to see the exits), then end the exits stream, then stop the actors. A
 * backend that fails (neither quit nor a signal) leaves PTYs that outlive it (a PTY host's) be: the
 * next backend re-attaches them.
 */
export const makeTable: Effect.Effect<SessionTable, never, PtyAdapter | Scope.Scope> = Effect.gen(function* () {
  const adapter = yield* PtyAdapter
  const exitsHub = yield* PubSub.unbounded<TerminalExit>()
  const sessions = yield* SynchronizedRef.make(HashMap.empty<string, Session>())
  const keep = (exit: Exit.Exit<unknown, unknown>) => adapter.adopt !== undefined && Exit.isFailure(exit) && !Exit.isInterrupted(exit)
  const actors = yield* Effect.acquireRelease(Scope.make(), (scope, exit) =>
    Effect.suspend(() => (keep(exit) ? Effect.void : closeEvery({ sessions }))).pipe(
      Effect.zipRight(PubSub.shutdown(exitsHub)),
      Effect.zipRight(Scope.close(scope, exit))
    )
  )
  const windowSize = yield* Ref.make<{ cols: number; rows: number }>(DEFAULT_SIZE)
  const table: SessionTable = { adapter, sessions, windowSize, lastExits: new Map(), exitsHub, actors }
  yield* adoptKept(table)
  return table
})

/** Starting, ending and counting sessions. */
export interface SessionLifecycle {
  readonly start: (o: StartOptions) => Effect.Effect<{ readonly pid: number }, PtySpawnError>
  /** The size a session started without one gets: the window's last. */
  readonly noteWindowSize: (cols: number, rows: number) => Effect.Effect<void>
  readonly close: (id: string) => Effect.Effect<void>
  readonly closeAll: () => Effect.Effect<void>
  readonly isLive: (id: string) => Effect.Effect<boolean>
  readonly pid: (id: string) => Effect.Effect<Option.Option<number>>
  readonly liveIds: () => Effect.Effect<ReadonlyArray<string>>
  readonly exits: Stream.Stream<TerminalExit>
  readonly awaitExit: (id: string) => Effect.Effect<TerminalExit, TerminalNotFound>
}

export const sessionLifecycle = (t: SessionTable): SessionLifecycle => ({
  // Spawning under the map's lock makes start idempotent per id. node-pty forks synchronously, so
  // the lock adds no wait the event loop would not already have; uninterruptible so a spawned
  // child is never left out of the map.
  start: Effect.fn("Terminals.start")(function* (o: StartOptions) {
    return yield* SynchronizedRef.modifyEffect(t.sessions, (map) =>
      Option.match(HashMap.get(map, o.id), {
        onSome: (s) => Effect.succeed([{ pid: s.pid }, map] as const),
        onNone: () => Effect.map(spawnSession(t, o), (s) => [{ pid: s.pid }, HashMap.set(map, o.id, s)] as const)
      })
    ).pipe(Effect.uninterruptible)
  }),
  noteWindowSize: (cols, rows) => Ref.set(t.windowSize, clampSize(cols, rows)),
  close: (id) => closeOne(t, id),
  closeAll: () => closeEvery(t),
  isLive: (id) => Effect.map(lookup(t, id), Option.isSome),
  pid: (id) =>
    Effect.map(
      lookup(t, id),
      Option.map((s) => s.pid)
    ),
  liveIds: () => Effect.map(SynchronizedRef.get(t.sessions), (map) => Array.from(HashMap.keys(map))),
  exits: Stream.fromPubSub(t.exitsHub),
  awaitExit: (id) =>
    Effect.flatMap(lookup(t, id), (found) => {
      if (Option.isSome(found)) return Deferred.await(found.value.exited)
      const ended = t.lastExits.get(id)
      return ended ? Effect.succeed(ended) : Effect.fail(new TerminalNotFound({ id }))
    })
})
