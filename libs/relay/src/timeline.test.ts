/**
 * The timeline under TestClock, over fake PTYs: every way an errand ends leaves its record with the
 * steps it went through, in order, each at the clock's time when it happened.
 */
import { it } from "@effect/vitest"
import { callRpc, type ErrandRecord, RelayRpcs, Ticket } from "@lich/contract"
import { type HookReport, HookReports } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { Clock, Effect, Fiber } from "effect"
import { describe, expect } from "vitest"
import { HELD } from "./chronicle.js"
import { openSession as openIn, relay, relayTestLayer, sending, tick, typedTicket } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-timeline-")
const openSession = openIn(dir, "crush")

const report = (id: string, state: "busy" | "done") =>
  Effect.gen(function* () {
    yield* (yield* Terminals).reportState(id, state)
    yield* (yield* HookReports).publish({ id, state, tool: "", detail: "", reason: "" } satisfies HookReport)
  })

const recordOf = (ticket: string) =>
  Effect.map(callRpc(RelayRpcs, "relay.Errands", { from: "", project: "", session: "", sinceMs: 0, limit: 0 }), (l) =>
    l.records.find((r) => r.ticket === ticket)
  )

const stepsOf = (r: ErrandRecord | undefined) => r?.steps.map((s) => `${s.step}${s.detail === "" ? "" : ` ${s.detail}`}`)

/** A target at its prompt (its hooks said done) with one task typed at it; the send's start time too. */
const taskAtIdle = (prompt: string) =>
  Effect.gen(function* () {
    const t = yield* openSession
    yield* report(t.id, "done")
    const t0 = yield* Clock.currentTimeMillis
    const send = yield* sending(t.id, prompt, 100)
    yield* tick(200)
    return { t, send, t0, ticket: typedTicket(t.proc) }
  })

const TYPED = ["sent", `held ${HELD.prompt}`, "handed typed"]

describe("the timeline's records", () => {
  it.scoped("answered: sent, typed, its turn started, answered, collected by the waiter — each at its time", () =>
    Effect.gen(function* () {
      const { t, send, t0, ticket } = yield* taskAtIdle("fix the flaky test\nand tell me why")
      yield* tick(1_000)
      yield* report(t.id, "busy")
      yield* tick(4_000)
      yield* relay.reply({ from: t.id, ticket, answer: "fixed: a race\nin the reader" })
      expect((yield* Fiber.join(send)).status).toBe("answered")
      const r = yield* recordOf(ticket)
      expect(stepsOf(r)).toEqual([...TYPED, "started", "ended answered", "collected the sender held the line"])
      expect(r?.steps[0]?.at).toBe(t0)
      expect(r?.steps.find((s) => s.step === "started")?.at).toBe(t0 + 1_200)
      expect(r?.endedAt).toBe(t0 + 5_200)
      expect(r).toMatchObject({ status: "answered", promptHead: "fix the flaky test", answerHead: "fixed: a race", via: "cli" })
      expect(r?.answerBytes).toBe("fixed: a race\nin the reader".length)
      const times = r?.steps.map((s) => s.at) ?? []
      expect([...times].sort((a, b) => a - b)).toEqual(times)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("unanswered: the turn ended without a reply", () =>
    Effect.gen(function* () {
      const { t, send, ticket } = yield* taskAtIdle("background job")
      yield* report(t.id, "busy")
      yield* report(t.id, "done")
      expect((yield* Fiber.join(send)).status).toBe("unanswered")
      expect(stepsOf(yield* recordOf(ticket))).toEqual([...TYPED, "started", "ended unanswered", "collected the sender held the line"])
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("late: an answer after it ended unanswered is marked, and the record says answered", () =>
    Effect.gen(function* () {
      const { t, send, ticket } = yield* taskAtIdle("background job")
      yield* report(t.id, "busy")
      yield* report(t.id, "done")
      yield* Fiber.join(send)
      yield* tick(60_000)
      yield* relay.reply({ from: t.id, ticket, answer: "done after all" })
      yield* relay.wait({ from: "", ticket, timeout: 1 })
      const r = yield* recordOf(ticket)
      expect(stepsOf(r)?.slice(-3)).toEqual(["collected the sender held the line", "late", "collected lich wait <ticket>"])
      expect(r).toMatchObject({ status: "answered", answerHead: "done after all" })
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("unread: typed, retyped once after the receipt window, then unread", () =>
    Effect.gen(function* () {
      const { send, ticket, t0 } = yield* taskAtIdle("read me")
      yield* tick(30_000)
      yield* tick(30_200)
      expect((yield* Fiber.join(send)).status).toBe("unread")
      const r = yield* recordOf(ticket)
      expect(stepsOf(r)).toEqual([...TYPED, "handed retyped", "ended unread", "collected the sender held the line"])
      // The receipt window runs from the hand-over (the Enter goes in 150 ms after the paste).
      const typedAt = r?.steps.find((s) => s.detail === "typed")?.at ?? 0
      expect(typedAt).toBeGreaterThan(t0)
      expect(r?.steps.find((s) => s.detail === "retyped")?.at).toBe(typedAt + 30_000)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("undelivered: its target died before reaching a prompt; nothing was handed over", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      yield* report(t.id, "busy")
      const send = yield* sending(t.id, "never", 100)
      yield* tick(5_000)
      t.proc.exit(1)
      yield* tick(10)
      const r = yield* Fiber.join(send)
      expect(r.status).toBe("undelivered")
      expect(stepsOf(yield* recordOf(r.ticket))).toEqual([
        "sent",
        `held ${HELD.prompt}`,
        "ended undelivered",
        "collected the sender held the line"
      ])
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("stopped: the target's process ended on a task it had started; the outcome waits in the inbox until taken", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      yield* report(t.id, "done")
      const send = yield* sending(t.id, "long job", 1)
      yield* tick(1_000)
      const ticket = (yield* Fiber.join(send)).ticket
      yield* report(t.id, "busy")
      t.proc.exit(1)
      yield* tick(10)
      expect((yield* relay.wait({ from: "", ticket: Ticket.make(ticket), timeout: 1 })).status).toBe("stopped")
      expect(stepsOf(yield* recordOf(ticket))).toEqual([...TYPED, "started", "ended stopped: ended", "collected lich wait <ticket>"])
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("expired: nobody answered or waited within the hour; a second task to the same target waited behind the first", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      const first = yield* sending(t.id, "one", 1)
      const second = yield* sending(t.id, "two", 1)
      yield* tick(1_000)
      const [a, b] = [yield* Fiber.join(first), yield* Fiber.join(second)]
      yield* tick(62 * 60_000)
      expect(stepsOf(yield* recordOf(a.ticket))).toEqual([...TYPED, "ended expired"])
      const r = yield* recordOf(b.ticket)
      expect(stepsOf(r)?.slice(0, 2)).toEqual(["sent", `held ${HELD.queued}`])
      expect(r?.status).toBe("expired")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("a private errand keeps only the lengths of its prompt and answer", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      yield* report(t.id, "done")
      const send = yield* Effect.fork(
        relay.send({ from: "", target: t.id, project: "", prompt: "secret plan", timeout: 100, private: true })
      )
      yield* tick(200)
      yield* relay.reply({ from: t.id, ticket: typedTicket(t.proc), answer: "secret answer" })
      const r = yield* recordOf((yield* Fiber.join(send)).ticket)
      expect(r).toMatchObject({ private: true, promptHead: "", answerHead: "", promptBytes: 11, answerBytes: 13 })
    }).pipe(Effect.provide(TestLayer))
  )
})
