/**
 * Telling a sender its results are ready, as pure transitions: the debounced nudge (held while the
 * sender's own turn runs), results whose nudge could not be typed going with the next batch, and a
 * subagent's report handed whole to its caller's mod.
 */
import { type Next, next } from "../acts.js"
import { type InboxEntry, patchEntries, publicEntries, type RelayState, withItem, withoutItem } from "../state.js"

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
