import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, TestClock } from "effect"
import { Projects } from "./Projects.js"
import { add, addCards, labels, project, withSessions } from "./sessionsFixture.js"

describe("Sessions: lists, checkouts and labels", () => {
  it.effect("listOpen orders by tab, then card, then age, and leaves out parked rows and closed tabs", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
        const projects = yield* Projects
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
    )
  )

  it.effect("listByProject leaves parked rows out unless asked for them", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
        yield* addCards(p, "a", "b")
        yield* addCards(q, "c")
        yield* sessions.park("a")
        expect(labels(yield* sessions.listByProject(p))).toEqual(["b"])
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["a", "b"])
      })
    )
  )

  it.effect("delete removes one row", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
        yield* addCards(p, "a", "b")
        expect(yield* sessions.delete("a")).toBe(true)
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["b"])
      })
    )
  )

  it.effect("deleteAtPath removes every row at that checkout, parked too, and nothing elsewhere", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
        yield* add({ id: "w1", projectId: p, label: "w1", path: "/wt/x" })
        yield* add({ id: "w2", projectId: p, label: "w2", path: "/wt/x" })
        yield* add({ id: "home", projectId: p, label: "home" })
        yield* add({ id: "other", projectId: q, label: "other", path: "/wt/x" })
        yield* sessions.park("w1")
        expect([...(yield* sessions.deleteAtPath(p, "/wt/x"))].sort()).toEqual(["w1", "w2"])
        expect(labels(yield* sessions.listByProject(p, { includeParked: true }))).toEqual(["home"])
        expect(labels(yield* sessions.listByProject(q))).toEqual(["other"])
      })
    )
  )

  it.effect("findParkedAtPath finds the most recently parked row at that checkout", () =>
    withSessions(({ sessions, p }) =>
      Effect.gen(function* () {
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
    )
  )

  it.effect("deleting a project row takes its sessions with it", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* addCards(p, "a", "b")
        yield* addCards(q, "c")
        yield* sessions.park("b")
        yield* sql`DELETE FROM projects WHERE id = ${p}`
        expect(yield* sessions.get("a")).toEqual(Option.none())
        expect(yield* sessions.get("b")).toEqual(Option.none())
        expect(Option.isSome(yield* sessions.get("c"))).toBe(true)
      })
    )
  )

  it.effect("labelTaken looks at the project's open sessions, case-insensitively, except the one named", () =>
    withSessions(({ sessions, p, q }) =>
      Effect.gen(function* () {
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
    )
  )
})
