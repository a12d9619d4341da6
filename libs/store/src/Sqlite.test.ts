import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { Projects } from "./Projects.js"
import { SqliteLive, SqliteMemory } from "./Sqlite.js"
import { Database, Repositories, StoreLive } from "./Store.js"

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "lich-store-"))
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) }
}

// The value column of a PRAGMA is not always named after it (busy_timeout answers as "timeout").
const pragma = (name: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<Record<string, unknown>>(`PRAGMA ${name}`)).pipe(
    Effect.map((rows) => Object.values(rows[0] ?? {})[0])
  )

// The repositories with the SqlClient left visible, over one file.
const FileStore = (file: string) => Repositories.pipe(Layer.provideMerge(Database(file)))

describe("SqliteLive", () => {
  it.effect("turns foreign keys on and waits five seconds for a busy lock", () =>
    Effect.gen(function* () {
      expect(yield* pragma("foreign_keys")).toBe(1)
      expect(yield* pragma("busy_timeout")).toBe(5000)
    }).pipe(Effect.provide(SqliteMemory))
  )

  it.effect("runs a file database in WAL mode, synced at checkpoints (synchronous=NORMAL), not at every commit", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const [mode, sync] = yield* Effect.all([pragma("journal_mode"), pragma("synchronous")]).pipe(
        Effect.provide(SqliteLive(join(tmp.dir, "lich.db")))
      )
      expect(mode).toBe("wal")
      expect(sync).toBe(1)
    })
  )

  it.effect(
    "creates every table of the migrations (2: the cost ledger, 3: the relay's journal, 4: reviews, 5: hosts, 6: the relay's timeline, 7: budgets, 8: the listings' generations)",
    () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const tables = yield* sql<{ readonly name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
        expect(tables.map((t) => t.name)).toEqual([
          "effect_sql_migrations",
          "errand_records",
          "far_errands",
          "hosts",
          "plan_windows",
          "projects",
          "relay_journal",
          "review_comments",
          "reviews",
          "session_costs",
          "sessions",
          "settings",
          "spend_days",
          "store_generations",
          "worktree_ports"
        ])
      }).pipe(Effect.provide(SqliteMemory))
  )

  it.effect("opening the same file twice migrates once and keeps what the first run wrote", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "lich.db")
      const first = yield* Effect.flatMap(Projects, (p) => p.openByPath("/src/lich")).pipe(Effect.provide(StoreLive(file)))
      const [again, migrations] = yield* Effect.gen(function* () {
        const projects = yield* Projects
        const sql = yield* SqlClient.SqlClient
        const again = yield* projects.get(first.project.id)
        const migrations = yield* sql<{ readonly migration_id: number }>`SELECT migration_id FROM effect_sql_migrations`
        return [again, migrations] as const
      }).pipe(Effect.provide(FileStore(file)))
      expect(Option.getOrThrow(again).path).toBe("/src/lich")
      expect(migrations.map((m) => m.migration_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    })
  )

  it.effect("a file in a directory that does not exist fails with a StoreError naming it", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "missing", "lich.db")
      const exit = yield* Effect.exit(Effect.provide(Effect.void, SqliteLive(file)))
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const error = exit.cause._tag === "Fail" ? exit.cause.error : undefined
        expect(error?._tag).toBe("StoreError")
        expect(error?.message).toContain(file)
      }
    })
  )

  it.effect("a file that is not a database fails with a StoreError, not a crash", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "lich.db")
      writeFileSync(file, "this is not a database, it is a grocery list ".repeat(100))
      const error = yield* Effect.flip(Effect.provide(Effect.void, SqliteLive(file)))
      expect(error._tag).toBe("StoreError")
      expect(error.message).toMatch(/cannot open the store at .*lich\.db: .*not a database/)
    })
  )
})
