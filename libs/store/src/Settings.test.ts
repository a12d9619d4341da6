import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Settings } from "./Settings.js"
import { StoreLive } from "./Store.js"
import { withStore } from "./testStore.js"

describe("Settings", () => {
  it.effect("an unset key answers None", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        expect(yield* settings.get("usage.cost")).toEqual(Option.none())
        expect(yield* settings.get("usage.cost", "p1")).toEqual(Option.none())
      })
    )
  )

  it.effect("a global value is read globally and by every project that has none of its own", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("claude.bin", "/usr/bin/claude")
        expect(yield* settings.get("claude.bin")).toEqual(Option.some("/usr/bin/claude"))
        expect(yield* settings.get("claude.bin", "p1")).toEqual(Option.some("/usr/bin/claude"))
      })
    )
  )

  it.effect("a project's value wins over the global one for that project only", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("claude.bin", "/usr/bin/claude")
        yield* settings.set("claude.bin", "/opt/claude", "p1")
        expect(yield* settings.get("claude.bin", "p1")).toEqual(Option.some("/opt/claude"))
        expect(yield* settings.get("claude.bin", "p2")).toEqual(Option.some("/usr/bin/claude"))
        expect(yield* settings.get("claude.bin")).toEqual(Option.some("/usr/bin/claude"))
      })
    )
  )

  it.effect("a project value with no global one is invisible globally", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("vcs.account", "work", "p1")
        expect(yield* settings.get("vcs.account")).toEqual(Option.none())
      })
    )
  )

  it.effect("set overwrites the value in its own scope", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("usage.cost", "false")
        yield* settings.set("usage.cost", "true")
        expect(yield* settings.get("usage.cost")).toEqual(Option.some("true"))
      })
    )
  )

  it.effect("remove deletes one scope's value and reports whether there was one", () =>
    withStore(
      Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("claude.bin", "/usr/bin/claude")
        yield* settings.set("claude.bin", "/opt/claude", "p1")
        expect(yield* settings.remove("claude.bin", "p1")).toBe(true)
        expect(yield* settings.get("claude.bin", "p1")).toEqual(Option.some("/usr/bin/claude"))
        expect(yield* settings.remove("claude.bin")).toBe(true)
        expect(yield* settings.get("claude.bin", "p1")).toEqual(Option.none())
        expect(yield* settings.remove("claude.bin")).toBe(false)
      })
    )
  )

  // Settings are held in memory once read: what the file held when the store opened is what is read.
  it.effect("what was set before the store reopened is read after, each scope its own", () =>
    Effect.gen(function* () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-settings-"))
      const file = path.join(dir, "lich.db")
      const write = Effect.gen(function* () {
        const settings = yield* Settings
        yield* settings.set("claude.bin", "/usr/bin/claude")
        yield* settings.set("claude.bin", "/opt/claude", "p1")
        yield* settings.set("usage.cost", "off")
        yield* settings.remove("usage.cost")
      })
      yield* Effect.provide(write, StoreLive(file))
      const read = Effect.gen(function* () {
        const settings = yield* Settings
        return [yield* settings.get("claude.bin"), yield* settings.get("claude.bin", "p1"), yield* settings.get("usage.cost")]
      })
      const after = yield* Effect.provide(read, StoreLive(file))
      fs.rmSync(dir, { recursive: true, force: true })
      expect(after).toEqual([Option.some("/usr/bin/claude"), Option.some("/opt/claude"), Option.none()])
    })
  )
})
