// The listings kept in memory between writes (generations.ts, migration 8): read twice with no write
// between, the store hands out the same rows without reading them again; any write to the tables
// they come from — through a repository, as raw SQL no repository knows of, or as a cascade — is
// seen by the next read, and a write rolled back changes nothing.
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Ledger } from "./Ledger.js"
import { Projects } from "./Projects.js"
import { Sessions } from "./Sessions.js"
import { withStore } from "./testStore.js"

const seed = Effect.gen(function* () {
  const { project } = yield* (yield* Projects).openByPath("/code/lich")
  yield* (yield* Sessions).insert({ id: "s1", projectId: project.id, label: "one", kind: "claude" })
  return project.id
})

const labels = Effect.map(
  Effect.flatMap(Sessions, (s) => s.listOpen()),
  (rows) => rows.map((r) => r.label)
)

describe("listings kept between writes", () => {
  it.effect("two reads with no write between hand out the same rows", () =>
    withStore(
      Effect.gen(function* () {
        yield* seed
        const sessions = yield* Sessions
        const projects = yield* Projects
        const ledger = yield* Ledger
        expect(yield* sessions.listOpen()).toBe(yield* sessions.listOpen())
        expect(yield* projects.listOpen()).toBe(yield* projects.listOpen())
        expect(yield* ledger.sessions()).toBe(yield* ledger.sessions())
      })
    )
  )

  it.effect("a write through a repository is seen by the next read", () =>
    withStore(
      Effect.gen(function* () {
        const p = yield* seed
        const sessions = yield* Sessions
        expect(yield* labels).toEqual(["one"])
        yield* sessions.rename("s1", "renamed")
        expect(yield* labels).toEqual(["renamed"])
        yield* sessions.insert({ id: "s2", projectId: p, label: "two", kind: "claude" })
        expect(yield* labels).toEqual(["renamed", "two"])
        yield* sessions.park("s2")
        expect(yield* labels).toEqual(["renamed"])
        yield* (yield* Projects).close(p)
        expect(yield* labels).toEqual([])
        expect(yield* (yield* Projects).listOpen()).toEqual([])
      })
    )
  )

  it.effect("a write no repository made (raw SQL, a cascade) is seen too", () =>
    withStore(
      Effect.gen(function* () {
        const p = yield* seed
        const sql = yield* SqlClient.SqlClient
        const ledger = yield* Ledger
        expect(yield* labels).toEqual(["one"])
        yield* sql`UPDATE sessions SET label = 'by hand' WHERE id = 's1'`
        expect(yield* labels).toEqual(["by hand"])
        expect((yield* ledger.sessions()).map((s) => s.rows.length)).toEqual([0])
        yield* sql`INSERT INTO session_costs (session_id, transcript_id, source, byte_offset, cursor, cost_usd, stuck, activity_at)
          VALUES ('s1', 't', 'priced', 0, '', 1.5, 0, 1)`
        expect((yield* ledger.sessions()).map((s) => s.rows.map((r) => r.costUsd))).toEqual([[1.5]])
        yield* sql`DELETE FROM projects WHERE id = ${p}`
        expect(yield* labels).toEqual([])
        expect(yield* ledger.sessions()).toEqual([])
      })
    )
  )

  it.effect("a write rolled back leaves the listing as it was", () =>
    withStore(
      Effect.gen(function* () {
        yield* seed
        const sql = yield* SqlClient.SqlClient
        const before = yield* (yield* Sessions).listOpen()
        yield* sql`UPDATE sessions SET label = 'never' WHERE id = 's1'`.pipe(
          Effect.zipRight(Effect.fail("undo")),
          sql.withTransaction,
          Effect.ignore
        )
        expect(yield* labels).toEqual(["one"])
        expect(yield* (yield* Sessions).listOpen()).toBe(before)
      })
    )
  )
})
