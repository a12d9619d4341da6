/**
 * What a transition asks for, as plain data: the actor (core.ts) performs it after the new state is
 * in place. A transition never does I/O itself — an event or a PTY write can block for seconds, and
 * must never hold up every other errand — and a test reads its acts like any other value.
 */
import type { LichEvent } from "@lich/contract"
import type { Deferred } from "effect"
import type { Outcome, RelayState } from "./state.js"

export type Act =
  /** A waiter holding the line on an errand hears its outcome. */
  | { readonly _tag: "resolve"; readonly outcome: Deferred.Deferred<Outcome>; readonly value: Outcome }
  /** An event for the window (and collect's wake-up). */
  | { readonly _tag: "publish"; readonly event: LichEvent }
  /** Errands, tombstones or inboxes changed: the journal writes them (debounced). */
  | { readonly _tag: "journal" }
  /** The ticket now holds its target's lane: hand the task over. */
  | { readonly _tag: "handOff"; readonly ticket: string; readonly targetId: string }
  /** Tell the sender its results are ready, after `afterMs` (the debounce; 0 for a held nudge). */
  | { readonly _tag: "flushNudge"; readonly senderId: string; readonly afterMs: number }
  /** Type `text` at the session's prompt now; a write that fails is dropped. */
  | { readonly _tag: "type"; readonly id: string; readonly text: string }
  /** A one-off note: through the session's mod when one polls, else typed once it is ready. */
  | { readonly _tag: "tell"; readonly id: string; readonly text: string }
  /** A worker that answered and ended its turn: park it if it shares its caller's checkout. */
  | { readonly _tag: "park"; readonly id: string }

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
