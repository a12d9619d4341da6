/**
 * What a transition did to each errand, for the timeline (errandLog.ts): read off the states before
 * and after a step, and the acts it returned, never written into the steps themselves. Every
 * change an errand can go through already shows in the state — a new errand, a flag stamped, a
 * hand-off's phase, a reason a target is held for, an inbox entry filed, told or taken — so reading
 * it here cannot miss a path a step takes, and the steps stay as they are. Pure, like them.
 */
import type { ErrandStatus, ErrandStep } from "@lich/contract"
import type { Act, Next } from "./acts.js"
import type { ErrandHead, Mark } from "./marks.js"
import type { Delivery, Errand, Outcome, RelayState } from "./state.js"

/** Why a hand-off waits, in the words the timeline shows. */
export const HELD = {
  queued: "behind an earlier task to the same session",
  grace: "waiting for its Claude Code mod's first poll",
  prompt: "waiting for its prompt",
  setup: "its worktree setup script is running"
} as const

const mark = (ticket: string, step: ErrandStep, detail = ""): Mark => ({ ticket, step, detail })

export const headOf = (e: Errand): ErrandHead => ({
  projectId: e.projectId ?? "",
  project: e.project ?? "",
  via: e.via ?? (e.senderId === "" ? "cli" : "session"),
  senderId: e.senderId,
  senderLabel: e.senderLabel,
  targetId: e.targetId,
  targetLabel: e.targetLabel,
  private: e.private,
  prompt: e.prompt,
  createdAt: e.createdAt
})

/** The outcome a step resolved `e`'s waiter with, whether or not anyone was holding the line. */
const outcomeIn = (acts: ReadonlyArray<Act>, e: Errand): Outcome | undefined => {
  for (const a of acts) if (a._tag === "resolve" && a.outcome === e.outcome) return a.value
  return undefined
}

/** An errand that changed: what was stamped on it. */
const stamped = (before: Errand, after: Errand): Array<Mark> => {
  const out: Array<Mark> = []
  const t = after.ticket
  if (!before.entered && after.entered) out.push(mark(t, "handed", after.awaitingStart ? "mod" : "typed"))
  if (!before.retyped && after.retyped) out.push(mark(t, "handed", "retyped"))
  // A turn already running when it was typed is not its turn (skipTurns): its busy reports start nothing.
  if (!before.sawBusy && after.sawBusy && after.skipTurns === 0) out.push(mark(t, "started"))
  return out
}

const errandMarks = (b: RelayState, a: RelayState, acts: ReadonlyArray<Act>): Array<Mark> => {
  if (b.errands === a.errands) return []
  const out: Array<Mark> = []
  for (const [t, e] of a.errands) {
    const was = b.errands.get(t)
    if (was === undefined) {
      out.push({ ...mark(t, "sent"), head: headOf(e) })
      const lane = a.lanes.get(e.targetId)
      if (e.far === undefined && lane !== undefined && lane[0] !== t) out.push(mark(t, "held", HELD.queued))
    } else if (was !== e) out.push(...stamped(was, e))
  }
  for (const [t, e] of b.errands) {
    if (a.errands.has(t)) continue
    const o = outcomeIn(acts, e)
    // An ended errand is never pending: that is only what a wait that ran out says.
    const status = (o?.status ?? a.tombs.get(t)?.status ?? "expired") as Exclude<ErrandStatus, "open">
    out.push({ ...mark(t, "ended", o?.detail ? `${status}: ${o.detail}` : status), status, answer: o?.answer ?? "" })
    if (e.attended > 0) out.push(mark(t, "collected", "the sender held the line"))
  }
  return out
}

/** A hand-off that moved to a phase that waits: why. */
const heldFor = (was: Delivery | undefined, d: Delivery): string | undefined => {
  const p = d.phase
  if (was !== undefined && was.phase === p) return undefined
  if (p._tag === "held") return was?.phase._tag === "held" ? undefined : p.reason
  if (p._tag === "grace") return was?.phase._tag === "grace" ? undefined : HELD.grace
  if (p._tag !== "prompting") return undefined
  if (was?.phase._tag !== "prompting") return p.screen ?? HELD.prompt
  return p.screen !== undefined && p.screen !== was.phase.screen ? p.screen : undefined
}

const deliveryMarks = (b: RelayState, a: RelayState): Array<Mark> => {
  if (b.deliveries === a.deliveries) return []
  const out: Array<Mark> = []
  for (const [t, d] of a.deliveries) {
    const why = heldFor(b.deliveries.get(t), d)
    if (why !== undefined) out.push(mark(t, "held", why))
  }
  return out
}

/** A target blocked on a person inside the turn its errands went into. */
const waitingMarks = (b: RelayState, a: RelayState): Array<Mark> => {
  if (b.waiting === a.waiting) return []
  const out: Array<Mark> = []
  for (const [id, reason] of a.waiting) {
    if (b.waiting.get(id) === reason) continue
    for (const e of a.errands.values()) if (e.targetId === id && e.entered) out.push(mark(e.ticket, "held", reason))
  }
  return out
}

/** Results filed for a sender: told (nudged), handed to its mod, taken, or left past their hour. */
const inboxMarks = (b: RelayState, a: RelayState, tag: string): Array<Mark> => {
  if (b.inbox === a.inbox) return []
  const out: Array<Mark> = []
  // Only the senders whose list changed: a step touches one or two, and the inbox can hold thousands.
  for (const sender of new Set([...b.inbox.keys(), ...a.inbox.keys()])) {
    const was = b.inbox.get(sender) ?? []
    const now = a.inbox.get(sender) ?? []
    if (was === now) continue
    const before = new Map(was.map((x) => [x.ticket, x]))
    const after = new Set(now.map((x) => x.ticket))
    for (const x of now) {
      const old = before.get(x.ticket)
      if (old === undefined) continue
      if (!old.nudged && x.nudged) out.push(mark(x.ticket, "nudged"))
      if (old.handed !== true && x.handed === true) out.push(mark(x.ticket, "collected", "handed whole to the sender's mod"))
    }
    for (const t of before.keys()) {
      if (after.has(t)) continue
      if (tag === "Swept") out.push(mark(t, "dropped"))
      else out.push(mark(t, "collected", tag === "Drained" ? "lich wait (no ticket)" : "lich wait <ticket>"))
    }
  }
  return out
}

const lateAnswer = (s: RelayState, ticket: string): string => {
  for (const list of s.inbox.values()) for (const x of list) if (x.ticket === ticket) return x.answer
  return ""
}

/** Every mark the step `tag` left, in the order they happened within it. */
export const chronicle = (b: RelayState, n: Next<unknown>, tag: string): ReadonlyArray<Mark> => {
  const a = n.state
  const out = [...errandMarks(b, a, n.acts), ...deliveryMarks(b, a), ...waitingMarks(b, a), ...inboxMarks(b, a, tag)]
  const r = n.result as { readonly _tag?: string } | undefined
  if (tag === "Answering" && r?._tag === "late") {
    for (const [t, tomb] of a.tombs)
      if (b.tombs.get(t)?.lateOk === true && !tomb.lateOk) out.push({ ...mark(t, "late"), status: "answered", answer: lateAnswer(a, t) })
  }
  return out
}
