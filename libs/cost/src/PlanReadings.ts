/**
 * The plan windows of every provider account, as the service the gauges and the caps read. A reading
 * arrives two ways: Claude Code's mod-usage carries its windows on each `session-usage` event, and
 * Codex's rollouts are read at each turn's end (`session-status` done or idle) by its integration's
 * reader. Each reading replaces its account's windows, is kept in the store with the time it was
 * read, and goes out to the windows as `plan-windows`.
 */
import type { AccountWindows, LichEvent, PlanWindow } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Ledger, PlanWindows, Sessions } from "@lich/store"
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { WindowReaders } from "./windows.js"

export interface PlanReadingsShape {
  /** The latest reading of the account sessions of `kind` run on; undefined before any. */
  readonly forKind: (kind: string) => Effect.Effect<AccountWindows | undefined>
  readonly all: Effect.Effect<ReadonlyArray<AccountWindows>>
  /** What one hub event means to the readings; the layer runs it for every event it hears. */
  readonly observe: (e: LichEvent) => Effect.Effect<void>
}

export class PlanReadings extends Context.Tag("lich/cost/PlanReadings")<PlanReadings, PlanReadingsShape>() {
  static readonly layer = (readers: WindowReaders) => Layer.scoped(PlanReadings, make(readers))
}

const make = (readers: WindowReaders) =>
  Effect.gen(function* () {
    const store = yield* PlanWindows
    const sessions = yield* Sessions
    const ledger = yield* Ledger
    const hub = yield* EventHub
    const latest = new Map<string, AccountWindows>()
    for (const a of yield* Effect.orElseSucceed(store.all(), () => [])) latest.set(a.account, a)

    const keep = (kind: string, windows: ReadonlyArray<PlanWindow>, readAt: number) =>
      Effect.gen(function* () {
        const reader = readers[kind]
        if (reader === undefined) return
        const account: AccountWindows = { account: reader.account, provider: kind, readAt, windows }
        const had = latest.get(reader.account)
        // A rollout read again after a restart may hand back a reading older than the one kept.
        if (had !== undefined && had.readAt > readAt) return
        latest.set(reader.account, account)
        yield* store.put(account)
        yield* hub.publish({ _tag: "plan-windows", account })
      })

    const reported = (id: string, windows: ReadonlyArray<PlanWindow>) =>
      Effect.gen(function* () {
        const row = yield* sessions.get(id)
        if (Option.isNone(row)) return
        yield* keep(row.value.kind, windows, yield* Clock.currentTimeMillis)
      })

    const recorded = (id: string) =>
      Effect.gen(function* () {
        const s = (yield* ledger.sessions()).find((x) => x.id === id)
        const read = s === undefined ? undefined : readers[s.kind]?.read
        if (s === undefined || read === undefined || s.providerSessionId === "") return
        const got = read(s)
        if (got !== undefined) yield* keep(s.kind, got.windows, got.at)
      })

    const observe = (e: LichEvent): Effect.Effect<void> =>
      (e._tag === "session-usage" && e.rateLimits !== undefined
        ? reported(e.id, e.rateLimits)
        : e._tag === "session-status" && (e.state === "done" || e.state === "idle")
          ? recorded(e.id)
          : Effect.void
      ).pipe(Effect.catchAll((err) => Effect.logWarning(`plan windows: ${err.message}`)))
    yield* hub.listen(observe)

    const forKind = (kind: string) => Effect.sync(() => latest.get(readers[kind]?.account ?? ""))
    const all = Effect.sync(() => [...latest.values()])
    return PlanReadings.of({ forKind, all, observe })
  })
