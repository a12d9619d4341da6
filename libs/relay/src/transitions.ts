/**
 * The relay's state as pure transitions: `step(state, event, now)` returns the next state, the acts
 * the actor performs once it is in place (resolve a waiter, publish an event, carry out a hand-off's
 * next I/O, write the journal…), and the answer for whoever sent the event. Nothing here does I/O or
 * reads a clock, so every event can be tested in every state without a runtime (transitions*.test.ts).
 *
 * The handler table is the one place an event is written: its name is the key, its fields the
 * handler's second parameter, its answer what the handler returns. `RelayEvent` and `Results` are
 * read off the table, so a new event is one line here (and its step), and one without a handler
 * cannot exist.
 */
import { journaled, type Next, next } from "./acts.js"
import { chronicle } from "./chronicle.js"
import type { Errand, Outcome, RelayState } from "./state.js"
import { closeErrand } from "./steps/close.js"
import * as E from "./steps/errands.js"
import * as N from "./steps/nudges.js"
import * as R from "./steps/route.js"
import * as T from "./steps/turns.js"
import * as Y from "./steps/typing.js"

/** A handler: the state, the event's fields, the clock's time. */
type Handler = (s: RelayState, e: never, now: number) => Next<unknown>

const handlers = {
  // An errand's life (steps/errands.ts, steps/close.ts).
  Opened: (s, e: { readonly errand: Errand }) => E.opened(s, e.errand),
  Attended: (s, e: { readonly ticket: string }) => E.attended(s, e.ticket),
  LetGo: (s, e: { readonly ticket: string; readonly targetId: string; readonly gaveUp: boolean }, now) =>
    E.letGo(s, e.ticket, e.targetId, e.gaveUp, now),
  Closed: (s, e: { readonly ticket: string; readonly outcome: Outcome; readonly silent?: boolean }, now) =>
    closeErrand(s, e.ticket, e.outcome, now, e.silent === true),
  Taken: (s, e: { readonly ticket: string }) => E.taken(s, e.ticket),
  Drained: (s, e: { readonly senderId: string }) => E.drained(s, e.senderId),
  Swept: (s, _: object, now) => E.swept(s, now),
  Resumed: (s, e: { readonly ticket: string }) => E.resumed(s, e.ticket),
  Answering: (s, e: { readonly from: string; readonly ticket: string; readonly answer: string }, now) =>
    E.answering(s, e.from, e.ticket, e.answer, now),
  // A wait the state cannot show (the target's setup script), for the timeline alone.
  Remarked: (s, e: { readonly ticket: string; readonly reason: string }, now) =>
    next(s, undefined, [{ _tag: "chronicle", at: now, marks: [{ ticket: e.ticket, step: "held", detail: e.reason }] }]),
  // A hand-off's acts reporting back (steps/lanes.ts has the machine).
  Probed: R.probed,
  Polled: R.polled,
  Offered: R.offered,
  Acked: R.acked,
  ScreenHeld: Y.screenHeld,
  Prompted: Y.prompted,
  Typed: Y.typed,
  ReceiptDue: Y.receiptDue,
  Modless: R.modless,
  SessionStarted: R.sessionStarted,
  // Telling a sender (steps/nudges.ts).
  NudgeDue: (s, e: { readonly senderId: string }) => N.nudgeDue(s, e.senderId),
  NudgeFailed: (s, e: { readonly senderId: string; readonly tickets: ReadonlyArray<string> }) => N.nudgeFailed(s, e.senderId, e.tickets),
  ReportHanded: (s, e: { readonly senderId: string; readonly ticket: string }) => N.reportHanded(s, e.senderId, e.ticket),
  // Turns read from hook reports (steps/turns.ts).
  Reported: (s, e: { readonly id: string; readonly state: T.TurnState; readonly reason: string }, now) =>
    T.reported(s, e.id, e.state, e.reason, now),
  Ended: (s, e: { readonly id: string }, now) => T.ended(s, e.id, now),
  Closing: (s, e: { readonly targetId: string; readonly from: string }) => T.closing(s, e.targetId, e.from),
  WorkerAnswered: (s, e: { readonly id: string; readonly answer: string }, now) => T.workerAnswered(s, e.id, e.answer, now)
} satisfies Record<string, Handler>

type Handlers = typeof handlers
type Tag = keyof Handlers

export type RelayEvent = { readonly [K in Tag]: { readonly _tag: K } & Parameters<Handlers[K]>[1] }[Tag]

/** What each event answers its sender. */
export type Results = { readonly [K in Tag]: ReturnType<Handlers[K]>["result"] }

/** The event's own transition alone, without the journal's act or the timeline's marks (bench/timeline.mjs weighs those). */
export const handle = <E extends RelayEvent>(s: RelayState, e: E, now: number): Next<Results[E["_tag"]]> =>
  // The table's type pairs each tag with its handler; indexing it by a generic tag loses that pairing.
  (handlers[e._tag] as unknown as (s: RelayState, e: E, now: number) => Next<Results[E["_tag"]]>)(s, e, now)

/**
 * The one entry point: the event's transition, with a journal act when it changed what the journal
 * keeps, and the timeline's marks (chronicle.ts) when it changed an errand.
 */
export const step = <E extends RelayEvent>(s: RelayState, e: E, now: number): Next<Results[E["_tag"]]> => {
  const n = handle(s, e, now)
  const marks = chronicle(s, n, e._tag)
  const acts = [...n.acts, ...(journaled(s, n.state) ? [{ _tag: "journal" } as const] : [])]
  return { ...n, acts: marks.length > 0 ? [...acts, { _tag: "chronicle", at: now, marks }] : acts }
}
