/**
 * The relay's in-memory state. One lock guards all of it and nothing under the lock does I/O: a
 * transition returns what to announce, and the caller announces it after letting go (an event or a
 * PTY write can block for seconds, and must never hold up every other errand).
 * Tickets live in memory by design: a lich that restarted has no PTY left to answer into.
 */
import type { ResultStatus } from "@lich/contract"
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
  /** The target's branch when the task went out ("" in a project directory), for a report's note. */
  readonly targetBranch: string
  readonly prompt: string
  readonly message: string
  readonly private: boolean
  readonly createdAt: number
  /** TTL base: creation, then the last wait that gave up on it. */
  releasedAt: number
  /** Stamped before the write: from here on the errand is the target's to answer. */
  delivered: boolean
  /** The Enter went in: only now may a ticketless reply pick this errand. */
  entered: boolean
  sawBusy: boolean
  /** Turns to ignore: the one already running when the message was typed at a busy target. */
  skipTurns: number
  attended: number
  retyped: boolean
  /** Handed to the target's mod, whose turn on it has not started yet: that session's turns are not this errand's. */
  awaitingStart: boolean
  /** A `--subagent` worker's errand: never expires while the worker runs, and its report comes back whole. */
  readonly subagent: boolean
  /** The task as a worker whose mod answers by itself gets it: one line naming the caller, no ticket. */
  readonly workerMessage: string
  closed: boolean
  readonly outcome: Deferred.Deferred<Outcome>
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
  nudged: boolean
  /** The report went to the sender's mod whole: a no-ticket collect leaves it; `wait <ticket>` still has it. */
  handed?: boolean
}

export interface RelayState {
  readonly errands: Map<string, Errand>
  readonly tombs: Map<string, Tomb>
  /** Per sender, oldest first. */
  readonly inbox: Map<string, Array<InboxEntry>>
  /** Last turn state per session from its hooks: "busy" while a turn runs, "done" after. */
  readonly turn: Map<string, "busy" | "done">
  /** Sessions that ever reported a state: only their silence can be read as "unread". */
  readonly reporting: Set<string>
  /** Why a session inside a turn is blocked on a person, from its last `waiting` report. */
  readonly waiting: Map<string, string>
  /** Who is closing a session right now (its id → the closer's, "" for the window or a script). */
  readonly closing: Map<string, string>
  /** Subagent workers whose answer is in and whose turn, once it ends, parks them. */
  readonly answeredWorkers: Set<string>
}

export const emptyState = (): RelayState => ({
  errands: new Map(),
  tombs: new Map(),
  inbox: new Map(),
  turn: new Map(),
  reporting: new Set(),
  waiting: new Map(),
  closing: new Map(),
  answeredWorkers: new Set()
})

export const publicEntries = (s: RelayState, senderId: string): Array<InboxEntry> =>
  (s.inbox.get(senderId) ?? []).filter((e) => !e.private && e.handed !== true)

export const openErrandsFrom = (s: RelayState, senderId: string): Array<Errand> =>
  [...s.errands.values()].filter((e) => e.senderId === senderId && !e.closed)

export const openErrandsAt = (s: RelayState, targetId: string): Array<Errand> =>
  [...s.errands.values()].filter((e) => e.targetId === targetId && !e.closed)

/** Removes and returns the inbox entry for `ticket`, whoever sent it. */
export const takeEntry = (s: RelayState, ticket: string): InboxEntry | undefined => {
  for (const [sender, entries] of s.inbox) {
    const i = entries.findIndex((e) => e.ticket === ticket)
    if (i >= 0) {
      const [entry] = entries.splice(i, 1)
      if (entries.length === 0) s.inbox.delete(sender)
      return entry
    }
  }
  return undefined
}

export const stash = (s: RelayState, entry: InboxEntry): void => {
  const list = s.inbox.get(entry.senderId) ?? []
  list.push(entry)
  s.inbox.set(entry.senderId, list)
}
