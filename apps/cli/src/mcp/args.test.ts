import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { flag, MAX_TIMEOUT_SECONDS, nonEmptyText, optionalChoice, optionalText, requiredText, timeoutSeconds } from "./args.js"

const refusal = <A>(e: Effect.Effect<A, { message: string }>) =>
  Effect.map(Effect.either(e), (r) => (Either.isLeft(r) ? r.left.message : "accepted"))

describe("text arguments", () => {
  it.effect("take any scalar a model puts there, as its string", () =>
    Effect.gen(function* () {
      expect(yield* optionalText({ project: "lich" }, "project")).toBe("lich")
      expect(yield* optionalText({ project: 42 }, "project")).toBe("42")
      expect(yield* optionalText({ project: true }, "project")).toBe("true")
      expect(yield* optionalText({ project: 1.5 }, "project")).toBe("1.5")
    }))

  it.effect("read a field left out, or sent as null, as empty when it is optional", () =>
    Effect.gen(function* () {
      expect(yield* optionalText({}, "project")).toBe("")
      expect(yield* optionalText({ project: null }, "project")).toBe("")
    }))

  it.effect("refuse an object or a list, naming the field", () =>
    Effect.gen(function* () {
      expect(yield* refusal(optionalText({ project: { a: 1 } }, "project"))).toBe("project must be text, and this call passed an object")
      expect(yield* refusal(optionalText({ project: ["a"] }, "project"))).toBe("project must be text, and this call passed a list")
    }))

  it.effect("refuse a required field that is missing, but accept it empty — a missing field is not an empty one", () =>
    Effect.gen(function* () {
      expect(yield* refusal(requiredText({}, "folder", "name the folder"))).toBe("folder is required: name the folder")
      expect(yield* refusal(requiredText({ folder: null }, "folder", "name the folder"))).toBe("folder is required: name the folder")
      expect(yield* requiredText({ folder: "" }, "folder", "name the folder")).toBe("")
    }))

  it.effect("refuse an empty value where empty names nothing", () =>
    Effect.gen(function* () {
      expect(yield* refusal(nonEmptyText({ session: "  " }, "session", "name it"))).toBe("session is empty: name it")
      expect(yield* refusal(nonEmptyText({}, "session", "name it"))).toBe("session is required: name it")
      expect(yield* nonEmptyText({ session: 7 }, "session", "name it")).toBe("7")
    }))

  it.effect("take one of a fixed set of words, or nothing, and refuse any other word", () =>
    Effect.gen(function* () {
      expect(yield* optionalChoice({ worktree: "keep" }, "worktree", ["keep", "remove"])).toBe("keep")
      expect(yield* optionalChoice({}, "worktree", ["keep", "remove"])).toBe("")
      expect(yield* refusal(optionalChoice({ worktree: "delete" }, "worktree", ["keep", "remove"]))).toBe(
        'worktree takes "keep" or "remove", not "delete"'
      )
    }))
})

describe("flags", () => {
  it("are on only for true and the string \"true\"", () => {
    expect(flag({ private: true }, "private")).toBe(true)
    expect(flag({ private: "true" }, "private")).toBe(true)
    for (const v of [false, "false", "yes", "TRUE", 1, "1", null, undefined, {}]) expect(flag({ private: v }, "private")).toBe(false)
    expect(flag({}, "private")).toBe(false)
  })
})

describe("timeout_seconds", () => {
  it("takes a number or a numeric string", () => {
    expect(timeoutSeconds({ timeout_seconds: 30 })).toBe(30)
    expect(timeoutSeconds({ timeout_seconds: "45" })).toBe(45)
    expect(timeoutSeconds({ timeout_seconds: " 2.5 " })).toBe(2.5)
  })

  it("is clamped to 90 seconds, the longest a tool call may hold the line", () => {
    expect(MAX_TIMEOUT_SECONDS).toBe(90)
    expect(timeoutSeconds({ timeout_seconds: 600 })).toBe(90)
    expect(timeoutSeconds({ timeout_seconds: "1e9" })).toBe(90)
    expect(timeoutSeconds({ timeout_seconds: 90 })).toBe(90)
  })

  it("means the full 90 seconds when zero, negative, missing or not a number", () => {
    for (const v of [0, -5, "0", "-1", "", "soon", null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(timeoutSeconds({ timeout_seconds: v })).toBe(90)
    }
    expect(timeoutSeconds({})).toBe(90)
  })

  it("keeps a small positive value as it is", () => {
    expect(timeoutSeconds({ timeout_seconds: 0.1 })).toBe(0.1)
  })
})
