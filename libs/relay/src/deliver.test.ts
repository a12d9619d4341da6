/**
 * The typed route under TestClock over fake PTYs: a task held while the provider's own screen asks a
 * person something (Codex's folder trust, read by libs/spawn screenWatch.ts) is never typed there,
 * and a sender whose wait runs out is told the session waits on a person and why — not that the
 * task was typed and nothing came back. Once the question goes, the task is typed and the reason
 * leaves the pending outcome. The real Codex is proved in test/e2e/codex.e2e.test.ts.
 */
import { it } from "@effect/vitest"
import { Terminals } from "@lich/terminal"
import { Effect, Fiber } from "effect"
import { describe, expect } from "vitest"
import { RelayCore } from "./core.js"
import { openSession, relayTestLayer, sending, tick } from "./testLayer.js"

const { dir, layer: TestLayer } = relayTestLayer("lich-deliver-")

const QUESTION = "Codex asks whether to trust this folder: answer it in this card, and the task waiting for it is typed after."

describe("a task held behind a question on the provider's screen", () => {
  it.scoped("tells the sender the session waits on a person and why, types nothing, and types the task once it is answered", () =>
    Effect.gen(function* () {
      const terminals = yield* Terminals
      const core = yield* RelayCore
      const t = yield* openSession(dir, "crush")
      yield* terminals.holdForScreen(t.id, true, QUESTION)
      const send = yield* sending(t.id, "after the question", 2)
      yield* tick(2_000)
      const r = yield* Fiber.join(send)
      expect(r).toMatchObject({ status: "pending", detail: QUESTION })
      expect(t.proc.writtenText()).toBe("")
      // A person answers it: the screen lets the task go.
      yield* terminals.holdForScreen(t.id, false)
      yield* tick(1_000)
      expect(t.proc.writtenText()).toContain("after the question")
      expect(yield* core.read((s) => s.waiting.has(t.id))).toBe(false)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("says nothing of a question while the screen is merely still drawing", () =>
    Effect.gen(function* () {
      const terminals = yield* Terminals
      const t = yield* openSession(dir, "crush")
      yield* terminals.holdForScreen(t.id, true)
      const send = yield* sending(t.id, "while it draws", 1)
      yield* tick(1_000)
      const r = yield* Fiber.join(send)
      expect(r.status).toBe("pending")
      expect(r.detail).not.toBe(QUESTION)
    }).pipe(Effect.provide(TestLayer))
  )
})
