/**
 * Which way a hand-off goes, and the mod's part of it (lanes.ts has the machine). A Claude Code
 * session's mod takes a task as a message from the plugin instead of it being typed, and its first
 * poll is the best sign lich has that the session is ready — it loads only once the folder is
 * trusted. So a task for a Claude Code session whose mod has not polled is held for that poll (the
 * grace), for the whole queue while Claude Code's trust question is on screen (its Enter would answer
 * "No, exit"), and typed as usual once it is known that no mod will come: the grace ran out, or the
 * session's hooks reported its start before any poll (measured: with Claude Code 2.1.332 the mod
 * polls 0.2–0.5 s before the SessionStart hook reports, and neither comes while the trust question
 * is up). A task the mod collected is never typed; one no poll collected is withdrawn and typed.
 */
import { ENDED } from "@lich/contract"
import { type AckOutcome, atLeast } from "@lich/mod"
import type { Deferred } from "effect"
import { andThen, type Next, next } from "../acts.js"
import { type Delivery, patchErrand, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS, type RelayState, withItem } from "../state.js"
import { advance, endWith, entered, finish, held, inPhase, PROBE, type Report, UNDELIVERED, UNREAD, unheld } from "./lanes.js"
import { toPrompt } from "./typing.js"

/** 0.17.0: the first lich-plugin whose mod posts a worker's final message as its answer (mod-answer). */
export const WORKER_ANSWER_FLOOR = "0.17.0"

/** What a probe read about the target (deliver.ts, viaMod.ts). */
export interface Probe {
  /** A Claude Code session lich handed its plugin to: a mod may take the task. */
  readonly mod: boolean
  /** Its mod polls now. */
  readonly attached: boolean
  /** The plugin release its mod announced ("" before any poll). */
  readonly plugin: string
  /** The startup question its screen shows last, if any (dialogs.ts). */
  readonly dialog: string | undefined
  readonly live: boolean
  /** How long a first poll is waited for (LICH_MOD_GRACE_MS; 0 never waits). */
  readonly graceMs: number
}

/** Handed to the mod: delivered, its turn yet to start; a worker whose mod answers by itself gets the bare task. */
const offer = (s: RelayState, ticket: string, d: Delivery, plugin: string): Next<void> => {
  const e = s.errands.get(ticket)
  if (e === undefined) return finish(s, ticket)
  const busy = s.turn.get(d.targetId) === "busy"
  const stamped = patchErrand(s, ticket, () => ({ delivered: true, awaitingStart: true }))
  const text = e.subagent && atLeast(plugin, WORKER_ANSWER_FLOOR) ? e.workerMessage : e.message
  return advance(stamped, ticket, d, { _tag: "offered", busy }, { _tag: "offer", text, reply: "Offered" })
}

/** On a startup question: held for the poll that follows its answer, the card told why at once. */
const hold = (s: RelayState, ticket: string, d: Delivery, reason: string, ms: number): Next<void> => {
  const n = advance(held(s, d.targetId, reason), ticket, d, { _tag: "held", reason }, { _tag: "awaitPoll", ms, reply: "Polled" })
  return {
    ...n,
    acts: [
      { _tag: "publish", event: { _tag: "session-status", id: d.targetId, state: "waiting", tool: "", detail: "", reason } },
      ...n.acts
    ]
  }
}

/** What the target is decides the route; after the grace, a Claude Code session without a poll is typed at from now on. */
export const probed = (s: RelayState, e: Report & { readonly probe: Probe }, now: number): Next<void> => {
  const d = inPhase(s, e, "routing")
  if (d === undefined) return next(s, undefined)
  if (!s.errands.has(e.ticket)) return finish(s, e.ticket)
  const p = e.probe
  if (!p.mod) return toPrompt(s, e.ticket, d)
  if (p.attached) return offer(s, e.ticket, d, p.plugin)
  // Before anything is typed, whatever else is known: an Enter there would end the session.
  if (p.dialog !== undefined) return hold(s, e.ticket, d, p.dialog, QUEUE_LIMIT_MS - p.graceMs)
  if (s.modless.has(d.targetId)) return toPrompt(s, e.ticket, d)
  if (!d.phase.afterGrace && p.graceMs > 0)
    return advance(s, e.ticket, d, { _tag: "grace" }, { _tag: "awaitPoll", ms: p.graceMs, reply: "Polled" })
  if (!p.live) return endWith(s, e.ticket, UNDELIVERED, now)
  return toPrompt({ ...s, modless: withItem(s.modless, d.targetId) }, e.ticket, d)
}

/** The first poll came, or the wait for it ran out: in the grace, ask again; behind a question, give up. */
export const polled = (s: RelayState, e: Report & { readonly polled: boolean; readonly plugin: string }, now: number): Next<void> => {
  const grace = inPhase(s, e, "grace")
  if (grace !== undefined) {
    return e.polled ? offer(s, e.ticket, grace, e.plugin) : advance(s, e.ticket, grace, { _tag: "routing", afterGrace: true }, PROBE)
  }
  const d = inPhase(s, e, "held")
  if (d === undefined) return next(s, undefined)
  const state = unheld(s, d.targetId, d.phase.reason)
  return e.polled ? offer(state, e.ticket, d, e.plugin) : endWith(state, e.ticket, UNDELIVERED, now)
}

/** A poll collected it (the mod owns it now), or none did and it was withdrawn: typed instead. */
export const offered = (
  s: RelayState,
  e: Report & { readonly ack: Deferred.Deferred<AckOutcome> | undefined },
  now: number
): Next<void> => {
  const d = inPhase(s, e, "offered")
  if (d === undefined) return next(s, undefined)
  const ack = e.ack
  if (ack === undefined)
    return toPrompt(
      patchErrand(s, e.ticket, () => ({ delivered: false, awaitingStart: false })),
      e.ticket,
      d
    )
  const starting = { _tag: "starting", ack, deadline: now + QUEUE_LIMIT_MS, sawBusy: d.phase.busy } as const
  return andThen(entered(s, e.ticket), (st) =>
    advance(st, e.ticket, d, starting, { _tag: "awaitAck", ack, ms: RECEIPT_WINDOW_MS, reply: "Acked" })
  )
}

/** The mod's ack: the session ended, the mod refused or dropped it, or its turn on it started. */
const started = (s: RelayState, ticket: string, o: AckOutcome, now: number): Next<void> => {
  if (o._tag === "ended") return endWith(s, ticket, { status: "undelivered", answer: "", detail: ENDED }, now)
  if (!o.ok) return endWith(s, ticket, UNREAD, now)
  // From here the session's turns are this errand's.
  return finish(
    patchErrand(s, ticket, () => ({ awaitingStart: false, sawBusy: true })),
    ticket
  )
}

/**
 * The mod's ack, or a receipt window without one. A mod queues a prompt behind a running turn, so
 * while the target is busy the wait goes on (up to the queue limit); a target at its prompt that
 * has not started on it within the window, with no turn seen in the last one, never read it.
 */
export const acked = (s: RelayState, e: Report & { readonly ack: AckOutcome | undefined }, now: number): Next<void> => {
  const d = inPhase(s, e, "starting")
  if (d === undefined) return next(s, undefined)
  if (e.ack !== undefined) return started(s, e.ticket, e.ack, now)
  if (!s.errands.has(e.ticket)) return finish(s, e.ticket)
  const busy = s.turn.get(d.targetId) === "busy"
  if ((!busy && !d.phase.sawBusy) || now >= d.phase.deadline) return endWith(s, e.ticket, UNREAD, now)
  return advance(
    s,
    e.ticket,
    d,
    { ...d.phase, sawBusy: busy },
    { _tag: "awaitAck", ack: d.phase.ack, ms: RECEIPT_WINDOW_MS, reply: "Acked" }
  )
}

/**
 * `id`'s mod will not come (no poll within the grace, or its start reported before any): its tasks
 * are typed from now on until a poll shows up, and a hand-off waiting out the grace there stops waiting.
 */
export const modless = (s: RelayState, e: { readonly id: string }): Next<void> => {
  const state = { ...s, modless: withItem(s.modless, e.id) }
  const ticket = state.lanes.get(e.id)?.[0]
  const d = ticket === undefined ? undefined : state.deliveries.get(ticket)
  if (ticket === undefined || d === undefined || d.phase._tag !== "grace") return next(state, undefined)
  return advance(state, ticket, d, { _tag: "routing", afterGrace: true }, PROBE)
}

/** The session's hooks reported its start (POST /session-start): with no poll of its mod before it, none will come. */
export const sessionStarted = (s: RelayState, e: { readonly id: string; readonly polled: boolean; readonly live: boolean }): Next<void> =>
  e.polled || !e.live ? next(s, undefined) : modless(s, { id: e.id })
