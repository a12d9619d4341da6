/**
 * A session's readiness as the relay asks for it: reports in (a hook's turn state, its
 * session-start, a screen that is not the composer) and verdicts out — whether it is ready now, what
 * it is doing, and a wait until it is. The state and its rules are Readiness.ts (pure); this module
 * reads and changes one session's copy of it, found in the table.
 */
import { Clock, Duration, Effect, Option, Stream, SubscriptionRef } from "effect"
import {
  applyReport,
  applyScreenHold,
  describe,
  noteReportsTurns,
  type ReadyState,
  type SessionReadiness,
  type TurnState,
  verdict
} from "./Readiness.js"
import { lookup, type SessionTable, updateState } from "./sessionTable.js"

export interface ReadyWatch {
  readonly reportState: (id: string, state: TurnState) => Effect.Effect<void>
  /** The provider's session-start hook arrived: a task typed there starts a turn its hooks report. */
  readonly reportsTurns: (id: string) => Effect.Effect<void>
  /**
   * Holds deliveries while the provider's screen is not its composer (Screen.ts), or lets them go;
   * `dialog` says why when a question of the provider's own holds them.
   */
  readonly holdForScreen: (id: string, hold: boolean, dialog?: string) => Effect.Effect<void>
  /** The question holding the session's deliveries, from now and as it changes (undefined: none). */
  readonly screenDialog: (id: string) => Stream.Stream<string | undefined>
  readonly readiness: (id: string) => Effect.Effect<SessionReadiness>
  readonly isReady: (id: string) => Effect.Effect<boolean>
  /** False when the timeout passes first, or the session ends. */
  readonly awaitReady: (id: string, timeout: Duration.DurationInput) => Effect.Effect<boolean>
}

const NOT_LIVE: SessionReadiness = { live: false, settingUp: false, drafting: false, quietMs: 0 }

/** Waits, for one snapshot of the state, until time alone makes it ready (or it is gone). */
const readyUnder = (state: ReadyState): Effect.Effect<boolean> =>
  Effect.gen(function* () {
    for (;;) {
      const v = verdict(state, yield* Clock.currentTimeMillis)
      if (v._tag !== "NotYet") return v._tag === "Ready"
      if (v.recheckInMs === undefined) return yield* Effect.never
      yield* Effect.sleep(Duration.millis(v.recheckInMs))
    }
  })

export const readyWatch = (t: SessionTable): ReadyWatch => ({
  reportState: (id, report) => updateState(t, id, (st) => applyReport(st, report)),
  reportsTurns: (id) => updateState(t, id, noteReportsTurns),
  holdForScreen: (id, hold, dialog) => updateState(t, id, (st) => applyScreenHold(st, hold, dialog)),
  screenDialog: (id) =>
    Stream.unwrap(
      Effect.map(lookup(t, id), (s) =>
        Option.isNone(s) ? Stream.empty : Stream.changes(Stream.map(s.value.state.changes, (st) => st.screenDialog))
      )
    ),
  readiness: (id) =>
    Effect.flatMap(
      lookup(t, id),
      Option.match({
        onNone: () => Effect.succeed(NOT_LIVE),
        onSome: (s) => Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, describe)
      })
    ),
  isReady: (id) =>
    Effect.flatMap(
      lookup(t, id),
      Option.match({
        onNone: () => Effect.succeed(false),
        onSome: (s) => Effect.zipWith(SubscriptionRef.get(s.state), Clock.currentTimeMillis, (st, now) => verdict(st, now)._tag === "Ready")
      })
    ),
  // Signalled, not polled: every state change restarts the wait, and time-only changes (quiet
  // reached, a draft expiring) are slept for exactly. The PTY's exit is a state change: false.
  awaitReady: Effect.fn("Terminals.awaitReady")(function* (id: string, timeout: Duration.DurationInput) {
    const found = yield* lookup(t, id)
    if (Option.isNone(found)) return false
    // Settled now (ready, or gone) is what the watch below would answer at its first element; most
    // waits are at an idle prompt, and the watch is a stream with a fiber per change (~2,400 of a
    // hand-off's ~11,000 Effect steps, docs/ceilings.md "The relay's fan-out").
    const now = verdict(yield* SubscriptionRef.get(found.value.state), yield* Clock.currentTimeMillis)
    if (now._tag !== "NotYet") return now._tag === "Ready"
    return yield* found.value.state.changes.pipe(
      Stream.flatMap((st) => Stream.fromEffect(readyUnder(st)), { switch: true }),
      Stream.runHead,
      Effect.map(Option.getOrElse(() => false)),
      // A wait is always safe to abandon; without this, a caller in an uninterruptible region
      // would see the timeout never fire.
      Effect.interruptible,
      Effect.timeoutTo({ duration: timeout, onSuccess: (ready) => ready, onTimeout: () => false })
    )
  })
})
