/**
 * Turn-state reports from a session's hooks (`POST /hook`), as accepted and normalised. The hook
 * route publishes each one here; the relay reads them to tell a turn that answered from one that
 * did not. Kept off the wire on purpose: a forged report would close other sessions' errands.
 * Beside them, the sessions whose start their hooks reported (`POST /session-start`): the relay
 * reads a Claude Code session that reports its start before its mod ever polled as one that runs no mod.
 */
import type { ReportedState } from "@lich/contract"
import { Context, Effect, Layer, PubSub, type Queue, type Scope } from "effect"

export interface HookReport {
  readonly id: string
  readonly state: ReportedState
  readonly tool: string
  readonly detail: string
  readonly reason: string
}

export interface HookReportsShape {
  readonly publish: (r: HookReport) => Effect.Effect<void>
  readonly subscribe: Effect.Effect<Queue.Dequeue<HookReport>, never, Scope.Scope>
  /** The session `id`'s hooks reported its start. */
  readonly started: (id: string) => Effect.Effect<void>
  readonly starts: Effect.Effect<Queue.Dequeue<string>, never, Scope.Scope>
}

export class HookReports extends Context.Tag("lich/events/HookReports")<HookReports, HookReportsShape>() {
  static readonly layer = Layer.scoped(
    HookReports,
    Effect.gen(function* () {
      // Unbounded: every report matters to the relay's turn bookkeeping, and they are tiny.
      const hub = yield* Effect.acquireRelease(PubSub.unbounded<HookReport>(), PubSub.shutdown)
      const starts = yield* Effect.acquireRelease(PubSub.unbounded<string>(), PubSub.shutdown)
      return {
        publish: (r) => Effect.asVoid(PubSub.publish(hub, r)),
        subscribe: PubSub.subscribe(hub),
        started: (id) => Effect.asVoid(PubSub.publish(starts, id)),
        starts: PubSub.subscribe(starts)
      }
    })
  )
}
