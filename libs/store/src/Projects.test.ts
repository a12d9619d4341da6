import { createHash } from "node:crypto"
import type * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, TestClock } from "effect"
import { normalizeProjectPath, Projects, type ProjectsShape, projectIdFor, projectNameFor } from "./Projects.js"
import type { StoreServices } from "./Store.js"
import { withStore } from "./testStore.js"

const open = (path: string) => Effect.flatMap(Projects, (projects) => projects.openByPath(path))

/** Runs `body` with the Projects repository over its own empty database. */
const withProjects = <A, E>(body: (projects: ProjectsShape) => Effect.Effect<A, E, StoreServices | SqlClient.SqlClient>) =>
  withStore(Effect.flatMap(Projects, body))

describe("Projects", () => {
  it("derives the id from the first six bytes of the path's sha256, and the name from its basename", () => {
    const expected = createHash("sha256").update("/home/you/src/lich").digest("hex").slice(0, 12)
    expect(projectIdFor("/home/you/src/lich")).toBe(expected)
    expect(projectNameFor("/home/you/src/lich")).toBe("lich")
    expect(projectNameFor("/")).toBe("/")
  })

  it("spells one directory one way, so a trailing slash does not fork the id", () => {
    expect(normalizeProjectPath("/src/lich/")).toBe("/src/lich")
    expect(normalizeProjectPath("/src/./lich")).toBe("/src/lich")
    expect(projectIdFor("/src/lich/")).toBe(projectIdFor("/src/lich"))
  })

  it.effect("an unseen directory becomes a new open project with its counter at one", () =>
    withStore(
      Effect.gen(function* () {
        yield* TestClock.setTime(1_700_000_000_000)
        const { project, change } = yield* open("/src/lich")
        expect(change).toBe("created")
        expect(project).toEqual({
          id: projectIdFor("/src/lich"),
          name: "lich",
          path: "/src/lich",
          isOpen: true,
          nextSeq: 1,
          activeSessionId: "",
          position: 0,
          createdAt: 1_700_000_000_000
        })
      })
    )
  )

  it.effect("a closed directory opened again comes back with the same id, name and counter", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const first = yield* open("/src/lich")
        yield* projects.takeSeq(first.project.id)
        expect(yield* projects.close(first.project.id)).toBe(true)
        expect(yield* projects.listOpen()).toEqual([])
        const again = yield* open("/src/lich/")
        expect(again.change).toBe("reopened")
        expect(again.project.id).toBe(first.project.id)
        expect(again.project.name).toBe("lich")
        expect(again.project.isOpen).toBe(true)
        expect(again.project.nextSeq).toBe(2)
      })
    )
  )

  it.effect("opening a directory that is already open changes nothing", () =>
    withStore(
      Effect.gen(function* () {
        const first = yield* open("/src/lich")
        const again = yield* open("/src/lich")
        expect(again).toEqual({ project: first.project, change: "unchanged" })
      })
    )
  )

  it.effect("a reopened project's tab goes after the tabs open now", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const a = yield* open("/src/a")
        yield* open("/src/b")
        yield* projects.close(a.project.id)
        yield* open("/src/a")
        expect((yield* projects.listOpen()).map((p) => p.name)).toEqual(["b", "a"])
      })
    )
  )

  it.effect("get finds a project by id and answers None for an unknown one", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const { project } = yield* open("/src/lich")
        expect(yield* projects.get(project.id)).toEqual(Option.some(project))
        expect(yield* projects.get("nope")).toEqual(Option.none())
      })
    )
  )

  it.effect("findByName matches case-insensitively among open projects only, and may find several", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        yield* open("/work/Lich")
        yield* open("/home/lich")
        const closed = yield* open("/old/LICH")
        yield* open("/src/revu")
        yield* projects.close(closed.project.id)
        const found = yield* projects.findByName("lICH")
        expect(found.map((p) => p.path)).toEqual(["/work/Lich", "/home/lich"])
        expect(yield* projects.findByName("ÉCOLE")).toEqual([])
      })
    )
  )

  it.effect("findByName folds non-ASCII letters too", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        yield* open("/src/école")
        expect((yield* projects.findByName("ÉCOLE")).map((p) => p.name)).toEqual(["école"])
      })
    )
  )

  it.effect("findByPath finds closed projects too, and answers None for an unseen path", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const { project } = yield* open("/src/lich")
        yield* projects.close(project.id)
        const found = yield* projects.findByPath("/src/lich/")
        expect(Option.map(found, (p) => [p.id, p.isOpen])).toEqual(Option.some([project.id, false]))
        expect(yield* projects.findByPath("/src/other")).toEqual(Option.none())
      })
    )
  )

  it.effect("listOpen lists open projects in tab order", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        yield* open("/src/c")
        yield* open("/src/a")
        yield* open("/src/b")
        expect((yield* projects.listOpen()).map((p) => [p.name, p.position])).toEqual([
          ["c", 0],
          ["a", 1],
          ["b", 2]
        ])
      })
    )
  )

  it.effect("takeSeq hands out the counter and moves it on", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const { project } = yield* open("/src/lich")
        expect(yield* projects.takeSeq(project.id)).toBe(1)
        expect(yield* projects.takeSeq(project.id)).toBe(2)
        expect(Option.map(yield* projects.get(project.id), (p) => p.nextSeq)).toEqual(Option.some(3))
      })
    )
  )

  it.effect("fifty concurrent takeSeq calls get fifty different numbers", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const { project } = yield* open("/src/lich")
        const seqs = yield* Effect.all(
          Array.from({ length: 50 }, () => projects.takeSeq(project.id)),
          { concurrency: "unbounded" }
        )
        expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
        expect(Option.map(yield* projects.get(project.id), (p) => p.nextSeq)).toEqual(Option.some(51))
      })
    )
  )

  it.effect("takeSeq on an unknown project fails with a StoreError naming it", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(projects.takeSeq("nope"))
        expect(error._tag).toBe("StoreError")
        expect(error.message).toContain('"nope"')
      })
    )
  )

  it.effect("setActive records the card a reload lands on", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        const { project } = yield* open("/src/lich")
        expect(yield* projects.setActive(project.id, "s1")).toBe(true)
        expect(Option.map(yield* projects.get(project.id), (p) => p.activeSessionId)).toEqual(Option.some("s1"))
        expect(yield* projects.setActive("nope", "s1")).toBe(false)
      })
    )
  )

  it.effect("close reports whether a project was there to close", () =>
    withProjects((projects) =>
      Effect.gen(function* () {
        expect(yield* projects.close("nope")).toBe(false)
      })
    )
  )
})
