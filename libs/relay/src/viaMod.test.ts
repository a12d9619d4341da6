/**
 * Delivery to a Claude Code session under TestClock over fake PTYs, with the mod played through the
 * channel: a task is held for the mod's first poll (15 s), typed when none comes, held for as long
 * as the queue allows while Claude Code's trust question is on screen (and the card told why), and
 * handed to the mod — nothing typed — once it polls. The real Claude Code is proved in test/e2e/.
 */
import { it } from "@effect/vitest"
import { EventHub } from "@lich/events"
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
