/**
 * The hand-off as pure transitions: a target's lane passing to the next ticket (and the lane
 * dropped once nobody is in it), the stamps around a typed write or a mod's hand-over, the receipt
 * window's verdict, a task held behind a startup question, and the nudge that results are ready.
 */
import { next, type Act, type Next } from "../acts.js"
import {
  drop,
  type Errand,
  type InboxEntry,
  patchEntries,
  patchErrand,
  publicEntries,
  put,
  type RelayState,
  withItem,
  withoutItem
} from "../state.js"

/** The ticket's hand-off is over: the next in its lane is handed over; an empty lane goes. */
export const laneLeft = (s: RelayState, ticket: string, targetId: string): Next<void> => {
  const lane = s.lanes.get(targetId) ?? []
  if (!lane.includes(ticket)) return next(s, undefined)
  const rest = lane.filter((t) => t !== ticket)
  if (rest.length === 0) return next({ ...s, lanes: drop(s.lanes, targetId) }, undefined)
  const state = { ...s, lanes: put(s.lanes, targetId, rest) }
  return next(state, undefined, lane[0] === ticket ? [{ _tag: "handOff", ticket: rest[0]!, targetId }] : [])
}

export interface Stamp {
  /** A turn was running when the task went in: that turn is not this errand's. */
  readonly busy: boolean
  readonly reporting: boolean
}

/** About to type: from here on the errand is the target's to answer. Undefined when it already ended. */
export const stamped = (s: RelayState, ticket: string): Next<Stamp | undefined> => {
  const e = s.errands.get(ticket)
  if (e === undefined) return next(s, undefined)
  const busy = s.turn.get(e.targetId) === "busy"
  return next(
    patchErrand(s, ticket, () => (busy ? { delivered: true, skipTurns: 1 } : { delivered: true })),
    { busy, reporting: s.reporting.has(e.targetId) }
  )
}

const marks = (e: Errand): Array<Act> => [
  { _tag: "publish", event: { _tag: "session-relay", id: e.targetId, peer: e.senderLabel, direction: "in", ticket: e.ticket } },
  ...(e.senderId === ""
    ? []
    : [
        {
          _tag: "publish",
          event: { _tag: "session-relay", id: e.senderId, peer: e.targetLabel, direction: "out", ticket: e.ticket }
        } as const
      ])
]

/**
 * The task went in (the Enter, or the mod's collect): a ticketless reply may pick it now, and both
 * cards are marked — after the write, never before, so a mark never claims a delivery that did not happen.
 */
export const entered = (s: RelayState, ticket: string): Next<void> => {
  const e = s.errands.get(ticket)
  return e === undefined
    ? next(s, undefined)
    : next(
        patchErrand(s, ticket, () => ({ entered: true })),
        undefined,
        marks(e)
      )
}

/** The receipt window ran out: read (it started, or ended), unread (retyped already), or retype once. */
export const receiptDue = (s: RelayState, ticket: string): Next<"read" | "unread" | "retype"> => {
  const e = s.errands.get(ticket)
  return next(s, e === undefined || e.sawBusy ? "read" : e.retyped ? "unread" : "retype")
}

export const retyped = (s: RelayState, ticket: string): Next<void> =>
  next(
    patchErrand(s, ticket, () => ({ retyped: true })),
    undefined
  )

/** Handed to the target's mod: delivered, its turn yet to start. The answer: whether a turn runs there now. */
export const handedOver = (s: RelayState, ticket: string): Next<boolean> => {
  const e = s.errands.get(ticket)
  return next(
    patchErrand(s, ticket, () => ({ delivered: true, awaitingStart: true })),
    e !== undefined && s.turn.get(e.targetId) === "busy"
  )
}

/** No poll collected it: it was withdrawn, and is typed instead. */
export const withdrawn = (s: RelayState, ticket: string): Next<void> =>
  next(
    patchErrand(s, ticket, () => ({ delivered: false, awaitingStart: false })),
    undefined
  )

/** The mod's turn on it started: from here the session's turns are this errand's. */
export const started = (s: RelayState, ticket: string): Next<void> =>
  next(
    patchErrand(s, ticket, () => ({ awaitingStart: false, sawBusy: true })),
    undefined
  )

/** A task held behind a startup question: a sender's pending result says why. */
export const held = (s: RelayState, id: string, reason: string): Next<void> =>
  next({ ...s, waiting: put(s.waiting, id, reason) }, undefined)

/** The question went (or the hold gave up): the reason goes, unless another one replaced it. */
export const unheld = (s: RelayState, id: string, reason: string): Next<void> =>
  next(s.waiting.get(id) === reason ? { ...s, waiting: drop(s.waiting, id) } : s, undefined)

/** A Claude Code session that outlasted the grace without a poll: typed at from now on. */
export const modless = (s: RelayState, id: string): Next<void> => next({ ...s, modless: withItem(s.modless, id) }, undefined)

/**
 * The debounce ran out (or the sender's turn ended): the results it has not been told of, marked
 * told — unless its own turn runs, when the nudge waits for that turn's end.
 */
export const nudgeDue = (s: RelayState, senderId: string): Next<ReadonlyArray<InboxEntry> | undefined> => {
  const armed = { ...s, nudgeArmed: withoutItem(s.nudgeArmed, senderId) }
  if (s.turn.get(senderId) === "busy") return next({ ...armed, nudgeHeld: withItem(s.nudgeHeld, senderId) }, undefined)
  const state = { ...armed, nudgeHeld: withoutItem(s.nudgeHeld, senderId) }
  const fresh = publicEntries(state, senderId).filter((x) => !x.nudged)
  if (fresh.length === 0) return next(state, undefined)
  const tickets = new Set(fresh.map((x) => x.ticket))
  return next(
    patchEntries(
      state,
      senderId,
      (x) => tickets.has(x.ticket),
      () => ({ nudged: true })
    ),
    fresh
  )
}

/** The nudge could not be typed: these results go with the next batch. */
export const nudgeFailed = (s: RelayState, senderId: string, tickets: ReadonlyArray<string>): Next<void> =>
  next(
    patchEntries(
      s,
      senderId,
      (x) => tickets.includes(x.ticket),
      () => ({ nudged: false })
    ),
    undefined
  )

/** A subagent's report went to its caller's mod whole: it leaves the no-ticket count. */
export const reportHanded = (s: RelayState, senderId: string, ticket: string): Next<void> => {
  const state = patchEntries(
    s,
    senderId,
    (x) => x.ticket === ticket,
    () => ({ handed: true })
  )
  return next(state, undefined, [
    { _tag: "publish", event: { _tag: "session-inbox", id: senderId, count: publicEntries(state, senderId).length } }
  ])
}
