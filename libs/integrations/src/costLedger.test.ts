import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { CostLedger, READOUT_KEY } from "@lich/cost"
import { EventHub } from "@lich/events"
import { Ledger, Projects, Sessions, Settings, StoreMemory } from "@lich/store"
import { Effect, Layer } from "effect"
import { claudeCost } from "./claude/cost.js"
import { codexCost } from "./codex/cost.js"

const fixtures = path.resolve(__dirname, "../../../test/fixtures/transcripts")
const readers = { claude: claudeCost(path.join(fixtures, "claude")), codex: codexCost(path.join(fixtures, "codex")) }
const base = Layer.merge(StoreMemory, EventHub.layer)
const TestLayer = CostLedger.layer(readers).pipe(Layer.provideMerge(base))

const seed = Effect.gen(function* () {
  const { project } = yield* (yield* Projects).openByPath("/code/lich")
  const sessions = yield* Sessions
  yield* sessions.insert({
    id: "cc",
    projectId: project.id,
    label: "cc",
    kind: "claude",
    providerSessionId: "11111111-2222-4333-8444-555555555555"
  })
  yield* sessions.insert({
    id: "cx",
    projectId: project.id,
    label: "cx",
    kind: "codex",
    providerSessionId: "01a23133-355f-7841-87a5-17794a470904"
  })
  yield* sessions.insert({ id: "sh", projectId: project.id, label: "sh", kind: "shell" })
})

const all = { project: "", provider: "", sinceMs: 0 }

describe("CostLedger", () => {
  it.effect("prices real transcripts into the ledger and reports them with the shell unpriced", () =>
    Effect.gen(function* () {
      yield* seed
      const r = yield* (yield* CostLedger).report(all)
      expect([r.sessions, r.unpriced, r.source, r.priced, r.reported]).toEqual([3, 1, "priced", 2, 0])
      expect(r.costUsd).toBeCloseTo(0.076944 + 0.03234, 12)
      // a second report reads nothing new and says the same
      expect((yield* (yield* CostLedger).report(all)).costUsd).toBeCloseTo(r.costUsd, 12)
    }).pipe(Effect.provide(TestLayer))
  )

  it.effect("records a provider's reported cost per conversation, the latest figure winning", () =>
    Effect.gen(function* () {
      yield* seed
      const ledger = yield* CostLedger
      yield* ledger.record("cc", "11111111-2222-4333-8444-555555555555", 0.5)
      yield* ledger.record("cc", "11111111-2222-4333-8444-555555555555", 0.9)
      yield* ledger.record("cc", "second-conversation", 0.1)
      const r = yield* ledger.report({ ...all, provider: "claude" })
      // the reported figure replaces lich's pricing of that conversation
      expect(r.costUsd).toBeCloseTo(1.0, 12)
      expect([r.source, r.reported]).toEqual(["reported", 1])
    }).pipe(Effect.provide(TestLayer))
  )

  it.effect("hears reported costs and ended turns on the hub", () =>
    Effect.gen(function* () {
      yield* seed
      const ledger = yield* CostLedger
      yield* ledger.observe({ _tag: "session-usage", id: "cx", conversationId: "t", window: 258400, costUsd: 0.02 })
      yield* ledger.observe({ _tag: "session-usage", id: "cx", conversationId: "t", window: 258400 })
      yield* ledger.observe({ _tag: "session-status", id: "cc", state: "done", tool: "", detail: "", reason: "" })
      const rows = yield* (yield* Ledger).sessions()
      const of = (id: string) => rows.find((s) => s.id === id)!.rows.map((r) => [r.transcriptId, r.source])
      expect(of("cx")).toEqual([["reported:t", "reported"]])
      expect(of("cc")).toEqual([["11111111-2222-4333-8444-555555555555", "priced"]])
    }).pipe(Effect.provide(TestLayer))
  )

  it.effect("counts nothing with the readout off", () =>
    Effect.gen(function* () {
      yield* seed
      yield* (yield* Settings).set(READOUT_KEY, "off")
      const ledger = yield* CostLedger
      yield* ledger.record("cc", "x", 3)
      const r = yield* ledger.report(all)
      expect([r.sessions, r.unpriced, r.costUsd, r.readout]).toEqual([3, 3, 0, false])
      yield* (yield* Settings).set(READOUT_KEY, "on")
      expect((yield* ledger.report(all)).costUsd).toBeCloseTo(0.076944 + 0.03234, 12)
    }).pipe(Effect.provide(TestLayer))
  )

  it.effect("refuses a project no session sits under", () =>
    Effect.gen(function* () {
      yield* seed
      const e = yield* Effect.flip((yield* CostLedger).report({ ...all, project: "lihc" }))
      expect(e._tag).toBe("Refused")
      expect(e.message).toContain('"lihc"')
    }).pipe(Effect.provide(TestLayer))
  )
})
