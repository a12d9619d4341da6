/**
 * The hook-report feed: a hand-off's catch-up applies every report already published, in order and
 * once, whether or not the feed's own loop got to them first; a session's reported start reaches the
 * actor with whether its mod had polled.
 */
import { it } from "@effect/vitest"
import { HookReports } from "@lich/events"
import { Effect, Fiber, Queue } from "effect"
import { describe, expect } from "vitest"
import type { Core } from "./core.js"
import { makeReportFeed } from "./reports.js"
import type { RelayEvent } from "./transitions.js"

const line = (e: RelayEvent) =>
  e._tag === "Reported" ? `${e.id}:${e.state}` : e._tag === "SessionStarted" ? `${e.id} started polled=${e.polled} live=${e.live}` : e._tag

/** A core that only records what it is asked to apply. */
const recording = () => {
  const applied: Array<string> = []
  const core = { apply: (e: RelayEvent) => Effect.sync(() => void applied.push(line(e))) }
  return { applied, core: core as unknown as Core }
}

/** w's mod polled, v's did not; both run. */
const reads = { polled: (id: string) => Effect.succeed(id === "w"), live: () => Effect.succeed(true) }

const publish = (id: string, state: "busy" | "done" | "idle") =>
  Effect.flatMap(HookReports, (h) => h.publish({ id, state, tool: "", detail: "", reason: "" }))

describe("the hook-report feed", () => {
  it.scoped("applies what was published before a hand-off stamps, in order, and nothing twice", () =>
    Effect.gen(function* () {
      const { applied, core } = recording()
      const feed = yield* makeReportFeed(core, reads)
      yield* publish("w", "busy")
      yield* publish("w", "done")
      // The feed's loop has not run: the catch-up applies both itself.
      yield* feed.catchUp
      expect(applied).toEqual(["w:busy", "w:done"])
      const loop = yield* Effect.fork(feed.run)
      yield* publish("w", "idle")
      yield* Effect.yieldNow()
      yield* feed.catchUp
      expect(applied).toEqual(["w:busy", "w:done", "w:idle"])
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(HookReports.layer))
  )

  it.scoped("hands each session start to the actor with whether its mod polled before it", () =>
    Effect.gen(function* () {
      const applied = yield* Queue.unbounded<string>()
      const core = { apply: (e: RelayEvent) => Queue.offer(applied, line(e)) } as unknown as Core
      const feed = yield* makeReportFeed(core, reads)
      const loop = yield* Effect.fork(feed.run)
      const hooks = yield* HookReports
      yield* hooks.started("v")
      yield* hooks.started("w")
      expect([yield* Queue.take(applied), yield* Queue.take(applied)]).toEqual([
        "v started polled=false live=true",
        "w started polled=true live=true"
      ])
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(HookReports.layer))
  )
})
