/**
 * The mod channel: a per-session queue of commands for the lich-plugin mod inside a Claude Code
 * session, which long-polls for them and acknowledges each one.
 *
 * It owns three facts and nothing else: which commands are waiting for a session's poll, which ones a
 * poll took and are not acknowledged yet, and whether a session's mod is polling at all ("attached":
 * a poll parked now, or one answered within the last 30 s). Who may send what — `control`, `ask`, a
 * relayed task — is decided by the callers; this module refuses only what the channel cannot carry: a
 * session with no process behind it.
 *
 * Delivery is at most once: a poll drains what is queued into its response. A command nobody took in
 * time is withdrawn by its caller and is then never handed out; one taken is never handed out again.
 */
import type { ModCommand, ModKind } from "@lich/contract"
import { Terminals } from "@lich/terminal"
import { Clock, Context, Deferred, Duration, Effect, FiberId, Layer, Option, Stream } from "effect"

/** 25 s: a parked poll answers `[]` before the mod's own fetch gives up (about 30 s). */
export const POLL_PARK_MS = 25_000
/** 30 s: a mod that polled this recently is still attached — it re-polls at once after every answer. */
export const ATTACHED_WITHIN_MS = 30_000
/** 30 s: a command older than this when a poll comes is stale; its caller stopped waiting long ago. */
export const STALE_COMMAND_MS = 30_000

export type AckOutcome =
  | { readonly _tag: "acked"; readonly ok: boolean; readonly error: string; readonly answer: string }
  | { readonly _tag: "ended" }

export interface Sent {
  readonly command: ModCommand
  /** Resolved when a poll hands the command out. */
  readonly collected: Deferred.Deferred<void>
  readonly outcome: Deferred.Deferred<AckOutcome>
}

interface Pending extends Sent {
  readonly at: number
}

interface Slot {
  queue: Array<Pending>
  readonly inflight: Map<string, Pending>
  parked: Deferred.Deferred<ReadonlyArray<ModCommand>> | undefined
  lastPoll: number
  readonly firstPoll: Deferred.Deferred<void>
  plugin: string
}

export type ModCommandInput = Omit<ModCommand, "id">

export interface ModChannelShape {
  /** A mod's poll: the commands for it (`[]` after 25 s), or None when the session has no process. */
  readonly poll: (sessionId: string, plugin: string) => Effect.Effect<Option.Option<ReadonlyArray<ModCommand>>>
  /** Queues a command; the handle says when a poll took it and how it ended. */
  readonly enqueue: (sessionId: string, input: ModCommandInput) => Effect.Effect<Sent>
  /** Takes a command back if no poll took it yet; true when it was withdrawn. */
  readonly withdraw: (sessionId: string, commandId: string) => Effect.Effect<boolean>
  /** The mod's ack; false when no such command is waiting for one (late, unknown, or another kind). */
  readonly ack: (sessionId: string, a: { id: string; kind: ModKind; ok: boolean; error: string; answer: string }) => Effect.Effect<boolean>
  readonly attached: (sessionId: string) => Effect.Effect<boolean>
  /** True once the session's mod has polled, within `timeout`; false when it did not, or the session ended. */
  readonly awaitAttached: (sessionId: string, timeout: Duration.DurationInput) => Effect.Effect<boolean>
  /** The plugin release the session's mod announced on its last poll ("" before any). */
  readonly plugin: (sessionId: string) => Effect.Effect<string>
}

const newId = (taken: (id: string) => boolean): string => {
  for (;;) {
    const id = Math.floor(Math.random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, "0")
    if (!taken(id)) return id
  }
}

/** What the channel's functions share: the terminals (is a session live, when did it end) and the slots. */
interface Deps {
  readonly terminals: Context.Tag.Service<typeof Terminals>
  readonly slots: Map<string, Slot>
}

const slotOf = (d: Deps, id: string): Slot => {
  let s = d.slots.get(id)
  if (!s) {
    s = {
      queue: [],
      inflight: new Map(),
      parked: undefined,
      lastPoll: -Infinity,
      firstPoll: Deferred.unsafeMake<void>(FiberId.none),
      plugin: ""
    }
    d.slots.set(id, s)
  }
  return s
}

// A session that ended takes its channel with it: parked polls answer [], waiters hear "ended".
const closeSlot = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const s = d.slots.get(id)
    if (!s) return
    d.slots.delete(id)
    if (s.parked) yield* Deferred.succeed(s.parked, [])
    for (const p of [...s.queue, ...s.inflight.values()]) yield* Deferred.succeed(p.outcome, { _tag: "ended" })
    yield* Deferred.interrupt(s.firstPoll)
  })

const drain = (s: Slot, now: number): ReadonlyArray<ModCommand> => {
  const fresh = s.queue.filter((p) => now - p.at < STALE_COMMAND_MS)
  s.queue = []
  for (const p of fresh) {
    s.inflight.set(p.command.id, p)
    Deferred.unsafeDone(p.collected, Effect.void)
  }
  return fresh.map((p) => p.command)
}

const poll = Effect.fn("ModChannel.poll")(function* (d: Deps, sessionId: string, plugin: string) {
  if (!(yield* d.terminals.isLive(sessionId))) return Option.none()
  const now = yield* Clock.currentTimeMillis
  const s = slotOf(d, sessionId)
  s.lastPoll = now
  if (plugin !== "") s.plugin = plugin
  yield* Deferred.succeed(s.firstPoll, undefined)
  const ready = drain(s, now)
  if (ready.length > 0) return Option.some(ready)
  // One parked poll per session: a newer one (a reloaded mod) replaces it.
  if (s.parked) yield* Deferred.succeed(s.parked, [])
  const parked = yield* Deferred.make<ReadonlyArray<ModCommand>>()
  s.parked = parked
  const got = yield* Deferred.await(parked).pipe(Effect.timeoutOption(Duration.millis(POLL_PARK_MS)))
  if (s.parked === parked) s.parked = undefined
  // Parked time counts as polling: the mod is there the whole while.
  s.lastPoll = yield* Clock.currentTimeMillis
  return Option.some(Option.getOrElse(got, () => []))
})

const enqueue = Effect.fn("ModChannel.enqueue")(function* (d: Deps, sessionId: string, input: ModCommandInput) {
  const s = slotOf(d, sessionId)
  const now = yield* Clock.currentTimeMillis
  const command = { ...input, id: newId((id) => s.inflight.has(id) || s.queue.some((p) => p.command.id === id)) } as ModCommand
  const p: Pending = { command, at: now, collected: yield* Deferred.make<void>(), outcome: yield* Deferred.make<AckOutcome>() }
  if (!(yield* d.terminals.isLive(sessionId))) {
    yield* Deferred.succeed(p.outcome, { _tag: "ended" })
    return p
  }
  s.queue.push(p)
  if (s.parked) {
    const parked = s.parked
    s.parked = undefined
    yield* Deferred.succeed(parked, drain(s, now))
  }
  return p as Sent
})

const withdraw = Effect.fn("ModChannel.withdraw")((d: Deps, sessionId: string, commandId: string) =>
  Effect.sync(() => {
    const s = d.slots.get(sessionId)
    if (!s) return false
    const before = s.queue.length
    s.queue = s.queue.filter((p) => p.command.id !== commandId)
    return s.queue.length < before
  })
)

const ack = Effect.fn("ModChannel.ack")(function* (d: Deps, sessionId: string, a: Parameters<ModChannelShape["ack"]>[1]) {
  const p = d.slots.get(sessionId)?.inflight.get(a.id)
  if (!p || p.command.kind !== a.kind) return false
  d.slots.get(sessionId)?.inflight.delete(a.id)
  return yield* Deferred.succeed(p.outcome, { _tag: "acked", ok: a.ok, error: a.error, answer: a.answer })
})

const attached = Effect.fn("ModChannel.attached")(function* (d: Deps, sessionId: string) {
  const now = yield* Clock.currentTimeMillis
  const s = d.slots.get(sessionId)
  return s !== undefined && (s.parked !== undefined || now - s.lastPoll < ATTACHED_WITHIN_MS)
})

// Not a generator: the slot is made when the wait is asked for, so a session that ends before the
// wait runs still interrupts it (closeSlot) rather than leaving it to its timeout.
const awaitAttached = Effect.fn("ModChannel.awaitAttached")((d: Deps, sessionId: string, timeout: Duration.DurationInput) =>
  Deferred.await(slotOf(d, sessionId).firstPoll).pipe(
    Effect.timeoutOption(timeout),
    Effect.map(Option.isSome),
    Effect.catchAllCause(() => Effect.succeed(false))
  )
)

const pluginOf = Effect.fn("ModChannel.plugin")((d: Deps, sessionId: string) => Effect.sync(() => d.slots.get(sessionId)?.plugin ?? ""))

export class ModChannel extends Context.Tag("lich/mod/ModChannel")<ModChannel, ModChannelShape>() {
  static readonly layer = Layer.scoped(
    ModChannel,
    Effect.gen(function* () {
      const d: Deps = { terminals: yield* Terminals, slots: new Map() }
      yield* Effect.forkScoped(Stream.runForEach(d.terminals.exits, (x) => closeSlot(d, x.id)))
      return {
        poll: (sessionId, plugin) => poll(d, sessionId, plugin),
        enqueue: (sessionId, input) => enqueue(d, sessionId, input),
        withdraw: (sessionId, commandId) => withdraw(d, sessionId, commandId),
        ack: (sessionId, a) => ack(d, sessionId, a),
        attached: (sessionId) => attached(d, sessionId),
        awaitAttached: (sessionId, timeout) => awaitAttached(d, sessionId, timeout),
        plugin: (sessionId) => pluginOf(d, sessionId)
      } satisfies ModChannelShape
    })
  )
}
