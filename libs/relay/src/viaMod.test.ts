/**
 * Delivery to a Claude Code session under TestClock over fake PTYs, with the mod played through the
 * channel: a task is held for the mod's first poll (15 s), typed when none comes — or at once when
 * the session's hooks reported its start before any poll —, held for as long as the queue allows
 * while Claude Code's trust question is on screen (and the card told why), handed to the mod —
 * nothing typed — once it polls, and typed after all when no poll collected it. The real Claude Code
 * is proved in test/e2e/.
 */
import { it } from "@effect/vitest"
import { EventHub, HookReports } from "@lich/events"
import { ModChannel } from "@lich/mod"
import { Effect, Fiber, Option, Queue } from "effect"
import { describe, expect } from "vitest"
import { openSession, relayTestLayer, sending, tick } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-viamod-", { claudePlugin: { dir: "/nonexistent/plugin", version: "0.15.0" } })

const openClaude = openSession(dir, "claude")

const send = (target: string, prompt: string) => sending(target, prompt, 600)

/** What the mod's next poll takes from the session's channel. */
const polled = (id: string) =>
  Effect.map(
    Effect.flatMap(ModChannel, (channel) => channel.poll(id, "0.15.0")),
    Option.getOrThrow
  )

describe("delivery to a Claude Code session", () => {
  it.scoped("holds the task for the mod's first poll, then types it when no poll came within 15 s", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      yield* send(t.id, "typed at last")
      yield* tick(14_000)
      expect(t.proc.writtenText()).not.toContain("typed at last")
      yield* tick(2_000)
      expect(t.proc.writtenText()).toContain("typed at last")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("types at once at a session whose hooks reported its start before any poll of its mod", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      yield* (yield* HookReports).started(t.id)
      yield* send(t.id, "no mod is coming")
      yield* tick(1_000)
      expect(t.proc.writtenText()).toContain("no mod is coming")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("stops waiting out the grace the moment the session's start is reported with no poll before it", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      yield* send(t.id, "cut the grace short")
      yield* tick(3_000)
      expect(t.proc.writtenText()).toBe("")
      yield* (yield* HookReports).started(t.id)
      yield* tick(1_000)
      expect(t.proc.writtenText()).toContain("cut the grace short")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("still waits for a session whose mod polled before its start was reported", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      const channel = yield* ModChannel
      const first = yield* Effect.fork(channel.poll(t.id, "0.15.0"))
      yield* tick(25_000)
      yield* Fiber.join(first)
      yield* (yield* HookReports).started(t.id)
      yield* send(t.id, "for the mod")
      yield* tick(1_000)
      expect((yield* polled(t.id))[0]!.text).toContain("for the mod")
      expect(t.proc.writtenText()).toBe("")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("types a task no poll collected within 10 s, withdrawn so no later poll gets it", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      const channel = yield* ModChannel
      // A mod that polled once (so it counts as polling) and then went quiet.
      const first = yield* Effect.fork(channel.poll(t.id, "0.15.0"))
      yield* tick(25_000)
      yield* Fiber.join(first)
      yield* send(t.id, "withdrawn, then typed")
      yield* tick(9_000)
      expect(t.proc.writtenText()).toBe("")
      yield* tick(2_000)
      expect(t.proc.writtenText()).toContain("withdrawn, then typed")
      const late = yield* Effect.fork(channel.poll(t.id, "0.15.0"))
      yield* tick(25_000)
      expect(yield* Fiber.join(late)).toEqual(Option.some([]))
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("hands the task to the mod when it polls within the grace, and types nothing", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      yield* send(t.id, "through the mod")
      yield* tick(3_000)
      const commands = yield* polled(t.id)
      expect(commands).toHaveLength(1)
      expect(commands[0]!.kind).toBe("prompt")
      expect(commands[0]!.text).toContain("through the mod")
      yield* tick(20_000)
      expect(t.proc.writtenText()).toBe("")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("holds a task while the trust question is on screen, tells the card why, and never types into it", () =>
    Effect.gen(function* () {
      const hub = yield* EventHub
      const events = yield* hub.subscribe
      const t = yield* openClaude
      t.proc.emit(" Accessing workspace:\r\n\x1b[1C❯ No, exit\r\n   Yes,\x1b[1CI trust this folder\r\n")
      yield* send(t.id, "wait for trust")
      yield* tick(1_000)
      const status = yield* Queue.take(events).pipe(Effect.repeat({ until: (e) => e._tag === "session-status" }))
      expect(status).toMatchObject({
        _tag: "session-status",
        id: t.id,
        state: "waiting",
        reason: expect.stringContaining("trust this folder")
      })
      yield* tick(4 * 60_000)
      expect(t.proc.writtenText()).toBe("")
      // The person trusts the folder; the mod loads and polls, and takes the held task.
      const got = yield* polled(t.id)
      expect(got[0]!.text).toContain("wait for trust")
      expect(t.proc.writtenText()).toBe("")
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("calls a task held behind the trust question for the whole queue undelivered", () =>
    Effect.gen(function* () {
      const t = yield* openClaude
      t.proc.emit("Yes, I trust this folder")
      const fiber = yield* send(t.id, "never read")
      yield* tick(5 * 60_000 + 1_000)
      const r = yield* Fiber.join(fiber)
      expect(r.status).toBe("undelivered")
      expect(t.proc.writtenText()).toBe("")
    }).pipe(Effect.provide(TestLayer))
  )
})
