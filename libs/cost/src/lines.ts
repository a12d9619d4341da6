/**
 * Reading a transcript incrementally: only complete lines (a provider may be mid-write), resuming at
 * a byte offset, and stopping — without consuming — at a line a reader cannot count yet, so the
 * next scan retries it. Cost correctness beats availability: a withheld total resumes later; a
 * skipped turn would be wrong forever.
 */

/** Where a reader is in one transcript: its ledger row, less the keys. */
export interface ScanState {
  readonly offset: number
  readonly cursor: string
  readonly costUsd: number
  readonly activityAt: number
  readonly stuck: boolean
  /** Turns counted by this scan: a transcript with none yet earns no ledger row. */
  readonly counted: number
}

export const fresh: ScanState = { offset: 0, cursor: "", costUsd: 0, activityAt: 0, stuck: false, counted: 0 }

/** A line's verdict: skip it, count it (state after), or stop before it. */
export type Step = { readonly _tag: "skip" } | { readonly _tag: "count"; readonly state: ScanState } | { readonly _tag: "stop" }

export const SKIP: Step = { _tag: "skip" }
export const STOP: Step = { _tag: "stop" }

const NEWLINE = 0x0a

/** Runs `step` over every complete JSON line of `chunk`, which starts at `state.offset`. */
export const scanLines = (chunk: Buffer, state: ScanState, step: (line: unknown, state: ScanState) => Step): ScanState => {
  let s: ScanState = { ...state, stuck: false }
  let at = 0
  for (let nl = chunk.indexOf(NEWLINE, at); nl >= 0; nl = chunk.indexOf(NEWLINE, at)) {
    const text = chunk.subarray(at, nl).toString("utf8")
    let json: unknown
    try {
      json = text.trim() === "" ? undefined : JSON.parse(text)
    } catch {
      json = undefined // a line that is not JSON counts for nothing, and is not a reason to stop
    }
    const verdict = json === undefined ? SKIP : step(json, s)
    if (verdict._tag === "stop") return { ...s, stuck: true }
    if (verdict._tag === "count") s = verdict.state
    at = nl + 1
    s = { ...s, offset: state.offset + at }
  }
  return s
}

export const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0)
export const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : {})
export const timeOf = (v: unknown, fallback: number): number => {
  const t = typeof v === "string" ? Date.parse(v) : NaN
  return Number.isFinite(t) ? t : fallback
}
