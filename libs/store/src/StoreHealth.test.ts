import { existsSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it } from "@effect/vitest"
import Database from "better-sqlite3"
import { Effect, Layer, Option } from "effect"
import { Settings } from "./Settings.js"
import { Repositories, Database as StoreDatabase } from "./Store.js"
import { StoreHealth } from "./StoreHealth.js"

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "lich-health-"))
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) }
}

const FileStore = (file: string) => Repositories.pipe(Layer.provideMerge(StoreDatabase(file)))

/** What a fresh connection finds in the file now at `file`. */
const settingsInFile = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare("SELECT key, value FROM settings").all()
  } finally {
    db.close()
  }
}

describe("StoreHealth", () => {
  it.effect("refuses writes once lich.db is deleted, says why, keeps reads, and puts what was saved back", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "lich.db")
      yield* Effect.scoped(
        Effect.gen(function* () {
          const settings = yield* Settings
          yield* settings.set("theme", "dusk")
          unlinkSync(file)
          const refused = yield* Effect.flip(settings.set("theme", "dawn"))
          expect(refused.message).toMatch(
            /^lich\.db was deleted or replaced while lich was running .*put back there; quit lich and start it again/
          )
          expect(yield* settings.get("theme")).toEqual(Option.some("dusk"))
          expect((yield* Effect.flip(settings.set("x", "y"))).message).toBe(refused.message)
          expect(Option.isSome(yield* (yield* StoreHealth).problem)).toBe(true)
        }).pipe(Effect.provide(FileStore(file)))
      )
      expect(settingsInFile(file)).toEqual([{ key: "theme", value: "dusk" }])
    })
  )

  it.effect("never writes over a file that replaced lich.db, and still refuses to save into the old one", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "lich.db")
      yield* Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("theme", "dusk")
        renameSync(file, join(tmp.dir, "moved.db"))
        writeFileSync(file, "someone else's file")
        const refused = yield* Effect.flip(settings.set("theme", "dawn"))
        expect(refused.message).toMatch(/deleted or replaced.*; quit lich/)
        expect(refused.message).not.toMatch(/put back/)
      }).pipe(Effect.provide(FileStore(file)), Effect.scoped)
      expect(statSync(file).size).toBe("someone else's file".length)
    })
  )

  it.effect("names a full disk, and saves again once there is room", () =>
    Effect.gen(function* () {
      using tmp = tempDir()
      const file = join(tmp.dir, "lich.db")
      yield* Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const settings = yield* Settings
        // max_page_count is SQLite's own way to run out of room: the same SQLITE_FULL a full disk gives.
        const [row] = yield* sql.unsafe<{ page_count: number }>("PRAGMA page_count")
        yield* sql.unsafe(`PRAGMA max_page_count = ${row!.page_count}`)
        const refused = yield* Effect.flip(settings.set("big", "x".repeat(64 * 1024)))
        expect(refused.message).toBe(
          "the disk holding lich's database is full, so this change was not saved — free some space and try again"
        )
        yield* sql.unsafe("PRAGMA max_page_count = 1073741823")
        yield* settings.set("big", "fits now")
        expect(yield* settings.get("big")).toEqual(Option.some("fits now"))
      }).pipe(Effect.provide(FileStore(file)), Effect.scoped)
    })
  )

  it.effect("finds an in-memory database always healthy", () =>
    Effect.gen(function* () {
      const settings = yield* Settings
      yield* settings.set("a", "b")
      expect(yield* (yield* StoreHealth).problem).toEqual(Option.none())
      expect(existsSync(":memory:")).toBe(false)
    }).pipe(Effect.provide(FileStore(":memory:")))
  )
})
