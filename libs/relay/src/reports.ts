/**
 * Hook reports into the actor, with a catch-up for the hand-off. The hook route publishes a report
 * to HookReports and only then tells the terminal's readiness; a hand-off woken by that readiness
 * could otherwise stamp its errand before the relay applied the reports that came before it — and
 * a turn that was the previous task's would then be read against the new one (under load, 200
 * sends to 10 agents ended a third of them "unanswered"). So the hand-off first applies every report
 * already published (`catchUp`), in order, and only then stamps.
 *
 * Two subscriptions keep that order by construction: `wake` only says "something came"; the reports
 * themselves are taken from `data` by whoever holds the lock, all of them at once, in order.
 *
 * A session whose hooks report its start goes to the actor too, with whether its mod polled before
 * and whether it still runs: the step reads a start before any poll as a session no mod will come from.
 */
import { HookReports } from "@lich/events"
import { Effect, Queue } from "effect"
import type { Core } from "./core.js"

export interface ReportFeed {
  /** Applies every report published so far that the relay has not applied yet. */
  readonly catchUp: Effect.Effect<void>
  /** The feed's own loops: apply reports and session starts as they come, for ever. */
  readonly run: Effect.Effect<never>
}

/** What a session start is read with: whether the session's mod has polled, whether it still runs. */
export interface StartReads {
  readonly polled: (id: string) => Effect.Effect<boolean>
  readonly live: (id: string) => Effect.Effect<boolean>
}

export const makeReportFeed = (core: Core, reads: StartReads) =>
  Effect.gen(function* () {
    const hooks = yield* HookReports
    const wake = yield* hooks.subscribe
    const data = yield* hooks.subscribe
    const starts = yield* hooks.starts
    const lock = yield* Effect.makeSemaphore(1)
    const catchUp = lock.withPermits(1)(
      Effect.flatMap(Queue.takeAll(data), (rs) =>
        Effect.forEach(rs, (r) => core.apply({ _tag: "Reported", id: r.id, state: r.state, reason: r.reason }), { discard: true })
      )
    )
    const started = (id: string) =>
      Effect.flatMap(Effect.all({ polled: reads.polled(id), live: reads.live(id) }), (r) =>
        core.apply({ _tag: "SessionStarted", id, ...r })
      )
    const run = Effect.raceAll([
      Effect.forever(Queue.take(wake).pipe(Effect.zipRight(Queue.takeAll(wake)), Effect.zipRight(catchUp))),
      Effect.forever(Effect.flatMap(Queue.take(starts), started))
    ])
    return { catchUp, run } satisfies ReportFeed
  })
