/**
 * The cost ledger as a service: it reads the transcripts of every provider that has a reader
 * (libs/integrations) incrementally into the store (libs/store Ledger) as sessions run — at each turn's end (`session-status` done/idle) and
 * before every report — and records the costs providers report themselves (`session-usage` with
 * costUsd, e.g. Claude Code's mod) per (session, conversation). Scans are serialised: a turn ending
 * during a report must not write the same row twice. With the readout off (`cost.readout` = off)
 * nothing is read or recorded, and the report says so.
 */
import { type CostPayload, type CostReport, CostRpcs, type CostSourceName, Failed, type LichEvent, Refused } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Ledger, Settings, SpendDays, type StoreError } from "@lich/store"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { catalogue, type Pricer } from "./pricing.js"
import type { CostReaders } from "./readers.js"
import { type CostFilter, costReport, REPORTED_PREFIX, sessionSpend } from "./report.js"
import { makeScanner } from "./scanner.js"
import { daySpend } from "./spend.js"

/** The window's switch (Settings › cost readout): "off" stops all counting; unset means on. */
export const READOUT_KEY = "cost.readout"

export interface CostLedgerShape {
  /** Reads new turns of one session's transcripts, or of every session's. */
  readonly scan: (sessionId?: string) => Effect.Effect<void, StoreError>
  /** What a provider reported a conversation cost so far (a running figure: the latest wins). */
  readonly record: (sessionId: string, conversationId: string, costUsd: number) => Effect.Effect<void, StoreError>
  readonly report: (f: Omit<CostFilter, "now">) => Effect.Effect<CostReport, Refused | Failed>
  /** One session's spend so far, its transcripts read first (the relay's timeline charges errands with it). */
  readonly spent: (sessionId: string) => Effect.Effect<{ readonly costUsd: number; readonly source: CostSourceName }, StoreError>
  /** What one hub event means to the ledger; the layer runs it for every event it hears. */
  readonly observe: (e: LichEvent) => Effect.Effect<void>
}

export class CostLedger extends Context.Tag("lich/cost/CostLedger")<CostLedger, CostLedgerShape>() {
  static readonly layer = (readers: CostReaders, price: Pricer = catalogue) => Layer.scoped(CostLedger, make(readers, price))
}

/** What a turn's end or a provider's report asks of the ledger; anything else asks nothing. */
const observed = (ledger: Pick<CostLedgerShape, "scan" | "record">, e: LichEvent): Effect.Effect<void, StoreError> =>
  e._tag === "session-usage" && e.costUsd !== undefined
    ? ledger.record(e.id, e.conversationId, e.costUsd)
    : e._tag === "session-status" && (e.state === "done" || e.state === "idle")
      ? ledger.scan(e.id)
      : Effect.void

const unknownProject = (project: string | undefined) =>
  new Refused({
    message: `no session lich remembers sits under a project named "${project}" — a typo here would read as "it cost nothing"`
  })

const make = (readers: CostReaders, price: Pricer) =>
  Effect.gen(function* () {
    const ledger = yield* Ledger
    const settings = yield* Settings
    const hub = yield* EventHub
    const lock = yield* Effect.makeSemaphore(1)
    const serialised = lock.withPermits(1)
    const readout = settings.get(READOUT_KEY).pipe(Effect.map((v) => Option.getOrElse(v, () => "on") !== "off"))
    const scanSession = makeScanner(ledger, readers, price)
    // What each scan or record moved goes into today's spend per project (spend.ts).
    const settle = yield* daySpend(ledger, yield* SpendDays)

    // The listing the settling read ends with (undefined with the readout off): what a reader of
    // the figures asks next, so it need not ask the store again (each ask is a generations read).
    const scanned = Effect.fn("CostLedger.scan")(function* (sessionId?: string) {
      if (!(yield* readout)) return undefined
      const all = yield* ledger.sessions()
      yield* Effect.forEach(sessionId === undefined ? all : all.filter((s) => s.id === sessionId), scanSession, { discard: true })
      return yield* settle
    }, serialised)
    const scan = (sessionId?: string) => Effect.asVoid(scanned(sessionId))

    const record = Effect.fn("CostLedger.record")(function* (sessionId: string, conversationId: string, costUsd: number) {
      if (!(yield* readout) || !Number.isFinite(costUsd) || costUsd < 0) return
      const activityAt = yield* Clock.currentTimeMillis
      const transcriptId = `${REPORTED_PREFIX}${conversationId}`
      yield* ledger.put({ sessionId, transcriptId, source: "reported", byteOffset: 0, cursor: "", costUsd, stuck: false, activityAt })
      yield* settle
    }, serialised)

    const report = Effect.fn("CostLedger.report")(
      function* (f: Omit<CostFilter, "now">) {
        yield* scan()
        const on = yield* readout
        const now = yield* Clock.currentTimeMillis
        const r = costReport(yield* ledger.sessions(), { ...f, now }, on)
        if (r._tag === "unknown-project") return yield* unknownProject(f.project)
        return r.report
      },
      Effect.catchTag("StoreError", (e) => Effect.fail(new Failed({ message: e.message })))
    )

    const spent = Effect.fn("CostLedger.spent")(function* (sessionId: string) {
      const listing = yield* scanned(sessionId)
      const on = yield* readout
      const s = (listing ?? (yield* ledger.sessions())).find((x) => x.id === sessionId)
      return s === undefined ? { costUsd: 0, source: "" as const } : sessionSpend(s, on)
    })

    // A turn that ends is read at once; a reported figure is recorded as it arrives.
    const observe = (e: LichEvent): Effect.Effect<void> =>
      observed({ scan, record }, e).pipe(Effect.catchAll((err) => Effect.logWarning(`cost ledger: ${err.message}`)))
    yield* hub.listen(observe)

    return CostLedger.of({ scan, record, report, spent, observe })
  })

/** `system.Cost` over the ledger: the report reads what the transcripts added since the last one. */
export const CostLayer = (readers: CostReaders, price: Pricer = catalogue) =>
  CostHandlers.pipe(Layer.provide(CostLedger.layer(readers, price)))

/** `system.Cost` over a ledger already in context (the server shares one with the relay's SpendMeter). */
export const CostHandlers = CostRpcs.toLayer(
  Effect.map(CostLedger, (ledger) => CostRpcs.of({ "system.Cost": Effect.fn("system.Cost")((p: CostPayload) => ledger.report(p)) }))
)
