import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, TestClock } from "effect"
import { Projects } from "./Projects.js"
import type { NewSession } from "./SessionRow.js"
import { Sessions } from "./Sessions.js"
import { withStore } from "./testStore.js"

const project = (path: string) =>
  Effect.flatMap(Projects, (projects) => projects.openByPath(path)).pipe(Effect.map(({ project }) => project.id))

const add = (row: NewSession) => Effect.flatMap(Sessions, (sessions) => sessions.insert(row))

const labels = (rows: ReadonlyArray<{ readonly label: string }>) => rows.map((row) => row.label)

describe("Sessions", () => {
  it.effect("insert fills every column's default and dates the row now", () =>
    withStore(
      Effect.gen(function* () {
        yield* TestClock.setTime(5_000)
        const p = yield* project("/src/lich")
        const row = yield* add({ id: "s1", projectId: p, label: "Session 1" })
        expect(row).toEqual({
          id: "s1",
          projectId: p,
          label: "Session 1",
          labelAuto: true,
          kind: "claude",
          path: "",
          branch: "",
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
    ))

  it.effect("insert keeps every field it is given and reads it back the same", () =>
    withStore(
      Effect.gen(function* () {
        const p = yield* project("/src/lich")
        const given = {
          id: "w1",
          projectId: p,
          label: "auth-fix",
          labelAuto: false,
          kind: "codex",
          path: "/wt/auth-fix",
          branch: "auth-fix",
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
        const sessions = yield* Sessions
        expect(yield* sessions.get("w1")).toEqual(Option.some(given))
      })
    ))

  it.effect("a new card goes after the project's last one, parked ones included", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        const q = yield* project("/src/revu")
        yield* add({ id: "a", projectId: p, label: "a" })
        yield* add({ id: "b", projectId: p, label: "b", position: 5 })
        yield* sessions.park("b")
        expect((yield* add({ id: "c", projectId: p, label: "c" })).position).toBe(6)
        expect((yield* add({ id: "d", projectId: q, label: "d" })).position).toBe(0)
      })
    ))

  it.effect("insert into an unknown project fails with a StoreError, not a defect", () =>
    withStore(
      Effect.gen(function* () {
        const error = yield* Effect.flip(add({ id: "s1", projectId: "nope", label: "x" }))
        expect(error._tag).toBe("StoreError")
        expect(error.message).toContain("FOREIGN KEY")
      })
    ))

  it.effect("insert with an id already taken fails with a StoreError", () =>
    withStore(
      Effect.gen(function* () {
        const p = yield* project("/src/lich")
        yield* add({ id: "s1", projectId: p, label: "a" })
        const error = yield* Effect.flip(add({ id: "s1", projectId: p, label: "b" }))
        expect(error.message).toBe("Sessions.insert failed: UNIQUE constraint failed: sessions.id")
      })
    ))

  it.effect("get answers None for an unknown id, and updates on one report that nothing changed", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
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
    ))

  it.effect("listOpen orders by tab, then card, then age, and leaves out parked rows and closed tabs", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const projects = yield* Projects
        const p = yield* project("/src/p")
        const q = yield* project("/src/q")
        const closed = yield* project("/src/closed")
        yield* add({ id: "q1", projectId: q, label: "q1" })
        yield* add({ id: "p2", projectId: p, label: "p2", position: 2 })
        yield* add({ id: "p1", projectId: p, label: "p1", position: 1 })
        yield* add({ id: "p1b", projectId: p, label: "p1b", position: 1 })
        yield* add({ id: "parked", projectId: p, label: "parked" })
        yield* add({ id: "c1", projectId: closed, label: "c1" })
        yield* sessions.park("parked")
        yield* projects.close(closed)
        expect(labels(yield* sessions.listOpen())).toEqual(["p1", "p1b", "p2", "q1"])
      })
    ))

  it.effect("listByProject leaves parked rows out unless asked for them", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/p")
        const q = yield* project("/src/q")
        yield* add({ id: "a", projectId: p, label: "a" })
        yield* add({ id: "b", projectId: p, label: "b" })
        yield* add({ id: "c", projectId: q, label: "c" })
        yield* sessions.park("a")
        expect(labels(yield* sessions.listByProject(p))).toEqual(["b"])
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["a", "b"])
      })
    ))

  it.effect("a rename makes the label the user's, so the provider's auto-title no longer lands", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* add({ id: "s1", projectId: p, label: "Session 1" })
        expect(yield* sessions.setAutoTitle("s1", "Fix the login bug")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.label, s.labelAuto])).toEqual(
          Option.some(["Fix the login bug", true])
        )
        expect(yield* sessions.rename("s1", "login")).toBe(true)
        expect(yield* sessions.setAutoTitle("s1", "Something else")).toBe(false)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.label, s.labelAuto])).toEqual(
          Option.some(["login", false])
        )
      })
    ))

  it.effect("park dates the row and hides it; unpark brings it back", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* add({ id: "s1", projectId: p, label: "a" })
        yield* TestClock.setTime(42_000)
        expect(yield* sessions.park("s1")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.isOpen, s.parkedAt])).toEqual(
          Option.some([false, 42_000])
        )
        expect(yield* sessions.listOpen()).toEqual([])
        expect(yield* sessions.unpark("s1")).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.isOpen, s.parkedAt])).toEqual(Option.some([true, 0]))
      })
    ))

  it.effect("delete removes one row", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* add({ id: "a", projectId: p, label: "a" })
        yield* add({ id: "b", projectId: p, label: "b" })
        expect(yield* sessions.delete("a")).toBe(true)
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["b"])
      })
    ))

  it.effect("deleteAtPath removes every row at that checkout, parked too, and nothing elsewhere", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/p")
        const q = yield* project("/src/q")
        yield* add({ id: "w1", projectId: p, label: "w1", path: "/wt/x" })
        yield* add({ id: "w2", projectId: p, label: "w2", path: "/wt/x" })
        yield* add({ id: "home", projectId: p, label: "home" })
        yield* add({ id: "other", projectId: q, label: "other", path: "/wt/x" })
        yield* sessions.park("w1")
        expect([...(yield* sessions.deleteAtPath(p, "/wt/x"))].sort()).toEqual(["w1", "w2"])
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["home"])
        expect(labels(yield* sessions.listByProject(q))).toEqual(["other"])
      })
    ))

  it.effect("findParkedAtPath finds the most recently parked row at that checkout", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/p")
        yield* add({ id: "old", projectId: p, label: "old", path: "/wt/x" })
        yield* add({ id: "new", projectId: p, label: "new", path: "/wt/x" })
        yield* add({ id: "open", projectId: p, label: "open", path: "/wt/x" })
        yield* add({ id: "elsewhere", projectId: p, label: "elsewhere", path: "/wt/y" })
        yield* TestClock.setTime(2_000)
        yield* sessions.park("new")
        yield* TestClock.setTime(1_000)
        yield* sessions.park("old")
        yield* sessions.park("elsewhere")
        expect(Option.map(yield* sessions.findParkedAtPath(p, "/wt/x"), (s) => s.id)).toEqual(Option.some("new"))
        expect(yield* sessions.findParkedAtPath(p, "/wt/z")).toEqual(Option.none())
      })
    ))

  it.effect("deleting a project row takes its sessions with it", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const sql = yield* SqlClient.SqlClient
        const p = yield* project("/src/p")
        const q = yield* project("/src/q")
        yield* add({ id: "a", projectId: p, label: "a" })
        yield* add({ id: "b", projectId: p, label: "b" })
        yield* add({ id: "c", projectId: q, label: "c" })
        yield* sessions.park("b")
        yield* sql`DELETE FROM projects WHERE id = ${p}`
        expect(yield* sessions.get("a")).toEqual(Option.none())
        expect(yield* sessions.get("b")).toEqual(Option.none())
        expect(Option.isSome(yield* sessions.get("c"))).toBe(true)
      })
    ))

  it.effect("setProviderSessionId and touchActivity write their column", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* add({ id: "s1", projectId: p, label: "a" })
        expect(yield* sessions.setProviderSessionId("s1", "conv-9")).toBe(true)
        expect(yield* sessions.touchActivity("s1", 99_000)).toBe(true)
        expect(Option.map(yield* sessions.get("s1"), (s) => [s.providerSessionId, s.activityAt])).toEqual(
          Option.some(["conv-9", 99_000])
        )
      })
    ))

  it.effect("labelTaken looks at the project's open sessions, case-insensitively, except the one named", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/p")
        const q = yield* project("/src/q")
        yield* add({ id: "a", projectId: p, label: "Auth-Fix" })
        yield* add({ id: "b", projectId: p, label: "Parked" })
        yield* add({ id: "c", projectId: q, label: "elsewhere" })
        yield* sessions.park("b")
        expect(yield* sessions.labelTaken(p, "auth-fix")).toBe(true)
        expect(yield* sessions.labelTaken(p, "auth-fix", "a")).toBe(false)
        expect(yield* sessions.labelTaken(p, "parked")).toBe(false)
        expect(yield* sessions.labelTaken(p, "elsewhere")).toBe(false)
        expect(yield* sessions.labelTaken(q, "ELSEWHERE")).toBe(true)
      })
    ))
})
