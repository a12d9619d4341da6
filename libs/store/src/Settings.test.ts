import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Settings } from "./Settings.js"
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
})
