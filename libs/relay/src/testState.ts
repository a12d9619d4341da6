/**
 * Fixtures for the transition tests: an errand with every field at its start, states built from
 * parts, and readers for a step's acts. Pure: no runtime, no clock.
 */
import { Deferred as D, type Deferred, FiberId } from "effect"
import type { Act, Next } from "./acts.js"
import { type Errand, emptyState, type InboxEntry, type Outcome, type Phase, type RelayState } from "./state.js"
import { type RelayEvent, type Results, step } from "./transitions.js"

export const NOW = 1_000_000

export const outcome = (): Deferred.Deferred<Outcome> => D.unsafeMake<Outcome>(FiberId.none)

export const errand = (over: Partial<Errand> = {}): Errand => ({
  ticket: "t1",
  senderId: "s",
  senderLabel: "alpha",
  targetId: "w",
  targetLabel: "beta",
  targetBranch: "",
  prompt: "do it",
  message: "[lich] do it",
  private: false,
  createdAt: 0,
  releasedAt: 0,
  delivered: false,
  entered: false,
  sawBusy: false,
  skipTurns: 0,
  attended: 0,
  retyped: false,
  awaitingStart: false,
  subagent: false,
  workerMessage: "",
  outcome: outcome(),
  ...over
})

export const entry = (over: Partial<InboxEntry> = {}): InboxEntry => ({
  ticket: "t1",
  senderId: "s",
  target: "beta",
  status: "answered",
  answer: "done",
  readyAt: NOW,
  private: false,
  nudged: false,
  ...over
})

/** A state holding `errands` (by ticket), with `over` on top. */
export const state = (errands: ReadonlyArray<Errand> = [], over: Partial<RelayState> = {}): RelayState => ({
  ...emptyState(),
  errands: new Map(errands.map((e) => [e.ticket, e])),
  ...over
})

export const inboxOf = (...entries: ReadonlyArray<InboxEntry>): ReadonlyMap<string, ReadonlyArray<InboxEntry>> => {
  const m = new Map<string, Array<InboxEntry>>()
  for (const x of entries) m.set(x.senderId, [...(m.get(x.senderId) ?? []), x])
  return m
}

/**
 * A step, without the timeline's marks: these suites are about the relay's own acts; what a step
 * marks on the timeline is timeline.test.ts's (chronicle.ts).
 */
export const run = <E extends RelayEvent>(s: RelayState, e: E, now = NOW): Next<Results[E["_tag"]]> => {
  const n = step(s, e, now)
  return { ...n, acts: n.acts.filter((a) => a._tag !== "chronicle") }
}

export const tags = (n: Next<unknown>): Array<Act["_tag"]> => n.acts.map((a) => a._tag)

/** The events a step publishes, in order. */
export const published = (n: Next<unknown>) => n.acts.flatMap((a) => (a._tag === "publish" ? [a.event] : []))

/** The acts other than publishing and the journal: what the relay's other parts are asked to do. */
export const work = (n: Next<unknown>) => n.acts.filter((a) => a._tag !== "publish" && a._tag !== "journal" && a._tag !== "resolve")

export const resolved = (n: Next<unknown>) => n.acts.flatMap((a) => (a._tag === "resolve" ? [a.value] : []))

/** The number of the act out in a `handingOff` state. */
export const SEQ = 5

/** Errand t1 (with `over`) holding target w's lane, its hand-off in `phase` with act SEQ out; `more` on top. */
export const handingOff = (phase: Phase, over: Partial<Errand> = {}, more: Partial<RelayState> = {}): RelayState =>
  state([errand(over)], { lanes: new Map([["w", ["t1"]]]), deliveries: new Map([["t1", { targetId: "w", seq: SEQ, phase }]]), ...more })

/** The hand-off I/O a step put out: each as [ticket, seq, what]. */
export const ios = (n: Next<unknown>) => n.acts.flatMap((a) => (a._tag === "io" ? [[a.ticket, a.seq, a.io] as const] : []))
