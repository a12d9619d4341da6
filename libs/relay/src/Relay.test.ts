/**
 * The relay's clockwork under TestClock, over fake PTYs: the hour a ticket lives (counted from the
 * last wait that gave up, never under a waiter), the tombstone that says "expired", the receipt
 * window that retypes once and then calls a task unread, late answers, and two errands that end in
 * one turn. Integration suites cover the same paths with real processes; this one owns the time.
 */
import { it } from "@effect/vitest"
import { HookReports, type HookReport } from "@lich/events"
import { Workspace } from "@lich/spawn"
import { FakePty, Terminals } from "@lich/terminal"
import { Duration, Effect, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { Relay } from "./Relay.js"
import { relayTestLayer } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-relay-")

const tick = (ms: number) => TestClock.adjust(Duration.millis(ms))

/** Opens a crush session (a provider with no tools) in the temp project and returns it with its fake PTY. */
const openSession = Effect.gen(function* () {
  const ws = yield* Workspace
  const opened = yield* ws.open({ from: "", project: dir, kind: "crush", worktree: "", base: "", model: "", effort: "", ultracode: false, folder: "" })
  const proc = yield* (yield* FakePty).latest
  return { id: opened.session.id, label: opened.session.label, proc }
})

/** What the hook route does with a report: the terminal's readiness hears it, and the relay. */
const report = (id: string, state: "busy" | "done" | "idle") =>
  Effect.gen(function* () {
    yield* (yield* Terminals).reportState(id, state)
    yield* (yield* HookReports).publish({ id, state, tool: "", detail: "", reason: "" } satisfies HookReport)
  })

const typedCount = (text: string, needle: string) => text.split(needle).length - 1

describe("the relay's clock", () => {
  it.scoped("expires an unattended ticket after its hour, says so for another hour, then forgets it", () =>
    Effect.gen(function* () {
      const relay = yield* Relay
      const t = yield* openSession
      const send = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "do it", timeout: 1, private: false }))
      yield* tick(1_000)
      const pending = yield* Fiber.join(send)
      expect(pending.status).toBe("pending")
      yield* tick(59 * 60_000)
      expect((yield* Effect.fork(relay.wait({ from: "", ticket: pending.ticket, timeout: 1 })).pipe(Effect.zipLeft(tick(1_000)), Effect.flatMap(Fiber.join))).status).toBe("pending")
      // That wait gave up at ~60 min: the hour now runs from there.
      yield* tick(59 * 60_000)
      const stillOpen = yield* Effect.fork(relay.wait({ from: "", ticket: pending.ticket, timeout: 1 }))
      yield* tick(1_000)
      expect((yield* Fiber.join(stillOpen)).status).toBe("pending")
      yield* tick(62 * 60_000)
      const expired = yield* relay.wait({ from: "", ticket: pending.ticket, timeout: 1 })
      expect(expired.status).toBe("expired")
      yield* tick(62 * 60_000)
      const gone = yield* Effect.flip(relay.wait({ from: "", ticket: pending.ticket, timeout: 1 }))
      expect(gone._tag).toBe("NotFound")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("never expires a ticket while someone holds the line on it", () =>
    Effect.gen(function* () {
      const relay = yield* Relay
      const t = yield* openSession
      // Three waits in relay, each 30 min, overlapping: the ticket outlives its hour under them.
      const first = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "long", timeout: 1800, private: false }))
      yield* tick(1_000)
      const ticket = /reply ([0-9a-f]{8}) /.exec(t.proc.writtenText())![1]!
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
      const relay = yield* Relay
      const t = yield* openSession
      yield* report(t.id, "done")
      const send = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "read me", timeout: 100, private: false }))
      yield* tick(200)
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
      const relay = yield* Relay
      const t = yield* openSession
      yield* report(t.id, "busy")
      const send = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "never", timeout: 100, private: false }))
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
      const relay = yield* Relay
      const t = yield* openSession
      yield* report(t.id, "done")
      const send = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "background job", timeout: 100, private: false }))
      yield* tick(200)
      yield* report(t.id, "busy")
      yield* report(t.id, "done")
      yield* tick(10)
      const r = yield* Fiber.join(send)
      expect(r.status).toBe("unanswered")
      expect((yield* relay.wait({ from: "", ticket: r.ticket, timeout: 1 })).status).toBe("unanswered")
      yield* tick(50 * 60_000)
      yield* relay.reply({ from: t.id, ticket: r.ticket, answer: "it finished" })
      expect((yield* relay.wait({ from: "", ticket: r.ticket, timeout: 1 })).answer).toBe("it finished")
      const twice = yield* Effect.flip(relay.reply({ from: t.id, ticket: r.ticket, answer: "again" }))
      expect(twice.message).toContain("answered already")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("tells both senders when one turn ends two errands, and leaves a note at the worker", () =>
    Effect.gen(function* () {
      const relay = yield* Relay
      const t = yield* openSession
      yield* report(t.id, "done")
      const a = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "first", timeout: 100, private: false }))
      yield* tick(200)
      const b = yield* Effect.fork(relay.send({ from: "", target: t.id, project: "", prompt: "second", timeout: 100, private: false }))
      yield* tick(800)
      expect(t.proc.writtenText()).toContain("second")
      yield* report(t.id, "busy")
      yield* report(t.id, "done")
      yield* tick(200)
      expect((yield* Fiber.join(a)).status).toBe("unanswered")
      expect((yield* Fiber.join(b)).status).toBe("unanswered")
      expect(t.proc.writtenText()).toContain("without answering 2 requests")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("says nothing at the end of a turn while the worker waits on an errand of its own", () =>
    Effect.gen(function* () {
      const relay = yield* Relay
      const worker = yield* openSession
      const helper = yield* openSession
      yield* report(worker.id, "done")
      const asked = yield* Effect.fork(relay.send({ from: "", target: worker.id, project: "", prompt: "delegate this", timeout: 100, private: false }))
      yield* tick(200)
      yield* report(worker.id, "busy")
      const own = yield* Effect.fork(relay.send({ from: worker.id, target: helper.id, project: "", prompt: "sub task", timeout: 1, private: false }))
      yield* tick(1_000)
      expect((yield* Fiber.join(own)).status).toBe("pending")
      yield* report(worker.id, "done")
      yield* tick(10)
      const ticket = /reply ([0-9a-f]{8}) /.exec(worker.proc.writtenText())![1]!
      yield* relay.reply({ from: worker.id, ticket, answer: "delegated and done" })
      expect((yield* Fiber.join(asked)).answer).toBe("delegated and done")
    }).pipe(Effect.provide(TestLayer))
  )
})
