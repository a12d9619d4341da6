/**
 * What a transition asks for, as plain data: the actor (core.ts) performs it after the new state is
 * in place. A transition never does I/O itself — an event or a PTY write can block for seconds, and
 * must never hold up every other errand — and a test reads its acts like any other value.
 */
import type { LichEvent } from "@lich/contract"
import type { AckOutcome } from "@lich/mod"
import type { Deferred } from "effect"
import type { Mark } from "./marks.js"
import type { Outcome, RelayState } from "./state.js"

/**
 * One I/O step of a ticket's hand-off (steps/lanes.ts), and — in `reply` — the event that reports
 * how it went. The effect that carries it out (deliver.ts) decides nothing: it does the I/O and
 * reports, and the step that reads the report picks the next act.
 */
export type DeliveryIo =
  /** Read what the target is: a Claude Code session with lich's plugin, its mod polling, a question on its screen. */
  | { readonly _tag: "probe"; readonly reply: "Probed" }
  /** Wait up to `ms` for the session's mod to poll. */
  | { readonly _tag: "awaitPoll"; readonly ms: number; readonly reply: "Polled" }
  /** Queue the task for the mod; a command no poll collected within COLLECT_MS is withdrawn. */
  | { readonly _tag: "offer"; readonly text: string; readonly reply: "Offered" }
  /** Wait up to `ms` for the mod's ack: the turn it started on the task, or why it did not. */
  | { readonly _tag: "awaitAck"; readonly ack: Deferred.Deferred<AckOutcome>; readonly ms: number; readonly reply: "Acked" }
  /**
   * Wait up to `ms` for the prompt, then apply the hook reports already in; while it waits, every
   * change of the question the provider's own screen holds it behind is reported as ScreenHeld.
   */
  | { readonly _tag: "awaitPrompt"; readonly ms: number; readonly reply: "Prompted" }
  /** Type `text` and press Enter. */
  | { readonly _tag: "type"; readonly text: string; readonly reply: "Typed" }
  /** After `ms`, say whether the target is at its prompt. */
  | { readonly _tag: "receipt"; readonly ms: number; readonly reply: "ReceiptDue" }

export type Act =
  /** A waiter holding the line on an errand hears its outcome. */
  | { readonly _tag: "resolve"; readonly outcome: Deferred.Deferred<Outcome>; readonly value: Outcome }
  /** An event for the window (and collect's wake-up). */
  | { readonly _tag: "publish"; readonly event: LichEvent }
  /** Errands, tombstones or inboxes changed: the journal writes them (debounced). */
  | { readonly _tag: "journal" }
  /** The next I/O step of `ticket`'s hand-off; `seq` goes back in its report. */
  | { readonly _tag: "io"; readonly ticket: string; readonly targetId: string; readonly seq: number; readonly io: DeliveryIo }
  /** Tell the sender its results are ready, after `afterMs` (the debounce; 0 for a held nudge). */
  | { readonly _tag: "flushNudge"; readonly senderId: string; readonly afterMs: number }
  /** Type `text` at the session's prompt now; a write that fails is dropped. */
  | { readonly _tag: "type"; readonly id: string; readonly text: string }
  /** A one-off note: through the session's mod when one polls, else typed once it is ready. */
  | { readonly _tag: "tell"; readonly id: string; readonly text: string }
  /** A worker that answered and ended its turn: park it if it shares its caller's checkout. */
  | { readonly _tag: "park"; readonly id: string }
  /** What the step did to errands, for the timeline, at the step's time. */
  | { readonly _tag: "chronicle"; readonly at: number; readonly marks: ReadonlyArray<Mark> }

/** A transition's answer: the new state, what to do about it, and what the caller asked for. */
export interface Next<A> {
  readonly state: RelayState
  readonly acts: ReadonlyArray<Act>
  readonly result: A
}

export const next = <A>(state: RelayState, result: A, acts: ReadonlyArray<Act> = []): Next<A> => ({ state, acts, result })

/** `f` run on `n`'s state: its acts after `n`'s, its result replacing `n`'s. */
export const andThen = <A, B>(n: Next<A>, f: (s: RelayState, a: A) => Next<B>): Next<B> => {
  const m = f(n.state, n.result)
  return { state: m.state, acts: [...n.acts, ...m.acts], result: m.result }
}

/** `f` applied to each item in turn, threading the state, collecting the acts. */
export const forEach = <X>(s: RelayState, xs: ReadonlyArray<X>, f: (s: RelayState, x: X) => Next<unknown>): Next<void> =>
  xs.reduce<Next<void>>((n, x) => andThen(n, (st) => ({ ...f(st, x), result: undefined })), next(s, undefined))

/** Whether a step changed what the journal keeps (copy-on-write: a changed map is a new one). */
export const journaled = (before: RelayState, after: RelayState): boolean =>
  before.errands !== after.errands || before.tombs !== after.tombs || before.inbox !== after.inbox
