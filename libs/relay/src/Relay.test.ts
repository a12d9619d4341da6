/**
 * The relay's clockwork under TestClock, over fake PTYs: the hour a ticket lives (counted from the
 * last wait that gave up, never under a waiter), the tombstone that says "expired", the receipt
 * window that retypes once and then calls a task unread, late answers, two errands that end in one
 * turn, and the per-target lanes gone once their hand-offs are. Integration suites cover the same
 * paths with real processes; this one owns the time.
 */
import { it } from "@effect/vitest"
import { Ticket } from "@lich/contract"
import { type HookReport, HookReports } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { Effect, Fiber } from "effect"
import { describe, expect } from "vitest"
import { RelayCore } from "./core.js"
import { openSession as openIn, relay, relayTestLayer, sending, tick, typedTicket } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-relay-")

/** A crush session (a provider with no tools) in the temp project. */
const openSession = openIn(dir, "crush")

/** What the hook route does with a report: the terminal's readiness hears it, and the relay. */
const report = (id: string, state: "busy" | "done" | "idle") =>
  Effect.gen(function* () {
    yield* (yield* Terminals).reportState(id, state)
    yield* (yield* HookReports).publish({ id, state, tool: "", detail: "", reason: "" } satisfies HookReport)
  })

/** A wait of `timeout` seconds on `ticket`, the clock moved a second under it. */
const waitASecond = (ticket: Ticket) =>
  Effect.fork(relay.wait({ from: "", ticket, timeout: 1 })).pipe(Effect.zipLeft(tick(1_000)), Effect.flatMap(Fiber.join))

/** A target at its prompt (its hooks said done), with one task typed at it. */
const taskAtIdle = (prompt: string) =>
  Effect.gen(function* () {
    const t = yield* openSession
    yield* report(t.id, "done")
    const send = yield* sending(t.id, prompt, 100)
    yield* tick(200)
    return { t, send }
  })

/** One turn, start to end, at `id`. */
const turn = (id: string) => Effect.zipRight(report(id, "busy"), report(id, "done"))

const typedCount = (text: string, needle: string) => text.split(needle).length - 1

describe("the relay's clock", () => {
  it.scoped("expires an unattended ticket after its hour, says so for another hour, then forgets it", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      const send = yield* sending(t.id, "do it", 1)
      yield* tick(1_000)
      const pending = yield* Fiber.join(send)
      expect(pending.status).toBe("pending")
      const ticket = Ticket.make(pending.ticket)
      yield* tick(59 * 60_000)
      expect((yield* waitASecond(ticket)).status).toBe("pending")
      // That wait gave up at ~60 min: the hour now runs from there.
      yield* tick(59 * 60_000)
      expect((yield* waitASecond(ticket)).status).toBe("pending")
      yield* tick(62 * 60_000)
      const expired = yield* relay.wait({ from: "", ticket, timeout: 1 })
      expect(expired.status).toBe("expired")
      yield* tick(62 * 60_000)
      const gone = yield* Effect.flip(relay.wait({ from: "", ticket, timeout: 1 }))
      expect(gone._tag).toBe("NotFound")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("never expires a ticket while someone holds the line on it", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      // Three waits in relay, each 30 min, overlapping: the ticket outlives its hour under them.
      const first = yield* sending(t.id, "long", 1800)
      yield* tick(1_000)
      const ticket = typedTicket(t.proc)
      yield* tick(28 * 60_000)
      const second = yield* Effect.fork(relay.wait({ from: "", ticket, timeout: 1800 }))
      yield* tick(29 * 60_000)
      const third = yield* Effect.fork(relay.wait({ from: "", ticket, timeout: 1800 }))
      yield* tick(28 * 60_000)
      expect((yield* Fiber.join(first)).status).toBe("pending")
      expect((yield* Fiber.join(second)).status).toBe("pending")
      yield* relay.reply({ from: t.id, ticket, answer: "finally" })
      expect((yield* Fiber.join(third)).answer).toBe("finally")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("retypes once at a reporting target that never started, then calls the task unread", () =>
    Effect.gen(function* () {
      const { t, send } = yield* taskAtIdle("read me")
      expect(typedCount(t.proc.writtenText(), "read me")).toBe(1)
      yield* tick(30_000)
      expect(typedCount(t.proc.writtenText(), "read me")).toBe(2)
      yield* tick(30_200)
      const r = yield* Fiber.join(send)
      expect(r.status).toBe("unread")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("calls a task undelivered when its target dies before reaching a prompt", () =>
    Effect.gen(function* () {
      const t = yield* openSession
      yield* report(t.id, "busy")
      const send = yield* sending(t.id, "never", 100)
      yield* tick(5_000)
      t.proc.exit(1)
      yield* tick(10)
      expect((yield* Fiber.join(send)).status).toBe("undelivered")
      expect(t.proc.writtenText()).not.toContain("never")
    }).pipe(Effect.provide(TestLayer))
  )
})

describe("turns read from hooks", () => {
  it.scoped("takes a late answer once, for an hour after the turn ended without one", () =>
    Effect.gen(function* () {
      const { t, send } = yield* taskAtIdle("background job")
      yield* turn(t.id)
      yield* tick(10)
      const r = yield* Fiber.join(send)
      expect(r.status).toBe("unanswered")
      const ticket = Ticket.make(r.ticket)
      expect((yield* relay.wait({ from: "", ticket, timeout: 1 })).status).toBe("unanswered")
      yield* tick(50 * 60_000)
      yield* relay.reply({ from: t.id, ticket, answer: "it finished" })
      expect((yield* relay.wait({ from: "", ticket, timeout: 1 })).answer).toBe("it finished")
      const twice = yield* Effect.flip(relay.reply({ from: t.id, ticket, answer: "again" }))
      expect(twice.message).toContain("answered already")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("tells both senders when one turn ends two errands, and leaves a note at the worker", () =>
    Effect.gen(function* () {
      // A target no hook has reported from yet is judged by its quiet alone, so a second task can
      // go in before the first one's turn starts; one that reports is held until it does
      // (libs/terminal Readiness.ts), which is what makes two errands in one turn rare.
      const t = yield* openSession
      const a = yield* sending(t.id, "first", 100)
      yield* tick(800)
      const b = yield* sending(t.id, "second", 100)
      yield* tick(800)
      expect(t.proc.writtenText()).toContain("second")
      yield* turn(t.id)
      yield* tick(200)
      expect((yield* Fiber.join(a)).status).toBe("unanswered")
      expect((yield* Fiber.join(b)).status).toBe("unanswered")
      expect(t.proc.writtenText()).toContain("without answering 2 requests")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("says nothing at the end of a turn while the worker waits on an errand of its own", () =>
    Effect.gen(function* () {
      const { t: worker, send: asked } = yield* taskAtIdle("delegate this")
      const helper = yield* openSession
      yield* report(worker.id, "busy")
      const own = yield* sending(helper.id, "sub task", 1, worker.id)
      yield* tick(1_000)
      expect((yield* Fiber.join(own)).status).toBe("pending")
      yield* report(worker.id, "done")
      yield* tick(10)
      const ticket = typedTicket(worker.proc)
      yield* relay.reply({ from: worker.id, ticket, answer: "delegated and done" })
      expect((yield* Fiber.join(asked)).answer).toBe("delegated and done")
    }).pipe(Effect.provide(TestLayer))
  )
})

describe("the per-target lanes", () => {
  it.scoped("are all gone once N tasks to N targets are handed over", () =>
    Effect.gen(function* () {
      const core = yield* RelayCore
      const n = 6
      const targets = yield* Effect.forEach(Array.from({ length: n }), () => openSession)
      const sends = yield* Effect.forEach(targets, (t, i) => sending(t.id, `task ${i}`, 1))
      yield* tick(1_000)
      for (const t of targets) expect(t.proc.writtenText()).toContain("task")
      expect((yield* Effect.forEach(sends, Fiber.join)).map((r) => r.status)).toEqual(Array(n).fill("pending"))
      expect(yield* core.read((s) => s.lanes.size)).toBe(0)
      expect(yield* core.read((s) => s.errands.size)).toBe(n)
    }).pipe(Effect.provide(TestLayer))
  )
})
