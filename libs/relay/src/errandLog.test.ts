/**
 * The timeline's log over a real (in-memory) SQLite store: a log that stops and starts again over
 * the same store finds its records; the history keeps its bound by count and by age; and the
 * target's spend between hand-over and outcome is the ledger's difference, with its rung.
 */
import { it } from "@effect/vitest"
import type { ErrandSpend } from "@lich/contract"
import { EventHub } from "@lich/events"
import { HISTORY_MAX_KEY } from "@lich/spawn"
import { ErrandRecords, Settings, StoreMemory } from "@lich/store"
import { Effect, Layer, TestClock } from "effect"
import { describe, expect } from "vitest"
import { ErrandLog } from "./errandLog.js"
import type { ErrandHead, Mark } from "./marks.js"
import { SpendMeter } from "./spend.js"

const Base = Layer.merge(StoreMemory, EventHub.layer)

const head = (n: number, at: number): ErrandHead => ({
  projectId: "p1",
  project: "demo",
  via: "session",
  senderId: "s1",
  senderLabel: "lead",
  targetId: `t${n % 3}`,
  targetLabel: `worker-${n % 3}`,
  private: false,
  prompt: `task ${n}`,
  createdAt: at
})

const sent = (n: number, at: number): Mark => ({ ticket: `e${String(n).padStart(7, "0")}`, step: "sent", detail: "", head: head(n, at) })
const ended = (n: number): Mark => ({ ticket: sent(n, 0).ticket, step: "ended", detail: "answered", status: "answered", answer: "ok" })

/** `n` errands sent and answered, one a millisecond from `from`. */
const errands = (log: ErrandLog["Type"], n: number, from: number) =>
  Effect.forEach(
    Array.from({ length: n }, (_, i) => i),
    (i) => log.mark(from + i, [sent(i, from + i), ended(i)]),
    { discard: true }
  )

const all = (log: ErrandLog["Type"]) => log.list({ projectId: "", session: "", since: 0 }, 0)

describe("the timeline's log", () => {
  it.scoped("keeps its records across a restart over the same store", () =>
    Effect.gen(function* () {
      yield* Effect.scoped(
        Effect.gen(function* () {
          const log = yield* ErrandLog
          yield* errands(log, 5, 1_000)
          yield* log.mark(2_000, [{ ticket: sent(0, 0).ticket, step: "collected", detail: "lich wait <ticket>" }])
        }).pipe(Effect.provide(ErrandLog.layer))
      )
      const again = yield* Effect.scoped(Effect.flatMap(ErrandLog, all).pipe(Effect.provide(ErrandLog.layer)))
      expect(again.records.map((r) => r.promptHead)).toEqual(["task 0", "task 1", "task 2", "task 3", "task 4"])
      expect(again.records[0]?.steps.map((s) => [s.step, s.at])).toEqual([
        ["sent", 1_000],
        ["ended", 1_000],
        ["collected", 2_000]
      ])
    }).pipe(Effect.provide(Base))
  )

  it.scoped("keeps the bound: the oldest ended records go past the count, every one past the age", () =>
    Effect.gen(function* () {
      yield* (yield* Settings).set(HISTORY_MAX_KEY, "100")
      const log = yield* ErrandLog
      yield* errands(log, 150, 1_000)
      // One still open: never pruned, whatever its age.
      yield* log.mark(1_200, [sent(999, 1_200)])
      yield* log.flush
      const kept = yield* all(log)
      expect(kept.records.length).toBe(100)
      expect(kept.records.filter((r) => r.status === "open").map((r) => r.promptHead)).toEqual(["task 999"])
      expect(kept.records.at(-2)?.promptHead).toBe("task 149")
      expect((yield* (yield* ErrandRecords).load()).length).toBe(100)
      // Eight days on, the week's bound takes every ended record.
      yield* TestClock.adjust("8 days")
      yield* log.mark(8 * 86_400_000 + 5_000, [sent(500, 8 * 86_400_000 + 5_000)])
      yield* log.flush
      expect((yield* all(log)).records.map((r) => r.promptHead)).toEqual(["task 999", "task 500"])
      expect((yield* (yield* ErrandRecords).load()).length).toBe(2)
    }).pipe(Effect.provide(ErrandLog.layer), Effect.provide(Base))
  )

  it.scoped("charges an errand what its target spent between hand-over and outcome, with the ledger's rung", () => {
    const spent = new Map<string, ErrandSpend>([["t1", { costUsd: 1.25, source: "priced" }]])
    const meter = Layer.succeed(SpendMeter, { read: (id) => Effect.sync(() => spent.get(id) ?? { costUsd: 0, source: "" }) })
    return Effect.gen(function* () {
      const log = yield* ErrandLog
      const t = sent(1, 10).ticket
      yield* log.mark(10, [sent(1, 10)])
      yield* log.mark(20, [{ ticket: t, step: "handed", detail: "typed" }])
      yield* log.flush
      spent.set("t1", { costUsd: 1.75, source: "priced" })
      yield* log.mark(30, [ended(1)])
      yield* log.flush
      const r = (yield* all(log)).records[0]
      expect(r?.spend).toEqual({ costUsd: 0.5, source: "priced" })
      // A target lich cannot price says so: its 0 is a lower bound.
      yield* log.mark(40, [sent(2, 40)])
      yield* log.mark(41, [{ ticket: sent(2, 0).ticket, step: "handed", detail: "typed" }])
      yield* log.mark(42, [ended(2)])
      yield* log.flush
      expect((yield* all(log)).records[1]?.spend).toEqual({ costUsd: 0, source: "" })
    }).pipe(Effect.provide(ErrandLog.layer), Effect.provide(Layer.merge(Base, meter)))
  })
})
