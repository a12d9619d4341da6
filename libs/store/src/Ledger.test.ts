import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import * as SqliteClient from "@effect/sql-sqlite-node/SqliteClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Ledger, type LedgerRow } from "./Ledger.js"
import { migrations } from "./migrations.js"
import { Projects } from "./Projects.js"
import { Sessions } from "./Sessions.js"
import { StoreLive } from "./Store.js"
import { withStore } from "./testStore.js"

const row = (over: Partial<LedgerRow> = {}): LedgerRow => ({
  sessionId: "s1",
  transcriptId: "conv-1",
  source: "priced",
  byteOffset: 120,
  cursor: "msg_1",
  costUsd: 0.5,
  stuck: false,
  activityAt: 1_000,
  ...over
})

const seed = Effect.gen(function* () {
  const { project } = yield* (yield* Projects).openByPath("/code/lich")
  yield* (yield* Sessions).insert({ id: "s1", projectId: project.id, label: "one", kind: "claude" })
  yield* (yield* Sessions).insert({ id: "s2", projectId: project.id, label: "two", kind: "shell" })
})

describe("Ledger", () => {
  it.effect("keeps one running total per (session, transcript), replaced on each write", () =>
    withStore(
      Effect.gen(function* () {
        yield* seed
        const ledger = yield* Ledger
        expect(yield* ledger.put(row())).toBe(true)
        expect(yield* ledger.put(row({ byteOffset: 300, costUsd: 0.75, cursor: "msg_2" }))).toBe(true)
        expect(yield* ledger.put(row({ transcriptId: "reported:conv-1", source: "reported", costUsd: 0.8 }))).toBe(true)
        expect(yield* ledger.get("s1", "conv-1")).toEqual(Option.some(row({ byteOffset: 300, costUsd: 0.75, cursor: "msg_2" })))
        const sessions = yield* ledger.sessions()
        expect(sessions.map((s) => [s.id, s.project, s.kind, s.rows.length])).toEqual([
          ["s1", "lich", "claude", 2],
          ["s2", "lich", "shell", 0]
        ])
      })
    )
  )

  it.effect("writes nothing for a session whose row is gone", () =>
    withStore(
      Effect.gen(function* () {
        yield* seed
        const ledger = yield* Ledger
        expect(yield* ledger.put(row({ sessionId: "ghost" }))).toBe(false)
        expect(yield* ledger.get("ghost", "conv-1")).toEqual(Option.none())
      })
    )
  )

  it.effect("a session deleted for good takes its ledger with it", () =>
    withStore(
      Effect.gen(function* () {
        yield* seed
        const ledger = yield* Ledger
        yield* ledger.put(row())
        yield* (yield* Sessions).delete("s1")
        expect(yield* ledger.get("s1", "conv-1")).toEqual(Option.none())
        expect((yield* ledger.sessions()).map((s) => s.id)).toEqual(["s2"])
      })
    )
  )
})

describe("a database from before the ledger", () => {
  it.effect("gains the ledger on its next open, keeping its sessions", () =>
    Effect.gen(function* () {
      const dir = mkdtempSync(join(tmpdir(), "lich-ledger-upgrade-"))
      const file = join(dir, "lich.db")
      // What a lich with only the first migration left on disk: its schema and one session.
      yield* Effect.gen(function* () {
        yield* Migrator.make({})({ loader: Effect.map(migrations, (all) => all.filter(([id]) => id === 1)) })
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO projects (id, name, path) VALUES ('p1', 'lich', '/code/lich')`
        yield* sql`INSERT INTO sessions (id, project_id, label) VALUES ('s1', 'p1', 'one')`
        expect(yield* sql`SELECT name FROM sqlite_master WHERE name = 'session_costs'`).toEqual([])
      }).pipe(Effect.provide(SqliteClient.layer({ filename: file })))
      const sessions = yield* Effect.gen(function* () {
        const ledger = yield* Ledger
        expect(yield* ledger.put(row())).toBe(true)
        return yield* ledger.sessions()
      }).pipe(Effect.provide(StoreLive(file)))
      rmSync(dir, { recursive: true, force: true })
      expect(sessions.map((s) => [s.id, s.rows.length])).toEqual([["s1", 1]])
    })
  )
})
