/**
 * A doctor check as data: its name, its verdict, one line of detail and how long it took. The
 * checks decide; the CLI renders (apps/cli/src/render/doctor.ts). Nothing here prints.
 */
import { Effect } from "effect"

export type Verdict = "ok" | "warn" | "fail" | "skip"

export interface Finding {
  readonly verdict: Verdict
  readonly detail: string
}

export interface CheckResult extends Finding {
  readonly name: string
  /** Wall time of the check, in milliseconds (fractional). */
  readonly ms: number
}

export interface Report {
  readonly checks: ReadonlyArray<CheckResult>
  /** Wall time of the whole walk, in milliseconds. */
  readonly totalMs: number
}

export const ok = (detail: string): Finding => ({ verdict: "ok", detail })
export const warn = (detail: string): Finding => ({ verdict: "warn", detail })
export const fail = (detail: string): Finding => ({ verdict: "fail", detail })
export const skip = (detail: string): Finding => ({ verdict: "skip", detail })

/** Times one check. performance.now(), not the Clock: this measures the machine, not the program. */
export const timed = <E, R>(name: string, check: Effect.Effect<Finding, E, R>): Effect.Effect<CheckResult, E, R> =>
  Effect.suspend(() => {
    const start = performance.now()
    return Effect.map(check, (f) => ({ name, ...f, ms: performance.now() - start }))
  }).pipe(Effect.withSpan(`Doctor.${name}`))

/** Exit 1 exactly when a check failed: a warning limits lich, a failure stops it. */
export const failed = (r: Report): boolean => r.checks.some((c) => c.verdict === "fail")
