/**
 * An errand's record as pure functions: started from its head, moved by each mark, bounded (heads
 * clipped, steps capped), matched against a listing's filter, and chosen for pruning. The log
 * (errandLog.ts) holds the records and does the I/O; nothing here does.
 */
import { ERRAND_HEAD_CHARS, ERRAND_MAX_STEPS, type ErrandRecord, type ErrandSpend, type ErrandTransition, utf8Bytes } from "@lich/contract"
import type { ErrandHead, Mark } from "./marks.js"

/** A record as the log keeps it: the wire's, plus the target's spend read when the task went in. */
export interface Kept extends ErrandRecord {
  readonly spendFrom?: ErrandSpend
}

/** The first line, at most ERRAND_HEAD_CHARS. */
export const headLine = (text: string): string => {
  const line = text.trimStart().split("\n", 1)[0] ?? ""
  return line.length > ERRAND_HEAD_CHARS ? `${line.slice(0, ERRAND_HEAD_CHARS - 1)}…` : line
}

/** 8: the steps a record over its cap keeps from its start; the rest of the room goes to its newest. */
const FIRST_STEPS = 8

/** `steps` with `s` added, the oldest middle step dropped once the cap is reached. */
const appended = (steps: ReadonlyArray<ErrandTransition>, s: ErrandTransition): ReadonlyArray<ErrandTransition> =>
  steps.length < ERRAND_MAX_STEPS ? [...steps, s] : [...steps.slice(0, FIRST_STEPS), ...steps.slice(FIRST_STEPS + 1), s]

export const started = (ticket: string, h: ErrandHead): Kept => ({
  ticket,
  projectId: h.projectId,
  project: h.project,
  via: h.via,
  senderId: h.senderId,
  senderLabel: h.senderLabel,
  targetId: h.targetId,
  targetLabel: h.targetLabel,
  private: h.private,
  // A private errand's words stay out of every listing: only its length is kept.
  promptHead: h.private ? "" : headLine(h.prompt),
  promptBytes: utf8Bytes(h.prompt),
  answerHead: "",
  answerBytes: 0,
  status: "open",
  createdAt: h.createdAt,
  endedAt: 0,
  steps: []
})

/** `r` after `m`, at `at`. */
export const marked = (r: Kept, m: Mark, at: number): Kept => {
  const steps = appended(r.steps, { at, step: m.step, detail: headLine(m.detail) })
  if (m.status === undefined) return { ...r, steps }
  const answer = m.answer ?? ""
  return {
    ...r,
    steps,
    status: m.status,
    endedAt: m.step === "ended" ? at : r.endedAt,
    answerHead: r.private ? "" : headLine(answer),
    answerBytes: utf8Bytes(answer)
  }
}

/** The step's time in `r`, the first of its kind (undefined when it never came). */
export const timeOf = (r: ErrandRecord, step: ErrandTransition["step"]): number | undefined => r.steps.find((s) => s.step === step)?.at

/** What the target spent between the two readings; unpriced ("") when either could not be priced. */
export const spentBetween = (from: ErrandSpend, to: ErrandSpend): ErrandSpend => ({
  costUsd: Math.max(0, to.costUsd - from.costUsd),
  source: from.source === "" || to.source === "" ? "" : to.source === from.source ? to.source : "mixed"
})

export const wire = (k: Kept): ErrandRecord => {
  const { spendFrom: _, ...r } = k
  return r
}

export interface Filter {
  /** "" = every project. */
  readonly projectId: string
  /** A session's id or label, as sender or target ("" = any). */
  readonly session: string
  /** Records created before this are left out (0: none). */
  readonly since: number
}

export const matches =
  (f: Filter) =>
  (r: ErrandRecord): boolean => {
    if (f.projectId !== "" && r.projectId !== f.projectId) return false
    if (r.createdAt < f.since) return false
    if (f.session === "") return true
    const s = f.session.toLowerCase()
    return r.senderId === f.session || r.targetId === f.session || r.senderLabel.toLowerCase() === s || r.targetLabel.toLowerCase() === s
  }

/**
 * The tickets the bound drops from `records` (oldest first, as the log keeps them): every record
 * older than `before`, then the oldest ended ones past `max`. An open errand is never dropped: it
 * lives an hour or two at most, and its end still has to be written.
 */
export const overBound = (records: Iterable<Kept>, before: number, max: number, size: number): Array<string> => {
  const out: Array<string> = []
  let over = size - max
  for (const r of records) {
    if (r.status === "open") continue
    if (r.createdAt < before || over > 0) {
      out.push(r.ticket)
      over--
    } else break
  }
  return out
}
