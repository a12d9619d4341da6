/**
 * How an errand ends: the one step every outcome goes through, so "stash only when nobody is
 * holding the line", "clear the card marks" and "announce it to the sender" are decided in exactly
 * one place — whether the end comes from a reply, a turn, a hand-off or the sweeper.
 */
import { type Act, andThen, type Next, next } from "../acts.js"
import {
  drop,
  type Errand,
  type InboxEntry,
  NUDGE_DEBOUNCE_MS,
  type Outcome,
  publicEntries,
  put,
  type RelayState,
  stash,
  TOMB_MS,
  type Tomb,
  withItem
} from "../state.js"

/** Debounces the sender's nudge: the first result arms it, the rest within the window share it. */
export const armNudge = (s: RelayState, senderId: string): Next<void> =>
  s.nudgeArmed.has(senderId)
    ? next(s, undefined)
    : next({ ...s, nudgeArmed: withItem(s.nudgeArmed, senderId) }, undefined, [
        { _tag: "flushNudge", senderId, afterMs: NUDGE_DEBOUNCE_MS }
      ])

export const inboxEvent = (s: RelayState, id: string, count = publicEntries(s, id).length): Act => ({
  _tag: "publish",
  event: { _tag: "session-inbox", id, count }
})

const clearMark = (id: string): Act => ({ _tag: "publish", event: { _tag: "session-relay", id, peer: "", direction: "", ticket: "" } })

/** What is filed for the sender when nobody holds the line. */
const entryOf = (e: Errand, o: Outcome, now: number): InboxEntry => ({
  ticket: e.ticket,
  senderId: e.senderId,
  target: e.targetLabel,
  status: o.status,
  answer: o.answer,
  ...(o.detail === undefined ? {} : { detail: o.detail }),
  ...(e.subagent && o.status === "answered" ? { report: { label: e.targetLabel, branch: e.targetBranch } } : {}),
  readyAt: now,
  private: e.private,
  nudged: false
})

const tombOf = (e: Errand, o: Outcome, now: number): Tomb => ({
  ticket: e.ticket,
  senderId: e.senderId,
  targetLabel: e.targetLabel,
  status: o.status,
  private: e.private,
  until: now + TOMB_MS,
  lateOk: o.status === "unanswered"
})

/**
 * Ends `ticket` with `o`. A caller holding the line hears it through the outcome; with nobody
 * holding it, it is filed in the sender's inbox (announced unless private or silent). False when the
 * errand had already ended — an answer beats a simultaneous stall, once.
 */
export const closeErrand = (s: RelayState, ticket: string, o: Outcome, now: number, silent = false): Next<boolean> => {
  const e = s.errands.get(ticket)
  if (e === undefined) return next(s, false)
  const unattended = e.attended === 0 && !silent
  // An answered worker parks itself once the turn it answered in ends (subagent.ts).
  const answeredWorkers = e.subagent && o.status === "answered" ? withItem(s.answeredWorkers, e.targetId) : s.answeredWorkers
  const closed: RelayState = { ...s, errands: drop(s.errands, ticket), answeredWorkers, tombs: put(s.tombs, ticket, tombOf(e, o, now)) }
  const state = unattended ? stash(closed, entryOf(e, o, now)) : closed
  const acts: Array<Act> = [{ _tag: "resolve", outcome: e.outcome, value: o }, clearMark(e.targetId)]
  if (e.senderId !== "") acts.push(clearMark(e.senderId))
  if (o.status === "unanswered")
    acts.push({ _tag: "publish", event: { _tag: "session-relay-stalled", id: e.senderId, targetId: e.targetId, target: e.targetLabel } })
  const announce = unattended && !e.private && e.senderId !== ""
  if (!announce) return next(state, true, acts)
  return andThen(next(state, true, [...acts, inboxEvent(state, e.senderId)]), (st) => ({ ...armNudge(st, e.senderId), result: true }))
}
