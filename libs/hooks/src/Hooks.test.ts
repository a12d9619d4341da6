/**
 * The Hooks service against the real in-memory store, a fake PTY and the real hubs: what each
 * route changes, what it publishes, and what it leaves alone for a session that is not there.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LichEvent } from "@lich/contract"
import { EventHub, HookReports } from "@lich/events"
import { SessionStates } from "@lich/spawn"
import { Projects, Sessions, StoreMemory } from "@lich/store"
import { FakePty, Terminals } from "@lich/terminal"
import { Chunk, Effect, Layer, Option, Queue } from "effect"
import { Hooks } from "./Hooks.js"

const base = Layer.mergeAll(
  EventHub.layer,
  HookReports.layer,
  SessionStates.layer,
  StoreMemory,
  Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))
)
const TestLayer = Hooks.layer.pipe(Layer.provideMerge(base))

const ID = "0b9c4f2e7d1a4c3b8e6f5a4d3c2b1a09"

/** A card in the store with a running (fake) process, and a subscription to the events after it. */
const liveSession = Effect.gen(function* () {
  const { project } = yield* (yield* Projects).openByPath("/tmp/alpha")
  yield* (yield* Sessions).insert({ id: ID, projectId: project.id, label: "Session 1" })
  yield* (yield* Terminals).start({ id: ID, file: "agent", args: [], cwd: "/tmp", env: {} })
  return yield* (yield* EventHub).subscribe
})

const post = (path: "/hook" | "/session-start" | "/session-title" | "/session-touched", body: unknown, plugin?: string) =>
  Effect.flatMap(Hooks, (h) => h.handle(path, JSON.stringify(body), plugin))

const drained = (q: Queue.Dequeue<LichEvent>) => Effect.map(Queue.takeAll(q), Chunk.toReadonlyArray)

describe("the Hooks service", () => {
  it.effect("publishes busy, sets the roster state and readiness, and feeds the relay's stream", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        const relay = yield* (yield* HookReports).subscribe
        expect(yield* post("/hook", { session_id: ID, state: "busy", tool: "Bash", detail: "ls" })).toEqual({ status: 204 })
        expect(yield* drained(events)).toEqual([{ _tag: "session-status", id: ID, state: "busy", tool: "Bash", detail: "ls", reason: "" }])
        expect(yield* (yield* SessionStates).get(ID)).toBe("busy")
        expect((yield* (yield* Terminals).readiness(ID)).reported).toBe("busy")
        expect(yield* Queue.takeAll(relay).pipe(Effect.map(Chunk.size))).toBe(1)
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("swallows waiting outside a turn from the roster and the window, but not from the relay", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        const relay = yield* (yield* HookReports).subscribe
        expect(yield* post("/hook", { session_id: ID, state: "waiting" })).toEqual({ status: 204 })
        expect(yield* drained(events)).toEqual([])
        expect(yield* (yield* SessionStates).get(ID)).toBe("")
        expect(Chunk.size(yield* Queue.takeAll(relay))).toBe(1)
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("clears the roster state on idle", () =>
    Effect.scoped(
      Effect.gen(function* () {
        yield* liveSession
        yield* post("/hook", { session_id: ID, state: "done" })
        expect(yield* (yield* SessionStates).get(ID)).toBe("done")
        yield* post("/hook", { session_id: ID, state: "idle" })
        expect(yield* (yield* SessionStates).get(ID)).toBe("")
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("shows compacting as busy in the roster and readiness, and as compacting to the windows", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        yield* post("/hook", { session_id: ID, state: "compacting" })
        expect(yield* drained(events)).toMatchObject([{ _tag: "session-status", state: "compacting" }])
        expect(yield* (yield* SessionStates).get(ID)).toBe("busy")
        expect((yield* (yield* Terminals).readiness(ID)).reported).toBe("busy")
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("answers 204 and changes nothing for a session that is not running", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* (yield* EventHub).subscribe
        expect(yield* post("/hook", { session_id: "nobody", state: "busy" })).toEqual({ status: 204 })
        expect(yield* post("/session-touched", { session_id: "nobody" })).toEqual({ status: 204 })
        expect(yield* post("/session-title", { session_id: "nobody", title: "x" })).toEqual({ status: 204 })
        expect(yield* post("/session-start", { session_id: "nobody", provider_session_id: "p" })).toEqual({ status: 204 })
        expect(yield* drained(events)).toEqual([])
        expect(yield* (yield* SessionStates).get("nobody")).toBe("")
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("answers 400 with the parser's line for a refused body and for malformed JSON", () =>
    Effect.gen(function* () {
      const hooks = yield* Hooks
      expect(yield* hooks.handle("/hook", JSON.stringify({ session_id: ID, state: "Busy" }))).toEqual({
        status: 400,
        text: `state "Busy" is not one of busy, done, waiting, idle, compacting (case-sensitive)`
      })
      const malformed = yield* hooks.handle("/hook", "{")
      expect(malformed.status).toBe(400)
      expect(malformed.text).toMatch(/^malformed JSON: /)
    }).pipe(Effect.provide(TestLayer))
  )

  it.effect("stores the provider's conversation id and announces the agent", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        yield* post("/session-start", { session_id: ID, claude_session_id: "abc-123" })
        expect(Option.map(yield* (yield* Sessions).get(ID), (r) => r.providerSessionId)).toEqual(Option.some("abc-123"))
        expect(yield* drained(events)).toEqual([{ _tag: "session-agent", id: ID, agent: "claude" }])
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("relabels only while the label is automatic, and announces only what it applied", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        yield* post("/session-title", { session_id: ID, title: " Fix the login " })
        expect(yield* drained(events)).toEqual([{ _tag: "session-title", id: ID, label: "Fix the login" }])
        yield* (yield* Sessions).rename(ID, "mine")
        yield* post("/session-title", { session_id: ID, title: "Something else" })
        expect(yield* drained(events)).toEqual([])
        expect(Option.map(yield* (yield* Sessions).get(ID), (r) => r.label)).toEqual(Option.some("mine"))
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("announces touched files for a known card", () =>
    Effect.scoped(
      Effect.gen(function* () {
        const events = yield* liveSession
        yield* post("/session-touched", { session_id: ID, file_path: "a.ts" })
        expect(yield* drained(events)).toEqual([{ _tag: "session-touched", id: ID }])
      })
    ).pipe(Effect.provide(TestLayer))
  )

  it.effect("remembers the plugin release a live session's hooks announced", () =>
    Effect.scoped(
      Effect.gen(function* () {
        yield* liveSession
        yield* post("/hook", { session_id: ID, state: "busy" }, "1.4.2")
        yield* post("/hook", { session_id: "nobody", state: "busy" }, "9.9.9")
        const hooks = yield* Hooks
        expect(yield* hooks.pluginVersion(ID)).toBe("1.4.2")
        expect(yield* hooks.pluginVersion("nobody")).toBe("")
      })
    ).pipe(Effect.provide(TestLayer))
  )
})
