import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, TestClock } from "effect"
import { add, withSessions } from "./sessionsFixture.js"

describe("Sessions: one row", () => {
  it.effect("insert fills every column's default and dates the row now", () =>
    withSessions(({ p }) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(5_000)
        const row = yield* add({ id: "s1", projectId: p, label: "Session 1" })
        expect(row).toEqual({
          id: "s1",
          projectId: p,
          label: "Session 1",
          labelAuto: true,
          kind: "claude",
          path: "",
          branch: "",
          base: "",
          baseSha: "",
          folder: "",
          color: "",
          isOpen: true,
          position: 0,
          model: "",
          effort: "",
          ultracode: false,
          originSessionId: "",
          originLabel: "",
          confined: false,
          providerSessionId: "",
          subagentDepth: 0,
          pinned: false,
          createdAt: 5_000,
          activityAt: 5_000,
          parkedAt: 0
        })
      })
    )
  )

  it.effect("insert keeps every field it is given and reads it back the same", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
        const given = {
          id: "w1",
          projectId: p,
          label: "auth-fix",
          labelAuto: false,
          kind: "codex",
          path: "/wt/auth-fix",
          branch: "auth-fix",
          base: "main",
          baseSha: "0123abcd",
          folder: "Auth",
          color: "teal",
          isOpen: true,
          position: 7,
          model: "gpt-5",
          effort: "high",
          ultracode: true,
          originSessionId: "s0",
          originLabel: "planner",
          confined: true,
          providerSessionId: "conv-1",
          subagentDepth: 2,
          pinned: true,
          createdAt: 10,
          activityAt: 20,
          parkedAt: 0
        }
        expect(yield* add(given)).toEqual(given)
        expect(yield* sessions.get("w1")).toEqual(Option.some(given))
      })
    )
  )

  it.effect("a new card goes after the project's last one, parked ones included", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
        yield* add({ id: "a", projectId: p, label: "a" })
        yield* add({ id: "b", projectId: p, label: "b", position: 5 })
        yield* sessions.park("b")
        expect((yield* add({ id: "c", projectId: p, label: "c" })).position).toBe(6)
        expect((yield* add({ id: "d", projectId: q, label: "d" })).position).toBe(0)
      })
    )
  )

  it.effect("insert into an unknown project fails with a StoreError, not a defect", () =>
    withSessions(() =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(add({ id: "s1", projectId: "nope", label: "x" }))
        expect(error._tag).toBe("StoreError")
        expect(error.message).toContain("FOREIGN KEY")
      })
    )
  )

  it.effect("insert with an id already taken fails with a StoreError", () =>
    withSessions(({ p }) =>
      Effect.gen(function* () {
        yield* add({ id: "s1", projectId: p, label: "a" })
        const error = yield* Effect.flip(add({ id: "s1", projectId: p, label: "b" }))
        expect(error.message).toBe("Sessions.insert failed: UNIQUE constraint failed: sessions.id")
      })
    )
  )

  it.effect("get answers None for an unknown id, and updates on one report that nothing changed", () =>
    withSessions(({ sessions }) =>
      Effect.gen(function* () {
        expect(yield* sessions.get("nope")).toEqual(Option.none())
        expect(yield* sessions.rename("nope", "x")).toBe(false)
        expect(yield* sessions.setAutoTitle("nope", "x")).toBe(false)
        expect(yield* sessions.park("nope")).toBe(false)
        expect(yield* sessions.unpark("nope")).toBe(false)
        expect(yield* sessions.delete("nope")).toBe(false)
        expect(yield* sessions.setFolder("nope", "x")).toEqual(Option.none())
        expect(yield* sessions.setProviderSessionId("nope", "x")).toBe(false)
        expect(yield* sessions.touchActivity("nope", 1)).toBe(false)
      })
    )
  )

  it.effect("a rename makes the label the user's, so the provider's auto-title no longer lands", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
        yield* add({ id: "s1", projectId: p, label: "Session 1" })
        expect(yield* sessions.setAutoTitle("s1", "Fix the login bug")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.label, s.labelAuto])).toEqual(Option.some(["Fix the login bug", true]))
        expect(yield* sessions.rename("s1", "login")).toBe(true)
        expect(yield* sessions.setAutoTitle("s1", "Something else")).toBe(false)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.label, s.labelAuto])).toEqual(Option.some(["login", false]))
      })
    )
  )

  it.effect("park dates the row and hides it; unpark brings it back", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
        yield* add({ id: "s1", projectId: p, label: "a" })
        yield* TestClock.setTime(42_000)
        expect(yield* sessions.park("s1")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.isOpen, s.parkedAt])).toEqual(Option.some([false, 42_000]))
        expect(yield* sessions.listOpen()).toEqual([])
        expect(yield* sessions.unpark("s1")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.isOpen, s.parkedAt])).toEqual(Option.some([true, 0]))
      })
    )
  )

  it.effect("setProviderSessionId and touchActivity write their column", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
        yield* add({ id: "s1", projectId: p, label: "a" })
        expect(yield* sessions.setProviderSessionId("s1", "conv-9")).toBe(true)
        expect(yield* sessions.touchActivity("s1", 99_000)).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.providerSessionId, s.activityAt])).toEqual(Option.some(["conv-9", 99_000]))
      })
    )
  )
})
