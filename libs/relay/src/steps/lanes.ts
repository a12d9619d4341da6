/**
 * Delivery as one state machine per target: a target's lane of tickets, and the hand-off of the
 * ticket holding it. A hand-off has exactly one I/O act out at a time (acts.ts DeliveryIo), numbered
 * by `seq`; the effect carrying it out reports back with an event naming that number, and the step
 * reading the report picks the next act. A report for an act that is no longer the one out (the
 * hand-off moved on without it) changes nothing. Every decision — which route, whether to wait,
 * retype, withdraw, or give up — is taken here and in the two files beside this one, once.
 *
 * By phase (state.ts Phase), with the event each act reports in:
 *   routing   Probed: typed (not Claude Code with lich's plugin, or its mod will not come),
 *             offered (its mod polls), held (a question on its screen), grace (a first poll may come)
 *   grace     Polled: offered, else routing again — unless Modless or SessionStarted cut it short
 *   held      Polled: offered, else undelivered
 *   offered   Offered: starting (collected), else prompting (withdrawn, typed instead)
 *   starting  Acked: started, unread or undelivered; no ack in the window: again, or unread
 *   prompting Prompted: typing, else undelivered (ScreenHeld while it waits: the pending says why)
 *   typing    Typed: receipt, or done; not typed: undelivered (a retype: unread)
 *   receipt   ReceiptDue: done (it started, or ended), typing once more, else unread
 * The lane passes on once the task went in (typed, or the mod's turn on it started) or the hand-off ended.
 */
import type { Act, DeliveryIo, Next } from "../acts.js"
import { andThen, next } from "../acts.js"
import { type Delivery, drop, type Errand, type Outcome, type Phase, patchErrand, put, type RelayState } from "../state.js"
import { closeErrand } from "./close.js"

/** What every report of a hand-off's act carries: whose, and which act it answers. */
export interface Report {
  readonly ticket: string
  readonly seq: number
}

export const UNDELIVERED: Outcome = { status: "undelivered", answer: "" }
export const UNREAD: Outcome = { status: "unread", answer: "" }

/** The hand-off moves to `phase`, with `io` the one act out. */
export const advance = (s: RelayState, ticket: string, d: Delivery, phase: Phase, io: DeliveryIo): Next<void> => {
  const seq = d.seq + 1
  return next({ ...s, deliveries: put(s.deliveries, ticket, { ...d, seq, phase }) }, undefined, [
    { _tag: "io", ticket, targetId: d.targetId, seq, io }
  ])
}

export const PROBE: DeliveryIo = { _tag: "probe", reply: "Probed" }
const ROUTING: Phase = { _tag: "routing", afterGrace: false }

/** The ticket now holds its target's lane: its hand-off starts by asking what the target is. */
const begin = (s: RelayState, ticket: string, targetId: string): Next<void> =>
  advance(s, ticket, { targetId, seq: 0, phase: ROUTING }, ROUTING, PROBE)

/** `ticket` queued behind its target's lane; it holds the lane (and is handed over) when it is first. */
export const laneJoin = (s: RelayState, ticket: string, targetId: string): Next<void> => {
  const lane = s.lanes.get(targetId) ?? []
  if (lane.includes(ticket)) return next(s, undefined)
  const state = { ...s, lanes: put(s.lanes, targetId, [...lane, ticket]) }
  return lane.length === 0 ? begin(state, ticket, targetId) : next(state, undefined)
}

/** The ticket's turn at the lane is over: the next in it is handed over; an empty lane goes. */
export const laneLeft = (s: RelayState, ticket: string, targetId: string): Next<void> => {
  const lane = s.lanes.get(targetId) ?? []
  if (!lane.includes(ticket)) return next(s, undefined)
  const rest = lane.filter((t) => t !== ticket)
  if (rest.length === 0) return next({ ...s, lanes: drop(s.lanes, targetId) }, undefined)
  const state = { ...s, lanes: put(s.lanes, targetId, rest) }
  return lane[0] === ticket ? begin(state, rest[0]!, targetId) : next(state, undefined)
}

/** The hand-off is over: its record goes, and the lane passes on if it still held it. */
export const finish = (s: RelayState, ticket: string): Next<void> => {
  const d = s.deliveries.get(ticket)
  return d === undefined ? next(s, undefined) : laneLeft({ ...s, deliveries: drop(s.deliveries, ticket) }, ticket, d.targetId)
}

/** The errand ends with `o` and its hand-off with it. */
export const endWith = (s: RelayState, ticket: string, o: Outcome, now: number): Next<void> =>
  andThen(closeErrand(s, ticket, o, now), (st) => finish(st, ticket))

type In<K extends Phase["_tag"]> = Delivery & { readonly phase: Extract<Phase, { readonly _tag: K }> }

/** The hand-off `r` reports on, if the act it answers is still the one out (and so in phase `tag`). */
export const inPhase = <K extends Phase["_tag"]>(s: RelayState, r: Report, tag: K): In<K> | undefined => {
  const d = s.deliveries.get(r.ticket)
  return d !== undefined && d.seq === r.seq && d.phase._tag === tag ? (d as In<K>) : undefined
}

/** A task held behind a question of the target's own: a sender's pending result says why. */
export const held = (s: RelayState, id: string, reason: string): RelayState => ({ ...s, waiting: put(s.waiting, id, reason) })

/** The question went (or the hold gave up): the reason goes, unless another one replaced it. */
export const unheld = (s: RelayState, id: string, reason: string | undefined): RelayState =>
  reason !== undefined && s.waiting.get(id) === reason ? { ...s, waiting: drop(s.waiting, id) } : s

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
