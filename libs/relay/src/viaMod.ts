/**
 * Delivery through a Claude Code session's mod: the relayed task goes to the lich-plugin mod as a
 * `prompt` command instead of being typed, so whatever the person is typing at that prompt is left
 * alone and the task does not wait for them to finish it.
 *
 * The mod's first poll is also the best readiness signal lich has for Claude Code: the mod loads only
 * once the folder is trusted, after onboarding. So a task for a Claude Code session whose mod has not
 * polled yet is held for that poll (MOD_GRACE_MS), and typed as usual only when none comes — unless the
 * screen shows Claude Code's trust question, which the Enter would answer "No, exit": then the task is
 * held for as long as the queue allows and the card says why. A task the mod collected is never typed
 * again; one no poll collected in time is withdrawn and typed as usual.
 */
import { type AckOutcome, atLeast, type ModChannel } from "@lich/mod"
import { ENDED, type ModNotification } from "@lich/contract"
import type { Terminals } from "@lich/terminal"
import { Clock, Deferred, Duration, Effect, Option } from "effect"
import type { Core } from "./core.js"
import { startupDialog } from "./dialogs.js"
import { type Errand, type Outcome, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS } from "./state.js"

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

export type Route = "mod" | "type" | "gone"

/** 0.17.0: the first lich-plugin whose mod posts a worker's final message as its answer (mod-answer). */
export const WORKER_ANSWER_FLOOR = "0.17.0"

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

const holdForDialog = (d: ModDeps, id: string, reason: string) =>
  Effect.gen(function* () {
    yield* d.core.hub.publish({ _tag: "session-status", id, state: "waiting", tool: "", detail: "", reason })
    // A sender's pending outcome says the session is blocked on a person, and why.
    yield* d.core.apply({ _tag: "Held", id, reason })
    const polled = yield* d.channel.awaitAttached(id, Duration.millis(QUEUE_LIMIT_MS - d.graceMs))
    yield* d.core.apply({ _tag: "Unheld", id, reason })
    return polled ? ("mod" as const) : ("gone" as const)
  })

const isModless = (d: ModDeps, id: string) => d.core.read((s) => s.modless.has(id))

/**
 * Whether `id`'s mod polls, waiting out the grace for a first poll the first time it is asked about a
 * Claude Code session that never polled (one just started). A mod that polled before and stopped is
 * not waited for.
 */
const modPolls = (d: ModDeps, id: string) =>
  Effect.gen(function* () {
    if (yield* d.channel.attached(id)) return true
    if ((yield* isModless(d, id)) || d.graceMs === 0 || (yield* d.channel.awaitAttached(id, Duration.zero))) return false
    if (yield* d.channel.awaitAttached(id, Duration.millis(d.graceMs))) return yield* d.channel.attached(id)
    yield* d.core.apply({ _tag: "Modless", id })
    return false
  })

/** How a task reaches `id`: through its mod, typed, or not at all (the session is stuck behind a question). */
const route = (d: ModDeps, id: string): Effect.Effect<Route> =>
  Effect.gen(function* () {
    if (!d.pluginLaid || (yield* d.kindOf(id)) !== "claude") return "type"
    if (yield* d.channel.attached(id)) return "mod"
    if (yield* isModless(d, id)) return "type"
    // On the trust question already: hold now, and say so on the card at once.
    const asking = startupDialog("claude", yield* d.terminals.replay(id))
    if (asking !== undefined) return yield* holdForDialog(d, id, asking)
    if (d.graceMs > 0 && (yield* d.channel.awaitAttached(id, Duration.millis(d.graceMs)))) return "mod"
    if (!(yield* d.terminals.isLive(id))) return "gone"
    const dialog = startupDialog("claude", yield* d.terminals.replay(id))
    if (dialog !== undefined) return yield* holdForDialog(d, id, dialog)
    yield* d.core.apply({ _tag: "Modless", id })
    return "type"
  })

/**
 * Hands `e` to its target's mod. True when the mod took it — the errand is the mod's from here, and
 * its outcome follows from the ack — false when no poll collected it and it should be typed instead.
 */
const handOver = (d: ModDeps, e: Errand) =>
  Effect.gen(function* () {
    const busy = yield* d.core.apply({ _tag: "HandedOver", ticket: e.ticket })
    // A worker whose mod answers by itself (0.17.0 on) gets its task as a native subagent gets its prompt.
    const bare = e.subagent && atLeast(yield* d.channel.plugin(e.targetId), WORKER_ANSWER_FLOOR)
    const sent = yield* d.channel.enqueue(e.targetId, { kind: "prompt", text: bare ? e.workerMessage : e.message })
    const took = yield* Deferred.await(sent.collected).pipe(Effect.timeoutOption(Duration.millis(COLLECT_MS)))
    if (Option.isNone(took) && (yield* d.channel.withdraw(e.targetId, sent.command.id))) {
      yield* d.core.apply({ _tag: "Withdrawn", ticket: e.ticket })
      return false
    }
    yield* d.core.apply({ _tag: "Entered", ticket: e.ticket })
    yield* awaitStart(d, e, sent.outcome, busy)
    return true
  })

/**
 * Waits for the turn the mod starts on `e`. A mod queues a prompt behind a running turn, so while
 * the target is busy the wait goes on (up to the queue limit); a target at its prompt that has not
 * started within the receipt window never read it.
 */
const awaitStart = (d: ModDeps, e: Errand, outcome: Deferred.Deferred<AckOutcome>, busyAtHandOff: boolean) =>
  Effect.gen(function* () {
    const deadline = (yield* Clock.currentTimeMillis) + QUEUE_LIMIT_MS
    // A turn seen running in the last window: the mod may be starting ours right as it ends.
    let sawBusy = busyAtHandOff
    for (;;) {
      const got = yield* Deferred.await(outcome).pipe(Effect.timeoutOption(Duration.millis(RECEIPT_WINDOW_MS)))
      if (Option.isSome(got)) return yield* started(d, e, got.value)
      const now = yield* d.core.read((s) => ({ busy: s.turn.get(e.targetId) === "busy", open: s.errands.has(e.ticket) }))
      if (!now.open) return false
      if ((!now.busy && !sawBusy) || (yield* Clock.currentTimeMillis) >= deadline) {
        return yield* d.core.apply({ _tag: "Closed", ticket: e.ticket, outcome: { status: "unread", answer: "" } })
      }
      sawBusy = now.busy
    }
  })

const started = (d: ModDeps, e: Errand, o: AckOutcome) =>
  Effect.gen(function* () {
    const close = (outcome: Outcome) => d.core.apply({ _tag: "Closed", ticket: e.ticket, outcome })
    if (o._tag === "ended") return yield* close({ status: "undelivered", answer: "", detail: ENDED })
    // The mod refused or dropped the prompt: nothing there started on it.
    if (!o.ok) return yield* close({ status: "unread", answer: "" })
    yield* d.core.apply({ _tag: "Started", ticket: e.ticket })
    return true
  })

/** A note for a session whose mod polls, as a prompt from the plugin; false when it must be typed. */
const tell = (d: ModDeps, id: string, text: string, notification?: typeof ModNotification.Type) =>
  Effect.gen(function* () {
    if (!d.pluginLaid || !(yield* d.channel.attached(id))) return false
    const sent = yield* d.channel.enqueue(
      id,
      notification === undefined ? { kind: "prompt", text } : { kind: "prompt", text, notification }
    )
    const took = yield* Deferred.await(sent.collected).pipe(Effect.timeoutOption(Duration.millis(COLLECT_MS)))
    return Option.isSome(took) || !(yield* d.channel.withdraw(id, sent.command.id))
  })

export const makeModDelivery = (d: ModDeps) => ({
  route: (id: string) => route(d, id),
  modPolls: (id: string) => modPolls(d, id),
  handOver: (e: Errand) => handOver(d, e),
  tell: (id: string, text: string, notification?: typeof ModNotification.Type) => tell(d, id, text, notification)
})

export type ModDelivery = ReturnType<typeof makeModDelivery>
