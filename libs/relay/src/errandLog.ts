/**
 * The relay's timeline: one record per errand, moved by the marks the actor hands it (chronicle.ts),
 * held in memory for listing and written to the store's `errand_records` behind a short debounce,
 * as the journal is. The window hears what changed as one `errand-records` event per flush. The
 * history is bounded by the settings `relay.history.days` and `relay.history.max`, applied at every
 * flush; the oldest ended records go first. The target's spend is read (SpendMeter, when wired) as
 * its task goes in and again as it ends, off the actor's path.
 */
import { ErrandList, ErrandRecord, ErrandSpend, MAX_ERRANDS_LISTED } from "@lich/contract"
import { EventHub } from "@lich/events"
import { HISTORY_DAYS_KEY, HISTORY_MAX_KEY } from "@lich/spawn"
import { ErrandRecords, Settings } from "@lich/store"
import { Clock, Context, Duration, Effect, Layer, Option, Queue, Schema } from "effect"
import { type Filter, type Kept, marked, matches, overBound, spentBetween, started, wire } from "./errandRecord.js"
import type { Mark } from "./marks.js"
import { SpendMeter } from "./spend.js"

/** 50 ms: how long marks gather before records are written and the window told (a fan-out is a few writes). */
export const LOG_DEBOUNCE_MS = 50
export const DEFAULT_HISTORY_DAYS = 7
export const DEFAULT_HISTORY_MAX = 10_000
const DAY_MS = 24 * 60 * 60 * 1000

export interface ErrandLogShape {
  /** The marks of one step, at its time: in memory at once, on disk and to the window after the debounce. */
  readonly mark: (at: number, marks: ReadonlyArray<Mark>) => Effect.Effect<void>
  /** The records `f` selects, oldest first, the newest `limit` of them (0: MAX_ERRANDS_LISTED). */
  readonly list: (f: Filter, limit: number) => Effect.Effect<ErrandList>
  /** Writes what is pending now (and prunes): the debounce's work, for a caller that cannot wait for it. */
  readonly flush: Effect.Effect<void>
}

const Body = Schema.parseJson(Schema.extend(ErrandRecord, Schema.Struct({ spendFrom: Schema.optional(ErrandSpend) })))
const decode = Schema.decodeUnknownOption(Body)

const setting = (settings: Settings["Type"], key: string, fallback: number) =>
  settings.get(key).pipe(
    Effect.map((v) => Option.getOrElse(Option.map(v, Number), () => fallback)),
    Effect.map((n) => (Number.isInteger(n) && n > 0 ? n : fallback)),
    Effect.orElseSucceed(() => fallback)
  )

/** What the log holds in memory: every record in the bound (oldest first), and what the next flush owes. */
interface Held {
  readonly records: Map<string, Kept>
  readonly dirty: Set<string>
  /** Readings due at the next flush, in the order asked: a task's end is never read before its start. */
  readonly due: Array<{ readonly ticket: string; readonly at: "start" | "end" }>
}

const put = (h: Held, r: Kept) => {
  h.records.set(r.ticket, r)
  h.dirty.add(r.ticket)
}

/** `m` applied to its record; a mark for an errand the log never saw start (kept by the journal from before the timeline) is dropped. */
const apply = (h: Held, m: Mark, at: number, metered: boolean) => {
  const before = h.records.get(m.ticket)
  const base = before ?? (m.head === undefined ? undefined : started(m.ticket, m.head))
  if (base === undefined) return
  put(h, marked(base, m, at))
  if (!metered) return
  // A reading as the task first goes in, and one as it ends.
  if (m.step === "handed" && base.steps.every((s) => s.step !== "handed")) h.due.push({ ticket: m.ticket, at: "start" })
  if (m.step === "ended") h.due.push({ ticket: m.ticket, at: "end" })
}

/** The readings due, off the actor's path (the meter scans transcripts): each one's record updated. */
const readDue = (h: Held, meter: SpendMeter["Type"]) =>
  Effect.gen(function* () {
    for (const d of h.due.splice(0)) {
      const targetId = h.records.get(d.ticket)?.targetId
      if (targetId === undefined) continue
      const now = yield* meter.read(targetId)
      const r = h.records.get(d.ticket)
      if (r === undefined) continue
      if (d.at === "start") put(h, { ...r, spendFrom: now })
      else if (r.spendFrom !== undefined) put(h, { ...r, spend: spentBetween(r.spendFrom, now) })
    }
  })

/** The bound applied, then what changed written in one transaction and told to the window in one event. */
const writeOut = (h: Held, store: ErrandRecords["Type"], settings: Settings["Type"], hub: EventHub["Type"]) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const days = yield* setting(settings, HISTORY_DAYS_KEY, DEFAULT_HISTORY_DAYS)
    const max = yield* setting(settings, HISTORY_MAX_KEY, DEFAULT_HISTORY_MAX)
    const gone = overBound(h.records.values(), now - days * DAY_MS, max, h.records.size)
    for (const t of gone) {
      h.records.delete(t)
      h.dirty.delete(t)
    }
    const changed = [...h.dirty].flatMap((t) => h.records.get(t) ?? [])
    h.dirty.clear()
    if (changed.length === 0 && gone.length === 0) return
    const rows = changed.map((r) => ({ ticket: r.ticket, createdAt: r.createdAt, body: JSON.stringify(r) }))
    yield* store.apply({ put: rows, remove: gone }).pipe(
      Effect.catchAll((e) =>
        // Written again with the next flush.
        Effect.sync(() => {
          for (const r of changed) h.dirty.add(r.ticket)
        }).pipe(Effect.zipRight(Effect.logWarning(`the relay's timeline was not saved (will retry): ${e.message}`)))
      )
    )
    if (changed.length > 0) yield* hub.publish({ _tag: "errand-records", records: changed.map(wire) })
  })

const loaded = (store: ErrandRecords["Type"]) =>
  Effect.gen(function* () {
    const rows = yield* store
      .load()
      .pipe(Effect.catchAll((e) => Effect.as(Effect.logWarning(`the relay's timeline could not be read: ${e.message}`), [])))
    const h: Held = { records: new Map(), dirty: new Set(), due: [] }
    for (const row of rows) {
      const r = decode(row.body)
      if (Option.isSome(r)) h.records.set(row.ticket, r.value as Kept)
    }
    return h
  })

const make = Effect.gen(function* () {
  const store = yield* ErrandRecords
  const settings = yield* Settings
  const hub = yield* EventHub
  const meter = yield* Effect.serviceOption(SpendMeter)
  const h = yield* loaded(store)
  const wake = yield* Queue.sliding<void>(1)
  const writing = yield* Effect.makeSemaphore(1)

  const mark = (at: number, marks: ReadonlyArray<Mark>) =>
    Effect.suspend(() => {
      for (const m of marks) apply(h, m, at, Option.isSome(meter))
      return Queue.offer(wake, undefined)
    })

  const flush = writing.withPermits(1)(
    Effect.zipRight(Option.match(meter, { onNone: () => Effect.void, onSome: (m) => readDue(h, m) }), writeOut(h, store, settings, hub))
  )

  yield* Effect.forkScoped(
    Effect.forever(Queue.take(wake).pipe(Effect.zipRight(Effect.sleep(Duration.millis(LOG_DEBOUNCE_MS))), Effect.zipRight(flush)))
  )
  yield* Effect.addFinalizer(() => flush)

  const list = (f: Filter, limit: number) =>
    Effect.sync(() => {
      const picked = [...h.records.values()].filter(matches(f))
      const n = limit > 0 ? Math.min(limit, MAX_ERRANDS_LISTED) : MAX_ERRANDS_LISTED
      // Built by the log from records it made itself: checking 10,000 of them again would only cost time.
      return new ErrandList(
        { records: picked.slice(Math.max(0, picked.length - n)).map(wire), matched: picked.length },
        { disableValidation: true }
      )
    })

  return ErrandLog.of({ mark, list, flush })
})

export class ErrandLog extends Context.Tag("lich/relay/ErrandLog")<ErrandLog, ErrandLogShape>() {
  /** Over the store's records and settings; a SpendMeter in context adds each errand's spend. */
  static readonly layer: Layer.Layer<ErrandLog, never, ErrandRecords | Settings | EventHub> = Layer.scoped(ErrandLog, make)
}
