/**
 * The Terminals service's methods, as functions over the one record they share (TerminalsDeps): the
 * map of live sessions, the exits, the last window size. Terminals.ts only gathers that record and
 * hands each method its share; the policy — sizes, TERM, the paste framing, close's grace — is here.
 */
import { homedir } from "node:os"
// The contract's grid bounds: below 20×5 no TUI draws, above 400×200 is a runaway fit() in a window.
import { COLS, ROWS } from "@lich/contract"
import {
  Clock,
  type Context,
  Deferred,
  Duration,
  Effect,
  HashMap,
  Option,
  PubSub,
  Ref,
  type Scope,
  Stream,
  SubscriptionRef,
  SynchronizedRef
} from "effect"
import type { OutputFollower } from "./Fanout.js"
import { ENTER, MAX_MESSAGE_BYTES, PASTE_END, PASTE_ENTER_DELAY_MS, PASTE_START, sanitizeForPaste, utf8Length } from "./Paste.js"
import type { PtyAdapter } from "./PtyAdapter.js"
import {
  applyReport,
  applyScreenHold,
  describe,
  noteDelivered,
  noteKeys,
  noteReportsTurns,
  type ReadyState,
  type SessionReadiness,
  type TurnState,
  verdict
} from "./Readiness.js"
import { makeSession, type Session, type TerminalExit } from "./Session.js"
import { MessageTooLong, TerminalNotFound } from "./TerminalError.js"
import type { StartOptions } from "./Terminals.js"

/** 1000 exits: far more sessions than anyone runs at once; older ones are only history. */
const REMEMBERED_EXITS = 1000

/** 80×24: the VT100 size every terminal program assumes when nobody has said otherwise. */
export const DEFAULT_SIZE = { cols: 80, rows: 24 } as const
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
  Effect.gen(function* () {
    for (;;) {
      const v = verdict(state, yield* Clock.currentTimeMillis)
      if (v._tag !== "NotYet") return v._tag === "Ready"
      if (v.recheckInMs === undefined) return yield* Effect.never
      yield* Effect.sleep(Duration.millis(v.recheckInMs))
    }
  })

/** What every method of one Terminals service shares. */
export interface TerminalsDeps {
  readonly adapter: Context.Tag.Service<typeof PtyAdapter>
  readonly sessions: SynchronizedRef.SynchronizedRef<HashMap.HashMap<string, Session>>
  readonly windowSize: Ref.Ref<{ readonly cols: number; readonly rows: number }>
  /** The last exit of each ended session, so awaiting one that ended a moment ago still answers. */
  readonly lastExits: Map<string, TerminalExit>
  readonly exitsHub: PubSub.PubSub<TerminalExit>
  /** Where the session actors run; closing it stops them. */
  readonly actors: Scope.Scope
}
/** Most methods need only the map. */
type SessionMap = Pick<TerminalsDeps, "sessions">

export const lookup = (d: SessionMap, id: string) => Effect.map(SynchronizedRef.get(d.sessions), HashMap.get(id))

const find = (d: SessionMap, id: string) =>
  Effect.flatMap(lookup(d, id), Option.match({ onNone: () => Effect.fail(new TerminalNotFound({ id })), onSome: Effect.succeed }))

/** The session's readiness state changed by `f`; nothing for a session that is gone (it raced the exit). */
export const updateState = (d: SessionMap, id: string, f: (st: ReadyState) => ReadyState) =>
  Effect.flatMap(lookup(d, id), Option.match({ onNone: () => Effect.void, onSome: (s) => SubscriptionRef.update(s.state, f) }))

// Only the session that is still the one in the map removes it, so an exit can never evict a
// successor started under the same id.
const onExit = (d: TerminalsDeps) => (session: Session, exit: TerminalExit) =>
  Effect.sync(() => {
    d.lastExits.delete(session.id)
    d.lastExits.set(session.id, exit)
    if (d.lastExits.size > REMEMBERED_EXITS) d.lastExits.delete(d.lastExits.keys().next().value!)
  }).pipe(
    Effect.zipRight(
      SynchronizedRef.update(d.sessions, (map) =>
        Option.exists(HashMap.get(map, session.id), (s) => s === session) ? HashMap.remove(map, session.id) : map
      )
    ),
    Effect.zipRight(PubSub.publish(d.exitsHub, exit)),
    Effect.asVoid
  )

const spawnSession = (d: TerminalsDeps, o: StartOptions) =>
  Effect.gen(function* () {
    const fallback = yield* Ref.get(d.windowSize)
    const size = clampSize(o.cols ?? fallback.cols, o.rows ?? fallback.rows)
    const proc = yield* d.adapter.spawn({ id: o.id, file: o.file, args: o.args, cwd: o.cwd || homedir(), env: ptyEnv(o.env), ...size })
    return yield* makeSession({ id: o.id, proc, settingUp: o.setup === true, actors: d.actors, onExit: onExit(d) })
  })

// Spawning under the map's lock makes start idempotent per id. node-pty forks synchronously, so
// the lock adds no wait the event loop would not already have; uninterruptible so a spawned child
// is never left out of the map.
export const start = Effect.fn("Terminals.start")(function* (d: TerminalsDeps, o: StartOptions) {
  return yield* SynchronizedRef.modifyEffect(d.sessions, (map) =>
    Option.match(HashMap.get(map, o.id), {
      onSome: (s) => Effect.succeed([{ pid: s.pid }, map] as const),
      onNone: () => Effect.map(spawnSession(d, o), (s) => [{ pid: s.pid }, HashMap.set(map, o.id, s)] as const)
    })
  ).pipe(Effect.uninterruptible)
})

/** PTYs a host kept across a backend restart come back under their ids (same pid, ring replayed). */
export const adoptKept = (d: TerminalsDeps) =>
  Effect.gen(function* () {
    if (d.adapter.adopt === undefined) return
    // Under the map's lock, as in start: one that ended meanwhile sees itself in the map to remove.
    for (const kept of yield* d.adapter.adopt) {
      yield* SynchronizedRef.updateEffect(d.sessions, (map) =>
        Effect.map(makeSession({ id: kept.id, proc: kept.proc, settingUp: false, actors: d.actors, onExit: onExit(d) }), (s) =>
          HashMap.set(map, kept.id, s)
        )
      )
    }
  })

export const subscribe = Effect.fn("Terminals.subscribe")(function* (d: SessionMap, id: string, withReplay: boolean) {
  const attached = yield* (yield* find(d, id)).subscribe(withReplay)
  if (attached === undefined) return yield* new TerminalNotFound({ id })
  return attached
})

export const follow = Effect.fn("Terminals.follow")(function* (
  d: SessionMap,
  id: string,
  follower: OutputFollower,
  onReplay: (replay: Uint8Array) => void
) {
  const followed = yield* (yield* find(d, id)).follow(follower, onReplay)
  if (followed === undefined) return yield* new TerminalNotFound({ id })
  return followed
})

export const close = Effect.fn("Terminals.close")(function* (d: SessionMap, id: string) {
  const found = yield* lookup(d, id)
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

export const closeAll = (d: SessionMap) =>
  Effect.flatMap(SynchronizedRef.get(d.sessions), (map) =>
    Effect.forEach(HashMap.keys(map), (id) => close(d, id), { concurrency: "unbounded", discard: true })
  )

export const write = Effect.fnUntraced(function* (
  d: SessionMap,
  id: string,
  data: Uint8Array | string,
  o?: { readonly fromUser?: boolean }
) {
  const s = yield* find(d, id)
  if (o?.fromUser) {
    const bytes = typeof data === "string" ? encoder.encode(data) : data
    const now = yield* Clock.currentTimeMillis
    yield* SubscriptionRef.update(s.state, (st) => noteKeys(st, bytes, now))
  }
  s.proc.write(data)
})

export const typeMessage = Effect.fn("Terminals.typeMessage")(function* (
  d: SessionMap,
  id: string,
  text: string,
  o?: { readonly enter?: boolean; readonly maxBytes?: number }
) {
  const s = yield* find(d, id)
  const clean = sanitizeForPaste(text)
  const bytes = utf8Length(clean)
  const limit = o?.maxBytes ?? MAX_MESSAGE_BYTES
  if (bytes > limit) return yield* new MessageTooLong({ id, bytes, limit })
  yield* s.typing.withPermits(1)(
    Effect.gen(function* () {
      s.proc.write(PASTE_START + clean + PASTE_END)
      yield* Effect.sleep(Duration.millis(PASTE_ENTER_DELAY_MS))
      if (o?.enter === false) return
      s.proc.write(ENTER)
      const now = yield* Clock.currentTimeMillis
      yield* SubscriptionRef.update(s.state, (st) => noteDelivered(st, now))
    })
  )
})

export const resize = Effect.fn("Terminals.resize")(function* (d: SessionMap, id: string, cols: number, rows: number) {
  const s = yield* find(d, id)
  const size = clampSize(cols, rows)
  s.proc.resize(size.cols, size.rows)
})

export const noteWindowSize = (d: Pick<TerminalsDeps, "windowSize">, cols: number, rows: number) =>
  Ref.set(d.windowSize, clampSize(cols, rows))

export const replay = (d: SessionMap, id: string) =>
  Effect.flatMap(lookup(d, id), Option.match({ onNone: () => Effect.succeed(new Uint8Array(0)), onSome: (s) => s.replay }))

export const awaitExit = (d: Pick<TerminalsDeps, "sessions" | "lastExits">, id: string) =>
  Effect.flatMap(lookup(d, id), (found) => {
    if (Option.isSome(found)) return Deferred.await(found.value.exited)
    const ended = d.lastExits.get(id)
    return ended ? Effect.succeed(ended) : Effect.fail(new TerminalNotFound({ id }))
  })

export const reportState = (d: SessionMap, id: string, report: TurnState) => updateState(d, id, (st) => applyReport(st, report))
export const reportsTurns = (d: SessionMap, id: string) => updateState(d, id, noteReportsTurns)
export const holdForScreen = (d: SessionMap, id: string, hold: boolean, dialog?: string) =>
  updateState(d, id, (st) => applyScreenHold(st, hold, dialog))

/** The question holding the session's deliveries as it changes, from now on (undefined: none). */
export const screenDialog = (d: SessionMap, id: string): Stream.Stream<string | undefined> =>
  Stream.unwrap(
    Effect.map(lookup(d, id), (s) =>
      Option.isNone(s) ? Stream.empty : Stream.changes(Stream.map(s.value.state.changes, (st) => st.screenDialog))
    )
  )

export const readiness = (d: SessionMap, id: string): Effect.Effect<SessionReadiness> =>
  Effect.flatMap(
    lookup(d, id),
    Option.match({
      onNone: () => Effect.succeed(NOT_LIVE),
      onSome: (s) => Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, describe)
    })
  )

export const isReady = (d: SessionMap, id: string) =>
  Effect.flatMap(
    lookup(d, id),
    Option.match({
      onNone: () => Effect.succeed(false),
      onSome: (s) => Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, (st, now) => verdict(st, now)._tag === "Ready")
    })
  )

// Signalled, not polled: every state change restarts the wait, and time-only changes (quiet
// reached, a draft expiring) are slept for exactly. The PTY's exit is a state change: false.
export const awaitReady = Effect.fn("Terminals.awaitReady")(function* (d: SessionMap, id: string, timeout: Duration.DurationInput) {
  const found = yield* lookup(d, id)
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
