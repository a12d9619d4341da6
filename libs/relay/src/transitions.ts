/**
 * The relay's state as pure transitions: `step(state, event, now)` returns the next state, the acts
 * the actor performs once it is in place (resolve a waiter, publish an event, hand a task over,
 * write the journal…), and the answer for whoever sent the event. Nothing here does I/O or reads a
 * clock, so every event can be tested in every state without a runtime (transitions.test.ts).
 */
import { journaled, type Next } from "./acts.js"
import type { Errand, InboxEntry, Outcome, RelayState } from "./state.js"
import * as D from "./steps/delivery.js"
import * as E from "./steps/errands.js"
import * as T from "./steps/turns.js"

export type RelayEvent =
  | { readonly _tag: "Opened"; readonly errand: Errand }
  | { readonly _tag: "Attended"; readonly ticket: string }
  | { readonly _tag: "LetGo"; readonly ticket: string; readonly targetId: string; readonly gaveUp: boolean }
  | { readonly _tag: "Closed"; readonly ticket: string; readonly outcome: Outcome; readonly silent?: boolean }
  | { readonly _tag: "Taken"; readonly ticket: string }
  | { readonly _tag: "Drained"; readonly senderId: string }
  | { readonly _tag: "Swept" }
  | { readonly _tag: "Resumed"; readonly ticket: string }
  | { readonly _tag: "Answering"; readonly from: string; readonly ticket: string; readonly answer: string }
  | { readonly _tag: "LaneLeft"; readonly ticket: string; readonly targetId: string }
  | { readonly _tag: "Stamped"; readonly ticket: string }
  | { readonly _tag: "Entered"; readonly ticket: string }
  | { readonly _tag: "ReceiptDue"; readonly ticket: string }
  | { readonly _tag: "Retyped"; readonly ticket: string }
  | { readonly _tag: "HandedOver"; readonly ticket: string }
  | { readonly _tag: "Withdrawn"; readonly ticket: string }
  | { readonly _tag: "Started"; readonly ticket: string }
  | { readonly _tag: "Held"; readonly id: string; readonly reason: string }
  | { readonly _tag: "Unheld"; readonly id: string; readonly reason: string }
  | { readonly _tag: "Modless"; readonly id: string }
  | { readonly _tag: "NudgeDue"; readonly senderId: string }
  | { readonly _tag: "NudgeFailed"; readonly senderId: string; readonly tickets: ReadonlyArray<string> }
  | { readonly _tag: "ReportHanded"; readonly senderId: string; readonly ticket: string }
  | { readonly _tag: "Reported"; readonly id: string; readonly state: T.TurnState; readonly reason: string }
  | { readonly _tag: "Ended"; readonly id: string }
  | { readonly _tag: "Closing"; readonly targetId: string; readonly from: string }
  | { readonly _tag: "WorkerAnswered"; readonly id: string; readonly answer: string }

/** What each event answers its sender. */
export interface Results {
  Opened: Errand
  Attended: void
  LetGo: string | undefined
  Closed: boolean
  Taken: E.Taken
  Drained: E.Drained
  Swept: void
  Resumed: void
  Answering: E.Answering
  LaneLeft: void
  Stamped: D.Stamp | undefined
  Entered: void
  ReceiptDue: "read" | "unread" | "retype"
  Retyped: void
  HandedOver: boolean
  Withdrawn: void
  Started: void
  Held: void
  Unheld: void
  Modless: void
  NudgeDue: ReadonlyArray<InboxEntry> | undefined
  NudgeFailed: void
  ReportHanded: void
  Reported: void
  Ended: void
  Closing: void
  WorkerAnswered: boolean
}

type Tag = RelayEvent["_tag"]
type Of<K extends Tag> = Extract<RelayEvent, { readonly _tag: K }>

/** One handler per event: a new event without one is a compile error. */
const handlers: { readonly [K in Tag]: (s: RelayState, e: Of<K>, now: number) => Next<Results[K]> } = {
  Opened: (s, e) => E.opened(s, e.errand),
  Attended: (s, e) => E.attended(s, e.ticket),
  LetGo: (s, e, now) => E.letGo(s, e.ticket, e.targetId, e.gaveUp, now),
  Closed: (s, e, now) => E.closeErrand(s, e.ticket, e.outcome, now, e.silent === true),
  Taken: (s, e) => E.taken(s, e.ticket),
  Drained: (s, e) => E.drained(s, e.senderId),
  Swept: (s, _, now) => E.swept(s, now),
  Resumed: (s, e) => E.resumed(s, e.ticket),
  Answering: (s, e, now) => E.answering(s, e.from, e.ticket, e.answer, now),
  LaneLeft: (s, e) => D.laneLeft(s, e.ticket, e.targetId),
  Stamped: (s, e) => D.stamped(s, e.ticket),
  Entered: (s, e) => D.entered(s, e.ticket),
  ReceiptDue: (s, e) => D.receiptDue(s, e.ticket),
  Retyped: (s, e) => D.retyped(s, e.ticket),
  HandedOver: (s, e) => D.handedOver(s, e.ticket),
  Withdrawn: (s, e) => D.withdrawn(s, e.ticket),
  Started: (s, e) => D.started(s, e.ticket),
  Held: (s, e) => D.held(s, e.id, e.reason),
  Unheld: (s, e) => D.unheld(s, e.id, e.reason),
  Modless: (s, e) => D.modless(s, e.id),
  NudgeDue: (s, e) => D.nudgeDue(s, e.senderId),
  NudgeFailed: (s, e) => D.nudgeFailed(s, e.senderId, e.tickets),
  ReportHanded: (s, e) => D.reportHanded(s, e.senderId, e.ticket),
  Reported: (s, e, now) => T.reported(s, e.id, e.state, e.reason, now),
  Ended: (s, e, now) => T.ended(s, e.id, now),
  Closing: (s, e) => T.closing(s, e.targetId, e.from),
  WorkerAnswered: (s, e, now) => T.workerAnswered(s, e.id, e.answer, now)
}

/** The one entry point: the event's transition, with a journal act when it changed what the journal keeps. */
export const step = <E extends RelayEvent>(s: RelayState, e: E, now: number): Next<Results[E["_tag"]]> => {
  // The table's type pairs each tag with its handler; indexing it by a generic tag loses that pairing.
  const n = (handlers[e._tag] as unknown as (s: RelayState, e: E, now: number) => Next<Results[E["_tag"]]>)(s, e, now)
  return journaled(s, n.state) ? { ...n, acts: [...n.acts, { _tag: "journal" }] } : n
}
