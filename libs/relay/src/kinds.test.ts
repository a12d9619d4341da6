/**
 * A workspace that cannot be read while a task is routed: the task is typed (kind unknown), and the
 * failure is said in the log rather than passed off as an empty workspace.
 */
import { it } from "@effect/vitest"
import { Failed } from "@lich/contract"
import type { Workspace } from "@lich/spawn"
import { Effect, Logger } from "effect"
import { describe, expect } from "vitest"
import { hasTools, kindOf } from "./kinds.js"

const unreadable = { cards: () => Effect.fail(new Failed({ message: "database is locked" })) } as unknown as Workspace["Type"]

describe("what runs in a session", () => {
  it.effect("is unknown when the workspace cannot be read, and the log says why", () =>
    Effect.gen(function* () {
      const lines: Array<string> = []
      const capture = Logger.replace(
        Logger.defaultLogger,
        Logger.make(({ message }) => void lines.push(String(message)))
      )
      const kind = yield* kindOf(unreadable, "s1").pipe(Effect.provide(capture))
      const tools = yield* hasTools(unreadable, (k) => Effect.succeed(k === "claude"), "s1").pipe(Effect.provide(capture))
      expect([kind, tools]).toEqual(["", false])
      expect(lines).toHaveLength(2)
      expect(lines[0]).toContain("could not read the workspace to see what runs in s1")
      expect(lines[0]).toContain("database is locked")
    })
  )
})
