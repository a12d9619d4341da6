/**
 * The errand's life as pure transitions: it opens (and joins its target's lane), waiters take and
 * let go of the line, a wait or a collect reads what came back, a reply finds its errand, and the
 * sweeper drops what outlived its hour. How it ends is close.ts.
 */
import { UNREPORTED, UNTYPED } from "@lich/contract"
import { andThen, forEach, type Next, next } from "../acts.js"
import {
  drop,
  type Errand,
  type InboxEntry,
  openErrandsFrom,
  patchErrand,
  put,
  type RelayState,
  stash,
  TICKET_TTL_MS,
  type Tomb,
  takeEntry
} from "../state.js"
import { armNudge, closeErrand, inboxEvent } from "./close.js"
import { laneJoin } from "./lanes.js"

/** A new errand, queued for its target (one for another host's session has no lane here); the answer is the errand. */
export const opened = (s: RelayState, e: Errand): Next<Errand> => {
  const state = { ...s, errands: put(s.errands, e.ticket, e) }
  return e.far !== undefined ? next(state, e) : { ...laneJoin(state, e.ticket, e.targetId), result: e }
}

/** A wait takes the line: while anyone holds it the errand never expires and its outcome is theirs. */
export const attended = (s: RelayState, ticket: string): Next<void> =>
  next(
    patchErrand(s, ticket, (e) => ({ attended: e.attended + 1 })),
    undefined
  )

/**
 * A wait lets go; one that gave up restarts the errand's hour. The answer is what a pending result
 * says: the reason the target is blocked on a person, or that it reports no state at all — and then
 * whether the task was typed there, since "nothing came back" is only true of a task that went in.
 */
export const letGo = (s: RelayState, ticket: string, targetId: string, gaveUp: boolean, now: number): Next<string | undefined> => {
  const state = patchErrand(s, ticket, (e) => (gaveUp ? { attended: e.attended - 1, releasedAt: now } : { attended: e.attended - 1 }))
  const e = s.errands.get(ticket)
  // Another host's session reports to its own lich: nothing here can say it is blocked or silent.
  if (e?.far !== undefined) return next(state, undefined)
  const silent = e === undefined || e.delivered ? UNREPORTED : UNTYPED
  return next(state, state.waiting.get(targetId) ?? (state.reporting.has(targetId) ? undefined : silent))
}

export type Taken =
  | { readonly _tag: "entry"; readonly entry: InboxEntry }
  | { readonly _tag: "open"; readonly errand: Errand }
  | { readonly _tag: "tomb"; readonly tomb: Tomb }
  | { readonly _tag: "none"; readonly answered: boolean }

/** `wait <ticket>`: its result if one is in (taken out of the inbox), else the errand or what remains of it. */
export const taken = (s: RelayState, ticket: string): Next<Taken> => {
  const [state, entry] = takeEntry(s, ticket)
  if (entry !== undefined) {
    const announce = !entry.private && entry.senderId !== ""
    return next(state, { _tag: "entry", entry }, announce ? [inboxEvent(state, entry.senderId)] : [])
  }
  const errand = s.errands.get(ticket)
  if (errand !== undefined) return next(s, { _tag: "open", errand })
  const tomb = s.tombs.get(ticket)
  if (tomb !== undefined && tomb.status !== "answered") return next(s, { _tag: "tomb", tomb })
  return next(s, { _tag: "none", answered: tomb !== undefined })
}

export interface Drained {
  readonly ready: ReadonlyArray<InboxEntry>
  /** The targets of the sender's open public errands, sorted. */
  readonly open: ReadonlyArray<string>
}

/** A collect: every public result of the sender's taken; private ones stay for `wait <ticket>`. */
export const drained = (s: RelayState, senderId: string): Next<Drained> => {
  const mine = s.inbox.get(senderId) ?? []
  const ready = mine.filter((x) => !x.private)
  const rest = mine.filter((x) => x.private)
  const state = { ...s, inbox: rest.length > 0 ? put(s.inbox, senderId, rest) : drop(s.inbox, senderId) }
  const open = [
    ...new Set(
      openErrandsFrom(s, senderId)
        .filter((e) => !e.private)
        .map((e) => e.targetLabel)
    )
  ].sort()
  return next(state, { ready, open }, ready.length > 0 ? [inboxEvent(state, senderId, 0)] : [])
}

/** The hourly sweep: tombstones and inbox entries past their hour go; errands nobody held for an hour expire, silently. */
export const swept = (s: RelayState, now: number): Next<void> => {
  const tombs = new Map([...s.tombs].filter(([, t]) => now < t.until))
  const inbox = new Map<string, ReadonlyArray<InboxEntry>>()
  for (const [sender, entries] of s.inbox) {
    const keep = entries.filter((x) => now - x.readyAt < TICKET_TTL_MS)
    if (keep.length > 0) inbox.set(sender, keep)
  }
  const unchanged = tombs.size === s.tombs.size && [...inbox.values()].flat().length === [...s.inbox.values()].flat().length
  const state = unchanged ? s : { ...s, tombs, inbox }
  // A worker's errand never expires while the worker runs: its own exit ends it.
  const expired = [...s.errands.values()].filter((e) => !e.subagent && e.attended === 0 && now - e.releasedAt >= TICKET_TTL_MS)
  return forEach(state, expired, (st, e) => closeErrand(st, e.ticket, { status: "expired", answer: "" }, now, true))
}

/**
 * An errand the last backend left open, whose target this backend re-attached: one the target's mod
 * took is taken as started (the ack died with the last backend), one never handed over goes out again.
 */
export const resumed = (s: RelayState, ticket: string): Next<void> => {
  const e = s.errands.get(ticket)
  if (e === undefined) return next(s, undefined)
  const state = e.awaitingStart ? patchErrand(s, ticket, () => ({ awaitingStart: false, sawBusy: true })) : s
  return e.delivered ? next(state, undefined) : laneJoin(state, ticket, e.targetId)
}

export type Answering =
  | { readonly _tag: "ticketless"; readonly open: ReadonlyArray<Errand> }
  | { readonly _tag: "open"; readonly errand: Errand }
  | { readonly _tag: "late" }
  | { readonly _tag: "none"; readonly answered: boolean }

/**
 * A reply looks for its errand: with no ticket, the ones delivered at the replying session; an open
 * one by ticket; or a late answer (the errand ended unanswered within the hour), filed once into the
 * sender's inbox and announced like any other result.
 */
export const answering = (s: RelayState, from: string, ticket: string, answer: string, now: number): Next<Answering> => {
  if (ticket === "") return next(s, { _tag: "ticketless", open: [...s.errands.values()].filter((e) => e.targetId === from && e.entered) })
  const errand = s.errands.get(ticket)
  if (errand !== undefined) return next(s, { _tag: "open", errand })
  const tomb = s.tombs.get(ticket)
  if (tomb === undefined || !tomb.lateOk || now >= tomb.until) return next(s, { _tag: "none", answered: tomb?.status === "answered" })
  const filed = stash(
    { ...s, tombs: put(s.tombs, ticket, { ...tomb, lateOk: false, status: "answered" }) },
    {
      ticket,
      senderId: tomb.senderId,
      target: tomb.targetLabel,
      status: "answered",
      answer,
      readyAt: now,
      private: tomb.private,
      nudged: false
    }
  )
  const late = { _tag: "late" } as const
  if (tomb.private || tomb.senderId === "") return next(filed, late)
  return andThen(next(filed, late, [inboxEvent(filed, tomb.senderId)]), (st) => ({ ...armNudge(st, tomb.senderId), result: late }))
}
