/**
 * The typed route of a hand-off (lanes.ts has the machine): wait for the target's prompt, stamp the
 * errand delivered, type it, and — at a target whose hooks report turns — watch the receipt window:
 * a task nothing started on is typed once more, then called unread. While the prompt is held by a
 * question of the provider's own (Codex's folder trust), a sender's pending result says so.
 */
import { andThen, type Next, next } from "../acts.js"
import { type Delivery, patchErrand, put, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS, type RelayState } from "../state.js"
import { advance, endWith, entered, finish, held, inPhase, laneLeft, type Report, UNDELIVERED, UNREAD, unheld } from "./lanes.js"

/** Typed, then: wait for the prompt, for as long as the queue allows. */
export const toPrompt = (s: RelayState, ticket: string, d: Delivery): Next<void> =>
  advance(s, ticket, d, { _tag: "prompting", screen: undefined }, { _tag: "awaitPrompt", ms: QUEUE_LIMIT_MS, reply: "Prompted" })

/** While it waits for the prompt: the question the provider's own screen holds it behind came, changed or went. */
export const screenHeld = (s: RelayState, e: Report & { readonly reason: string | undefined }): Next<void> => {
  const d = inPhase(s, e, "prompting")
  if (d === undefined || d.phase.screen === e.reason) return next(s, undefined)
  const before = unheld(s, d.targetId, d.phase.screen)
  const state = e.reason === undefined ? before : held(before, d.targetId, e.reason)
  // The same act is still out: the record changes, its number does not.
  return next({ ...state, deliveries: put(state.deliveries, e.ticket, { ...d, phase: { ...d.phase, screen: e.reason } }) }, undefined)
}

/** The prompt is there (caught up with the hook reports before it), or the queue ran out. */
export const prompted = (s: RelayState, e: Report & { readonly ready: boolean }, now: number): Next<void> => {
  const d = inPhase(s, e, "prompting")
  if (d === undefined) return next(s, undefined)
  const state = unheld(s, d.targetId, d.phase.screen)
  const errand = state.errands.get(e.ticket)
  if (errand === undefined) return finish(state, e.ticket)
  if (!e.ready) return endWith(state, e.ticket, UNDELIVERED, now)
  // Stamped before the write: from here on the errand is the target's to answer. A turn running
  // now is not this errand's.
  const busy = state.turn.get(d.targetId) === "busy"
  const stamped = patchErrand(state, e.ticket, () => (busy ? { delivered: true, skipTurns: 1 } : { delivered: true }))
  // Only a target that reports its state can be caught not reading: silence means nothing otherwise.
  const watch = state.reporting.has(d.targetId) && !busy
  return advance(stamped, e.ticket, d, { _tag: "typing", watch, retype: false }, { _tag: "type", text: errand.message, reply: "Typed" })
}

const watchReceipt = (s: RelayState, ticket: string, d: Delivery): Next<void> =>
  advance(s, ticket, d, { _tag: "receipt" }, { _tag: "receipt", ms: RECEIPT_WINDOW_MS, reply: "ReceiptDue" })

/** The write went in, or failed. The lane passes on once the task is in; the receipt window follows. */
export const typed = (s: RelayState, e: Report & { readonly ok: boolean }, now: number): Next<void> => {
  const d = inPhase(s, e, "typing")
  if (d === undefined) return next(s, undefined)
  if (d.phase.retype) return e.ok ? watchReceipt(s, e.ticket, d) : endWith(s, e.ticket, UNREAD, now)
  if (!e.ok) return endWith(s, e.ticket, UNDELIVERED, now)
  const marked = entered(s, e.ticket)
  if (!d.phase.watch) return andThen(marked, (st) => finish(st, e.ticket))
  return andThen(
    andThen(marked, (st) => laneLeft(st, e.ticket, d.targetId)),
    (st) => watchReceipt(st, e.ticket, d)
  )
}

/** The receipt window ran out: read (it started, or ended), retyped once at a prompt, or unread. */
export const receiptDue = (s: RelayState, e: Report & { readonly ready: boolean }, now: number): Next<void> => {
  const d = inPhase(s, e, "receipt")
  if (d === undefined) return next(s, undefined)
  const errand = s.errands.get(e.ticket)
  if (errand === undefined || errand.sawBusy) return finish(s, e.ticket)
  if (errand.retyped || !e.ready) return endWith(s, e.ticket, UNREAD, now)
  const retyped = patchErrand(s, e.ticket, () => ({ retyped: true }))
  return advance(
    retyped,
    e.ticket,
    d,
    { _tag: "typing", watch: true, retype: true },
    { _tag: "type", text: errand.message, reply: "Typed" }
  )
}
