/**
 * Budgets at the relay, over fake PTYs: a relayed send into a project over its daily spend cap is
 * refused with the cap's one line before anything is typed, and goes once the cap is raised; a
 * plan-window ceiling refuses new work while the account's reading is at or above it and lets it
 * through once a reading drops; `--subagent` is refused before its worker opens; and the windows
 * hear each refusal (`budget-refused`).
 */
import { it } from "@effect/vitest"
import { BudgetRpcs, callRpc, type LichEvent, RelayRpcs, type SetBudgetPayload, SubagentPayload } from "@lich/contract"
import { CostLedger, PlanReadings } from "@lich/cost"
import { EventHub, type HookReport, HookReports } from "@lich/events"
import { FakePty, Terminals } from "@lich/terminal"
import { Effect, Fiber, Queue, Schema } from "effect"
import { describe, expect } from "vitest"
import { openSession as openIn, relay, relayTestLayer, sending, tick } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-budget-")
const openSession = openIn(dir, "crush")

const setBudget = (p: Omit<SetBudgetPayload, "project">) => callRpc(BudgetRpcs, "system.SetBudget", { project: dir, ...p })

/** A target at its prompt (its hooks said done). */
const atPrompt = Effect.gen(function* () {
  const t = yield* openSession
  yield* (yield* Terminals).reportState(t.id, "done")
  yield* (yield* HookReports).publish({ id: t.id, state: "done", tool: "", detail: "", reason: "" } satisfies HookReport)
  return t
})

/** A send that reaches the target: the task is typed, and the wait runs out to a ticket. */
const sendGoes = (id: string, prompt: string, proc: { writtenText: () => string }) =>
  Effect.gen(function* () {
    const send = yield* sending(id, prompt, 1)
    yield* tick(200)
    expect(proc.writtenText()).toContain(prompt)
    yield* tick(1_000)
    expect((yield* Fiber.join(send)).status).toBe("pending")
  })

/** A send the caps refuse: its line, and not one byte typed. */
const sendRefused = (id: string, proc: { writtenText: () => string }) =>
  Effect.gen(function* () {
    const before = proc.writtenText()
    const refused = yield* Effect.flip(relay.send({ from: "", target: id, project: "", prompt: "more work", timeout: 1, private: false }))
    yield* tick(1_000)
    expect(proc.writtenText()).toBe(before)
    expect(refused._tag).toBe("Refused")
    return refused.message
  })

const usage = (id: string, percentUsed: number): LichEvent => ({
  _tag: "session-usage",
  id,
  conversationId: "c1",
  window: 200_000,
  rateLimits: [{ kind: "five_hour", percentUsed, resetsAt: 0, windowMinutes: 0 }]
})

describe("budgets at the relay", () => {
  it.scoped("refuses a send over the daily cap before typing, says it to the windows, and lets it go once raised", () =>
    Effect.gen(function* () {
      const t = yield* atPrompt
      const events = yield* (yield* EventHub).subscribe
      expect((yield* setBudget({ dayUsd: 1, windowPercent: null })).dayUsd).toBe(1)
      yield* (yield* CostLedger).record(t.id, "c1", 0.5)
      yield* sendGoes(t.id, "first task", t.proc)
      yield* (yield* CostLedger).record(t.id, "c1", 1.5)
      // Another target of the project, at its prompt: the cap is the project's, not the session's.
      const other = yield* atPrompt
      const line = yield* sendRefused(other.id, other.proc)
      // The other session has no figure yet: the spend is a lower bound, and the line says so.
      expect(line).toMatch(
        /^project "[^"]+" is over its daily spend cap: at least \$1\.50 \(1 unpriced session not counted\) spent today of \$1\.00 — raise or lift it in Settings › Budgets/
      )
      const told = yield* Queue.takeAll(events)
      expect([...told].find((e) => e._tag === "budget-refused")).toMatchObject({ line })
      const raised = yield* setBudget({ dayUsd: 5, windowPercent: null })
      expect([raised.spentTodayUsd, raised.over]).toEqual([1.5, ""])
      yield* sendGoes(other.id, "second task", other.proc)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("refuses new work while a plan window is at its ceiling, and lets it through once the reading drops", () =>
    Effect.gen(function* () {
      const t = yield* atPrompt
      const readings = yield* PlanReadings
      yield* setBudget({ dayUsd: null, windowPercent: 90 })
      yield* readings.observe(usage(t.id, 93))
      const line = yield* sendRefused(t.id, t.proc)
      expect(line).toContain("takes no new work above 90 % of a plan window: the 5-hour window of crush is at 93 %")
      yield* readings.observe(usage(t.id, 12))
      yield* sendGoes(t.id, "after the reset", t.proc)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("refuses a --subagent over the cap before its worker opens", () =>
    Effect.gen(function* () {
      const caller = yield* atPrompt
      yield* setBudget({ dayUsd: 0.5, windowPercent: null })
      yield* (yield* CostLedger).record(caller.id, "c1", 0.75)
      const spawned = (yield* (yield* FakePty).spawned.get).length
      const payload = Schema.decodeUnknownSync(SubagentPayload)({
        from: caller.id,
        kind: "crush",
        worktree: "",
        base: "",
        model: "",
        effort: "",
        ultracode: false,
        prompt: "a worker's task"
      })
      const refused = yield* Effect.flip(callRpc(RelayRpcs, "relay.Subagent", payload))
      expect(refused.message).toContain("is over its daily spend cap: $0.75 spent today of $0.50")
      expect((yield* (yield* FakePty).spawned.get).length).toBe(spawned)
    }).pipe(Effect.provide(TestLayer))
  )
})
