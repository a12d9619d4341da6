/**
 * The I/O of delivery through a Claude Code session's mod: reading what a target is (is lich's
 * plugin in it, does its mod poll, is Claude Code's trust question on its screen), waiting for a
 * first poll, offering the mod a command and withdrawing it when no poll collects it, and waiting
 * for the mod's ack. Which of these a task goes through is decided in steps/route.ts; this module
 * only does them. `modPolls` is `lich control`'s and `lich ask`'s own wait for a first poll.
 */
import type { ModNotification } from "@lich/contract"
import type { AckOutcome, ModChannel, ModCommandInput } from "@lich/mod"
import type { Terminals } from "@lich/terminal"
import { Deferred, Duration, Effect, Option } from "effect"
import type { Core } from "./core.js"
import { startupDialog } from "./dialogs.js"
import type { Probe } from "./steps/route.js"

/**
 * 15 s: Claude Code reaches its prompt 0.6–1.3 s after launch here and the mod polls as the session
 * starts; a first poll that has not come by then is not coming (a Claude Code that runs no mods).
 * `LICH_MOD_GRACE_MS` overrides it: 0 never waits (a Claude Code known to run no mods, and the test
 * suites whose scripted stand-in for Claude Code has none).
 */
export const MOD_GRACE_MS = 15_000

/** The grace from the backend's environment, else the default; a value that is not a count is ignored. */
export const modGraceMs = (env: Readonly<Record<string, string | undefined>>): number => {
  const v = env.LICH_MOD_GRACE_MS
  return v !== undefined && /^\d{1,7}$/.test(v) ? Number(v) : MOD_GRACE_MS
}
/** 10 s: a polling mod re-polls at once after each answer; a command it has not taken by then never will be. */
export const COLLECT_MS = 10_000

export interface ModDeps {
  readonly core: Core
  readonly channel: ModChannel["Type"]
  readonly terminals: Terminals["Type"]
  /** The target's provider kind ("" when unknown). */
  readonly kindOf: (id: string) => Effect.Effect<string>
  /** lich handed its plugin to the Claude Code sessions it starts. */
  readonly pluginLaid: boolean
  /** How long a first poll is waited for (modGraceMs). */
  readonly graceMs: number
}

/** What the route of a task to `id` depends on, read now; the screen only for a session a mod may be in. */
const probe = (d: ModDeps, id: string): Effect.Effect<Probe> =>
  Effect.gen(function* () {
    const live = yield* d.terminals.isLive(id)
    const mod = d.pluginLaid && (yield* d.kindOf(id)) === "claude"
    if (!mod) return { mod, attached: false, plugin: "", dialog: undefined, live, graceMs: d.graceMs }
    const attached = yield* d.channel.attached(id)
    const plugin = yield* d.channel.plugin(id)
    const dialog = startupDialog("claude", yield* d.terminals.replay(id))
    return { mod, attached, plugin, dialog, live, graceMs: d.graceMs }
  })

/** Waits up to `ms` for `id`'s mod to poll; with the plugin release it announced. */
const awaitPoll = (d: ModDeps, id: string, ms: number) =>
  Effect.gen(function* () {
    const polled = yield* d.channel.awaitAttached(id, Duration.millis(ms))
    return { polled, plugin: yield* d.channel.plugin(id) }
  })

/**
 * Queues `command` for `id`'s mod. Some(its ack) once a poll collected it; None when none did
 * within COLLECT_MS and it was withdrawn (a command a poll took while it was being withdrawn is the mod's).
 */
const offer = (d: ModDeps, id: string, command: ModCommandInput): Effect.Effect<Option.Option<Deferred.Deferred<AckOutcome>>> =>
  Effect.gen(function* () {
    const sent = yield* d.channel.enqueue(id, command)
    const took = yield* Deferred.await(sent.collected).pipe(Effect.timeoutOption(Duration.millis(COLLECT_MS)))
    if (Option.isNone(took) && (yield* d.channel.withdraw(id, sent.command.id))) return Option.none()
    return Option.some(sent.outcome)
  })

/** The mod's ack, or None when `ms` passed without one. */
const awaitAck = (ack: Deferred.Deferred<AckOutcome>, ms: number) => Deferred.await(ack).pipe(Effect.timeoutOption(Duration.millis(ms)))

/** A note for a session whose mod polls, as a prompt from the plugin; false when it must be typed. */
const tell = (d: ModDeps, id: string, text: string, notification?: typeof ModNotification.Type) =>
  Effect.gen(function* () {
    if (!d.pluginLaid || !(yield* d.channel.attached(id))) return false
    const command: ModCommandInput = notification === undefined ? { kind: "prompt", text } : { kind: "prompt", text, notification }
    return Option.isSome(yield* offer(d, id, command))
  })

/**
 * Whether `id`'s mod polls, waiting out the grace for a first poll the first time it is asked about a
 * Claude Code session that never polled (one just started). A mod that polled before and stopped is
 * not waited for.
 */
const modPolls = (d: ModDeps, id: string) =>
  Effect.gen(function* () {
    if (yield* d.channel.attached(id)) return true
    const modless = yield* d.core.read((s) => s.modless.has(id))
    if (modless || d.graceMs === 0 || (yield* d.channel.awaitAttached(id, Duration.zero))) return false
    if (yield* d.channel.awaitAttached(id, Duration.millis(d.graceMs))) return yield* d.channel.attached(id)
    yield* d.core.apply({ _tag: "Modless", id })
    return false
  })

export const makeModDelivery = (d: ModDeps) => ({
  probe: (id: string) => probe(d, id),
  awaitPoll: (id: string, ms: number) => awaitPoll(d, id, ms),
  offer: (id: string, command: ModCommandInput) => offer(d, id, command),
  awaitAck,
  tell: (id: string, text: string, notification?: typeof ModNotification.Type) => tell(d, id, text, notification),
  modPolls: (id: string) => modPolls(d, id)
})

export type ModDelivery = ReturnType<typeof makeModDelivery>
