/**
 * Reading turns from hook reports, as pure transitions: which errands a session's turn ended
 * without answering. busy opens a turn (and marks every delivered errand there as picked up); done
 * ends it — errands that saw the turn and got no reply close as unanswered, all of them, since
 * nothing outside the session can say which one that turn was; idle (the session ended) closes every
 * delivered errand. A turn that ends while the session still waits on an errand of its own says
 * nothing yet.
 *
 * A session that ended — its process exited, or its hooks said idle — did not "answer somewhere
 * else": an errand it had started on is stopped, one it never started on never reached it, and both
 * say the session ended. An errand handed to the session's mod belongs to the turn the mod starts for
 * it, so the turns before that one (already running when it was handed over) are not read against it.
 */
import { ENDED, type ReportedState } from "@lich/contract"
import { type Act, andThen, forEach, type Next, next } from "../acts.js"
import {
  drop,
  type Errand,
  openErrandsAt,
  openErrandsFrom,
  patchErrand,
  publicEntries,
  put,
  type RelayState,
  withItem,
  withoutItem
} from "../state.js"
import { blockedNote, unansweredNote } from "../text.js"
import { closeErrand } from "./close.js"

export type TurnState = ReportedState

/** What a waiting report says when its hook gave no reason. */
export const DEFAULT_WAITING = "waiting on a permission prompt"

/**
 * The session is gone: what it was working on stopped, what it never started on never reached it.
 * A subagent's errand is stopped either way; closed by its own caller it ends in silence — unless
 * that caller is itself a worker somebody waits on, whose report waits for this outcome.
 */
const closeEnded = (s: RelayState, es: ReadonlyArray<Errand>, closer: string | undefined, now: number): Next<void> =>
  forEach(s, es, (st, x) => {
    const e = st.errands.get(x.ticket)
    if (e === undefined) return next(st, false)
    if (!e.subagent) return closeErrand(st, e.ticket, { status: e.sawBusy ? "stopped" : "undelivered", answer: "", detail: ENDED }, now)
    const callerIsWorker = openErrandsAt(st, e.senderId).some((o) => o.subagent)
    return closeErrand(st, e.ticket, { status: "stopped", answer: "" }, now, closer === e.senderId && !callerIsWorker)
  })

/**
 * The worker's turn ended after its answer: it is parked (if it shares its caller's checkout, which
 * the park act decides) unless another errand is open at it or one of its own is still out.
 */
export const workerTurnEnded = (s: RelayState, id: string): Next<void> => {
  if (!s.answeredWorkers.has(id)) return next(s, undefined)
  const state = { ...s, answeredWorkers: withoutItem(s.answeredWorkers, id) }
  const due = openErrandsAt(state, id).length === 0 && openErrandsFrom(state, id).length === 0
  return next(state, undefined, due ? [{ _tag: "park", id }] : [])
}

/** A worker blocked on a person blocks its caller's report: the caller hears it once per block. */
const workerWaiting = (s: RelayState, id: string, reason: string): Next<void> => {
  const e = openErrandsAt(s, id).find((x) => x.subagent && x.entered)
  if (e === undefined || e.senderId === "" || s.noted.has(id)) return next(s, undefined)
  return next({ ...s, noted: withItem(s.noted, id) }, undefined, [
    { _tag: "tell", id: e.senderId, text: blockedNote(e.targetLabel, reason) }
  ])
}

/** A turn runs; a busy report (not a compaction) also starts the worker's next block afresh. */
const busy = (s: RelayState, id: string, working: boolean): Next<void> => {
  let state: RelayState = {
    ...s,
    turn: put(s.turn, id, "busy"),
    waiting: drop(s.waiting, id),
    noted: working ? withoutItem(s.noted, id) : s.noted
  }
  for (const e of openErrandsAt(s, id)) if (e.delivered && !e.awaitingStart) state = patchErrand(state, e.ticket, () => ({ sawBusy: true }))
  return next(state, undefined)
}

const waiting = (s: RelayState, id: string, reason: string): Next<void> => {
  // Only inside a turn: Claude Code also notifies an idle prompt, which blocks nothing.
  const state = s.turn.get(id) === "busy" ? { ...s, waiting: put(s.waiting, id, reason === "" ? DEFAULT_WAITING : reason) } : s
  const blocked = state.waiting.get(id)
  return blocked === undefined ? next(state, undefined) : workerWaiting(state, id, blocked)
}

/** The errands a turn that just ended leaves unanswered; those whose skipped turn it was count it down. */
const endTurn = (s: RelayState, id: string): [RelayState, Array<Errand>] => {
  // Still waiting on an errand of its own: that outcome resumes it; the turn after is the one read.
  if (openErrandsFrom(s, id).length > 0) return [s, []]
  let state = s
  const ended: Array<Errand> = []
  for (const e of openErrandsAt(s, id)) {
    // A worker's turn that ends without its report usually left work in the background: the turn
    // that work resumes answers it, so only its answer, its close or its exit end it.
    if (!e.delivered || e.awaitingStart || e.subagent) continue
    if (e.skipTurns > 0) state = patchErrand(state, e.ticket, (x) => ({ skipTurns: x.skipTurns - 1, sawBusy: false }))
    else if (e.sawBusy) ended.push(e)
  }
  return [state, ended]
}

const done = (s: RelayState, id: string, now: number): Next<void> => {
  const [state, ended] = endTurn({ ...s, turn: put(s.turn, id, "done"), waiting: drop(s.waiting, id) }, id)
  const closed = forEach(state, ended, (st, e) => closeErrand(st, e.ticket, { status: "unanswered", answer: "" }, now))
  const acts: Array<Act> = []
  if (ended.length >= 2)
    acts.push({
      _tag: "type",
      id,
      text: unansweredNote(ended.map((e) => ({ ticket: e.ticket, sender: e.senderLabel || "the command line" })))
    })
  // A nudge held for this sender's turn goes out now.
  if (closed.state.nudgeHeld.has(id)) acts.push({ _tag: "flushNudge", senderId: id, afterMs: 0 })
  return andThen(
    andThen(closed, (st) => next(st, undefined, acts)),
    (st) => workerTurnEnded(st, id)
  )
}

/** A hook report from session `id`. */
export const reported = (s: RelayState, id: string, state: TurnState, reason: string, now: number): Next<void> => {
  const r: RelayState = { ...s, reporting: withItem(s.reporting, id) }
  switch (state) {
    case "busy":
    case "compacting":
      return busy(r, id, state === "busy")
    case "waiting":
      return waiting(r, id, reason)
    case "idle": {
      const delivered = openErrandsAt(r, id).filter((e) => e.delivered)
      return closeEnded({ ...r, turn: drop(r.turn, id), waiting: drop(r.waiting, id) }, delivered, undefined, now)
    }
    case "done":
      return done(r, id, now)
  }
}

/** The session's process ended: nothing there can answer any more; a worker's errand ends with it whether or not the task had gone in. */
export const ended = (s: RelayState, id: string, now: number): Next<void> => {
  const closer = s.closing.get(id)
  const state: RelayState = {
    ...s,
    turn: drop(s.turn, id),
    waiting: drop(s.waiting, id),
    answeredWorkers: withoutItem(s.answeredWorkers, id),
    closing: drop(s.closing, id),
    modless: withoutItem(s.modless, id),
    noted: withoutItem(s.noted, id)
  }
  return closeEnded(
    state,
    openErrandsAt(state, id).filter((e) => e.delivered || e.subagent),
    closer,
    now
  )
}

/** Who is closing `targetId` (a caller closing its own worker hears nothing of its errand). */
export const closing = (s: RelayState, targetId: string, from: string): Next<void> =>
  next({ ...s, closing: put(s.closing, targetId, from) }, undefined)

/**
 * A worker's mod posted its final message: it answers the one subagent errand open at it. Ignored
 * while the worker still waits on errands of its own or has results it has not read — the turn
 * those start is the one that answers — and when a reply of its own came first.
 */
export const workerAnswered = (s: RelayState, id: string, answer: string, now: number): Next<boolean> => {
  const mine = openErrandsAt(s, id).filter((e) => e.subagent && e.entered)
  if (mine.length !== 1 || openErrandsFrom(s, id).length > 0 || publicEntries(s, id).length > 0) return next(s, false)
  const won = closeErrand(s, mine[0]!.ticket, { status: "answered", answer }, now)
  // The answer comes with the turn's end; a Stop report that came first already ended that turn.
  if (!won.result || won.state.turn.get(id) !== "done") return won
  return andThen(won, (st) => ({ ...workerTurnEnded(st, id), result: true }))
}
