/**
 * The relay's state: its shapes, the constants that time it, and the small pure reads and copies the
 * transitions (transitions.ts) are written with. The state is one immutable value owned by the actor
 * (core.ts); nothing here does I/O.
 * Tickets live in memory and in the store's journal (journal.ts), so a backend that restarts over the
 * same sessions finds its errands again.
 */
import type { ErrandVia, ResultStatus } from "@lich/contract"
import type { AckOutcome } from "@lich/mod"
import type { Deferred } from "effect"

/** 1 h: an errand nobody answered or waited on for this long is dropped (expired). */
export const TICKET_TTL_MS = 60 * 60 * 1000
/** 1 h: how long an ended errand still takes a late answer, and an expired one says so. */
export const TOMB_MS = 60 * 60 * 1000
/** 5 min: how long a task is held for a target that has not reached a prompt. */
export const QUEUE_LIMIT_MS = 5 * 60 * 1000
/** 30 s: a message typed at a reporting target that has not started a turn by then was not read. */
export const RECEIPT_WINDOW_MS = 30 * 1000
/** 2 s: results landing this close together share one nudge. */
export const NUDGE_DEBOUNCE_MS = 2 * 1000
/** 60 s: how often expired tickets, tombstones and inbox entries are swept. */
export const SWEEP_EVERY_MS = 60 * 1000

export interface Outcome {
  readonly status: ResultStatus
  readonly answer: string
  /** See RelayResult.detail: "ended", or the waiting reason. */
  readonly detail?: string
}

export interface Errand {
  readonly ticket: string
  readonly senderId: string
  readonly senderLabel: string
  readonly targetId: string
  readonly targetLabel: string
  /** For the timeline (errandLog.ts): the target's project, and where a send with no session behind it came from. */
  readonly projectId?: string
  readonly project?: string
  readonly via?: ErrandVia
  /** The target's branch when the task went out ("" in a project directory), for a report's note. */
  readonly targetBranch: string
  readonly prompt: string
  readonly message: string
  readonly private: boolean
  readonly createdAt: number
  /** TTL base: creation, then the last wait that gave up on it. */
  readonly releasedAt: number
  /** Stamped before the write: from here on the errand is the target's to answer. */
  readonly delivered: boolean
  /** The Enter went in: only now may a ticketless reply pick this errand. */
  readonly entered: boolean
  readonly sawBusy: boolean
  /** Turns to ignore: the one already running when the message was typed at a busy target. */
  readonly skipTurns: number
  /** How many waits hold the line on it right now. */
  readonly attended: number
  readonly retyped: boolean
  /** Handed to the target's mod, whose turn on it has not started yet: that session's turns are not this errand's. */
  readonly awaitingStart: boolean
  /** A `--subagent` worker's errand: never expires while the worker runs, and its report comes back whole. */
  readonly subagent: boolean
  /** The task as a worker whose mod answers by itself gets it: one line naming the caller, no ticket. */
  readonly workerMessage: string
  /** Where a waiter hears the outcome: an opaque handle the transitions pass along, never complete. */
  readonly outcome: Deferred.Deferred<Outcome>
  /**
   * A task for a session on another host (libs/hosts): the far lich delivers it and follows it there
   * under its own `ticket`, and its outcome is filed here as any other's. Never handed over here.
   */
  readonly far?: { readonly host: string; readonly ticket: string }
}

/**
 * Where a ticket's hand-off stands (steps/lanes.ts): the one I/O act it has out, and what the step
 * that reads that act's report needs to remember.
 */
export type Phase =
  /** Asked what the target is (a probe): `afterGrace` once the mod's first poll did not come. */
  | { readonly _tag: "routing"; readonly afterGrace: boolean }
  /** Waiting for a Claude Code session's first mod poll. */
  | { readonly _tag: "grace" }
  /** Held behind a startup question lich saw on the screen, waiting for the poll that follows its answer. */
  | { readonly _tag: "held"; readonly reason: string }
  /** Offered to the mod; `busy`: a turn ran at the hand-over, so the mod queues ours behind it. */
  | { readonly _tag: "offered"; readonly busy: boolean }
  /** Collected by the mod, its turn not started yet: `sawBusy` a turn ran in the last window. */
  | {
      readonly _tag: "starting"
      readonly ack: Deferred.Deferred<AckOutcome>
      readonly deadline: number
      readonly sawBusy: boolean
    }
  /** Waiting for the prompt; `screen` the question of the provider's own that holds it now, if any. */
  | { readonly _tag: "prompting"; readonly screen: string | undefined }
  /** Being typed: `watch` the receipt window follows, `retype` this is the one retype. */
  | { readonly _tag: "typing"; readonly watch: boolean; readonly retype: boolean }
  /** Typed at a target that reports turns: the receipt window runs (the lane has passed on). */
  | { readonly _tag: "receipt" }

export interface Delivery {
  readonly targetId: string
  /** Numbers the acts: a report answering an older act than the one out now changes nothing. */
  readonly seq: number
  readonly phase: Phase
}

/** What remains of an errand after it ended: late answers and "expired" are read from here. */
export interface Tomb {
  readonly ticket: string
  readonly senderId: string
  readonly targetLabel: string
  readonly status: ResultStatus
  readonly private: boolean
  readonly until: number
  /** Ended unanswered: a reply still files its answer (once) until `until`. */
  readonly lateOk: boolean
}

export interface InboxEntry {
  readonly ticket: string
  readonly senderId: string
  readonly target: string
  readonly status: ResultStatus
  readonly answer: string
  readonly detail?: string
  /** A subagent's report: who it came from, for the note that carries it whole. */
  readonly report?: { readonly label: string; readonly branch: string }
  readonly readyAt: number
  readonly private: boolean
  readonly nudged: boolean
  /** The report went to the sender's mod whole: a no-ticket collect leaves it; `wait <ticket>` still has it. */
  readonly handed?: boolean
}

/**
 * Everything the relay keeps, as one immutable value: a transition returns a new one (copying only
 * the maps it changes), so a reader holding an old one sees a consistent moment.
 */
export interface RelayState {
  /** Open errands only: an errand leaves this map the moment it ends. */
  readonly errands: ReadonlyMap<string, Errand>
  readonly tombs: ReadonlyMap<string, Tomb>
  /** Per sender, oldest first. */
  readonly inbox: ReadonlyMap<string, ReadonlyArray<InboxEntry>>
  /** Last turn state per session from its hooks: "busy" while a turn runs, "done" after. */
  readonly turn: ReadonlyMap<string, "busy" | "done">
  /** Sessions that ever reported a state: only their silence can be read as "unread". */
  readonly reporting: ReadonlySet<string>
  /** Why a session inside a turn is blocked on a person, from its last `waiting` report. */
  readonly waiting: ReadonlyMap<string, string>
  /** Who is closing a session right now (its id → the closer's, "" for the window or a script). */
  readonly closing: ReadonlyMap<string, string>
  /** Subagent workers whose answer is in and whose turn, once it ends, parks them. */
  readonly answeredWorkers: ReadonlySet<string>
  /**
   * Per target, the tickets whose hand-off is due, in order; the first one holds the target. One
   * hand-off at a time per target: the next message waits for the prompt the previous one consumed
   * to come back, so each task lands in a turn of its own. A target with none has no entry.
   */
  readonly lanes: ReadonlyMap<string, ReadonlyArray<string>>
  /** Per ticket, its hand-off under way (never journaled: a restart hands an undelivered errand over again). */
  readonly deliveries: ReadonlyMap<string, Delivery>
  /** Senders whose nudge debounce is running: results landing within it share one nudge. */
  readonly nudgeArmed: ReadonlySet<string>
  /** Senders whose nudge is held until their own turn ends. */
  readonly nudgeHeld: ReadonlySet<string>
  /** Claude Code sessions that outlasted the mod's grace without a poll: typed at until their mod shows up. */
  readonly modless: ReadonlySet<string>
  /** Workers whose caller was told they are blocked, in their current block (cleared when they work again). */
  readonly noted: ReadonlySet<string>
}

export const emptyState = (): RelayState => ({
  errands: new Map(),
  tombs: new Map(),
  inbox: new Map(),
  turn: new Map(),
  reporting: new Set(),
  waiting: new Map(),
  closing: new Map(),
  answeredWorkers: new Set(),
  lanes: new Map(),
  deliveries: new Map(),
  nudgeArmed: new Set(),
  nudgeHeld: new Set(),
  modless: new Set(),
  noted: new Set()
})

export const publicEntries = (s: RelayState, senderId: string): Array<InboxEntry> =>
  (s.inbox.get(senderId) ?? []).filter((e) => !e.private && e.handed !== true)

export const openErrandsFrom = (s: RelayState, senderId: string): Array<Errand> =>
  [...s.errands.values()].filter((e) => e.senderId === senderId)

export const openErrandsAt = (s: RelayState, targetId: string): Array<Errand> =>
  [...s.errands.values()].filter((e) => e.targetId === targetId)

/** `m` with `k` set to `v`: a copy, the original untouched. */
export const put = <K, V>(m: ReadonlyMap<K, V>, k: K, v: V): ReadonlyMap<K, V> => new Map(m).set(k, v)

/** `m` without `k` (the same map when it had none). */
export const drop = <K, V>(m: ReadonlyMap<K, V>, k: K): ReadonlyMap<K, V> => {
  if (!m.has(k)) return m
  const out = new Map(m)
  out.delete(k)
  return out
}

export const withItem = <K>(s: ReadonlySet<K>, k: K): ReadonlySet<K> => (s.has(k) ? s : new Set(s).add(k))

export const withoutItem = <K>(s: ReadonlySet<K>, k: K): ReadonlySet<K> => {
  if (!s.has(k)) return s
  const out = new Set(s)
  out.delete(k)
  return out
}

/** The open errand `ticket` changed by `f`; the state unchanged when it is not open. */
export const patchErrand = (s: RelayState, ticket: string, f: (e: Errand) => Partial<Errand>): RelayState => {
  const e = s.errands.get(ticket)
  return e === undefined ? s : { ...s, errands: put(s.errands, ticket, { ...e, ...f(e) }) }
}

/** The inbox entry `ticket`, wherever it is, and the state without it. */
export const takeEntry = (s: RelayState, ticket: string): [RelayState, InboxEntry | undefined] => {
  for (const [sender, entries] of s.inbox) {
    const entry = entries.find((e) => e.ticket === ticket)
    if (entry === undefined) continue
    const rest = entries.filter((e) => e !== entry)
    return [{ ...s, inbox: rest.length === 0 ? drop(s.inbox, sender) : put(s.inbox, sender, rest) }, entry]
  }
  return [s, undefined]
}

/** `entry` filed last in its sender's inbox. */
export const stash = (s: RelayState, entry: InboxEntry): RelayState => ({
  ...s,
  inbox: put(s.inbox, entry.senderId, [...(s.inbox.get(entry.senderId) ?? []), entry])
})

/** The sender's inbox entries with `f` applied to those `pick` selects. */
export const patchEntries = (
  s: RelayState,
  senderId: string,
  pick: (x: InboxEntry) => boolean,
  f: (x: InboxEntry) => Partial<InboxEntry>
): RelayState => {
  const list = s.inbox.get(senderId)
  if (list === undefined) return s
  return {
    ...s,
    inbox: put(
      s.inbox,
      senderId,
      list.map((x) => (pick(x) ? { ...x, ...f(x) } : x))
    )
  }
}
