import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { NewSession } from "./SessionRow.js"
import { groupFolders, Sessions } from "./Sessions.js"
import { project } from "./sessionsFixture.js"
import { withStore } from "./testStore.js"

/** A project whose cards, in sidebar order, are: a(Auth) b c(Docs) d(Auth) e(Auth, parked) f. */
const sidebar = Effect.gen(function* () {
  const sessions = yield* Sessions
  const p = yield* project("/src/lich")
  const rows: ReadonlyArray<NewSession> = [
    { id: "a", projectId: p, label: "auth-fix", folder: "Auth" },
    { id: "b", projectId: p, label: "loose" },
    { id: "c", projectId: p, label: "changelog", folder: "Docs" },
    { id: "d", projectId: p, label: "login-tests", folder: "Auth" },
    { id: "e", projectId: p, label: "old-auth", folder: "Auth" },
    { id: "f", projectId: p, label: "readme", folder: "Docs " }
  ]
  for (const row of rows) yield* sessions.insert(row)
  yield* sessions.park("e")
  return { sessions, p }
})

const folderOf = (id: string) => Effect.flatMap(Sessions, (sessions) => sessions.get(id)).pipe(Effect.map(Option.map((s) => s.folder)))

describe("Sessions folders", () => {
  it("groupFolders keeps folders in order of their first card and skips unfiled ones", () => {
    expect(
      groupFolders([
        { folder: "B", label: "1" },
        { folder: "", label: "2" },
        { folder: "A", label: "3" },
        { folder: "B", label: "4" }
      ])
    ).toEqual([
      { name: "B", sessions: ["1", "4"] },
      { name: "A", sessions: ["3"] }
    ])
  })

  it.effect("folders lists names as the sidebar draws them, matched exactly, parked cards left out", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        expect(yield* sessions.folders(p)).toEqual([
          { name: "Auth", sessions: ["auth-fix", "login-tests"] },
          { name: "Docs", sessions: ["changelog"] },
          { name: "Docs ", sessions: ["readme"] }
        ])
      })
    )
  )

  it.effect("a folder whose only session is parked is not listed", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* sessions.insert({ id: "a", projectId: p, label: "a", folder: "Gone" })
        yield* sessions.park("a")
        expect(yield* sessions.folders(p)).toEqual([])
      })
    )
  )

  it.effect("the folder order follows the first card when cards move", () =>
    withStore(
      Effect.gen(function* () {
        const sessions = yield* Sessions
        const p = yield* project("/src/lich")
        yield* sessions.insert({ id: "a", projectId: p, label: "a", folder: "Late", position: 9 })
        yield* sessions.insert({ id: "b", projectId: p, label: "b", folder: "Early", position: 3 })
        yield* sessions.insert({ id: "c", projectId: p, label: "c", folder: "Late", position: 1 })
        expect(yield* sessions.folders(p)).toEqual([
          { name: "Late", sessions: ["c", "a"] },
          { name: "Early", sessions: ["b"] }
        ])
      })
    )
  )

  it.effect("setFolder files a session and returns the folder it left", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions } = yield* sidebar
        expect(yield* sessions.setFolder("b", "Docs")).toEqual(Option.some(""))
        expect(yield* sessions.setFolder("b", "")).toEqual(Option.some("Docs"))
        expect(yield* folderOf("b")).toEqual(Option.some(""))
      })
    )
  )

  it.effect("renameFolder moves parked rows too and names the open ones it moved, in card order", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        expect(yield* sessions.renameFolder(p, "Auth", "Login")).toEqual(["auth-fix", "login-tests"])
        expect(yield* folderOf("e")).toEqual(Option.some("Login"))
        expect((yield* sessions.folders(p)).map((f) => f.name)).toEqual(["Login", "Docs", "Docs "])
      })
    )
  )

  it.effect("renameFolder onto a name the project already has merges the two", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        expect(yield* sessions.renameFolder(p, "Docs", "Auth")).toEqual(["changelog"])
        expect(yield* sessions.folders(p)).toEqual([
          { name: "Auth", sessions: ["auth-fix", "changelog", "login-tests"] },
          { name: "Docs ", sessions: ["readme"] }
        ])
      })
    )
  )

  it.effect("renameFolder to '' takes the folder apart", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        expect(yield* sessions.renameFolder(p, "Auth", "")).toEqual(["auth-fix", "login-tests"])
        expect(yield* folderOf("e")).toEqual(Option.some(""))
        expect((yield* sessions.folders(p)).map((f) => f.name)).toEqual(["Docs", "Docs "])
      })
    )
  )

  it.effect("renameFolder of a name nothing carries moves nothing, and other projects are untouched", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        const q = yield* project("/src/revu")
        yield* sessions.insert({ id: "q1", projectId: q, label: "q1", folder: "Auth" })
        expect(yield* sessions.renameFolder(p, "auth", "Login")).toEqual([])
        expect(yield* sessions.renameFolder(p, "Auth", "Login")).toEqual(["auth-fix", "login-tests"])
        expect(yield* folderOf("q1")).toEqual(Option.some("Auth"))
      })
    )
  )

  it.effect("setColorForFolder paints every row in the folder, parked too, and names the open ones", () =>
    withStore(
      Effect.gen(function* () {
        const { sessions, p } = yield* sidebar
        expect(yield* sessions.setColorForFolder(p, "Auth", "teal")).toEqual(["auth-fix", "login-tests"])
        const colors = (yield* sessions.listByProject(p, { includeParked: true })).map((s) => [s.id, s.color])
        expect(colors).toEqual([
          ["a", "teal"],
          ["b", ""],
          ["c", ""],
          ["d", "teal"],
          ["e", "teal"],
          ["f", ""]
        ])
        expect(yield* sessions.setColorForFolder(p, "Auth", "")).toEqual(["auth-fix", "login-tests"])
        expect(Option.map(yield* sessions.get("a"), (s) => s.color)).toEqual(Option.some(""))
      })
    )
  )
})
