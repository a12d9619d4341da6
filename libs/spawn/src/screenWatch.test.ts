/**
 * The first task's gate over a fake PTY under TestClock: held until the composer is drawn, a
 * provider's dialog on the card as waiting (and still held), let go when the composer is back, and a
 * screen never recognised let go after the fallback.
 */
import { describe, expect, it } from "@effect/vitest"
import type { LichEvent, SessionState } from "@lich/contract"
import { FakePty, Terminals, type TerminalsShape } from "@lich/terminal"
import { Effect, Layer, Stream, TestClock } from "effect"
import { FALLBACK_MS, startScreenWatch } from "./screenWatch.js"

const TestTerminals = Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))

const rules = {
  ready: ["Ask Codex to do anything"],
  dialogs: [{ marker: "Trust and continue", reason: "Codex asks whether to trust this folder." }]
}

/** Lets the watcher's fiber take in what was just emitted; no time passes. */
const settle = Effect.repeatN(Effect.yieldNow(), 50)

const setup = (r: typeof rules & { settleMs?: number } = rules) =>
  Effect.gen(function* () {
    const terminals = yield* Terminals
    yield* terminals.start({ id: "s1", file: "codex", args: [], cwd: "/tmp", env: {} })
    const proc = yield* (yield* FakePty).latest
    const events: Array<LichEvent> = []
    const states = new Map<string, SessionState>()
    yield* startScreenWatch(
      {
        terminals,
        hub: { publish: (e: LichEvent) => Effect.sync(() => void events.push(e)) } as never,
        states: {
          get: (id: string) => Effect.succeed(states.get(id) ?? ""),
          set: (id: string, s: SessionState) => Effect.sync(() => void states.set(id, s)),
          clear: (id: string) => Effect.sync(() => void states.delete(id))
        }
      },
      "s1",
      r
    )
    yield* settle
    // Waits until the session published the bytes (its actor may gather a burst on the wall clock).
    const draw = (text: string) =>
      Effect.scoped(
        Effect.gen(function* () {
          const out = yield* terminals.output("s1")
          proc.emit(text)
          yield* Stream.runDrain(Stream.take(out, 1))
        })
      ).pipe(Effect.zipRight(settle))
    /** Ready once the output has been quiet for the 600 ms every session needs. */
    const readyAfterQuiet = Effect.zipRight(TestClock.adjust("600 millis"), (terminals as TerminalsShape).isReady("s1"))
    return { terminals, draw, events, states, readyAfterQuiet }
  })

describe("the start-up screen gate", () => {
  it.effect("holds the first task while the TUI draws, however quiet it is, until its composer appears", () =>
    Effect.gen(function* () {
      const t = yield* setup()
      yield* t.draw("\x1b[2J loading…")
      yield* TestClock.adjust("10 seconds")
      expect(yield* t.terminals.isReady("s1")).toBe(false)
      yield* t.draw("\x1b[20;3H› \x1b[2mAsk Codex to do anything\x1b[0m")
      expect(yield* t.readyAfterQuiet).toBe(true)
      expect(t.events).toEqual([])
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("shows a trust dialog as waiting with its reason, holds the task, and lets go once it is answered", () =>
    Effect.gen(function* () {
      const t = yield* setup()
      yield* t.draw("› Ask Codex to do anything")
      yield* t.draw("Trust this folder? › 1. Trust and continue  2. Back")
      yield* TestClock.adjust("1 minute")
      expect(yield* t.terminals.isReady("s1")).toBe(false)
      expect(t.events).toEqual([
        { _tag: "session-status", id: "s1", state: "waiting", tool: "", detail: "", reason: "Codex asks whether to trust this folder." }
      ])
      expect(t.states.get("s1")).toBe("waiting")
      yield* t.draw("\x1b[2J› Ask Codex to do anything")
      expect(yield* t.readyAfterQuiet).toBe(true)
      expect(t.events.at(-1)).toMatchObject({ _tag: "session-status", state: "done" })
      expect(t.states.get("s1")).toBe("done")
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("waits out a provider's settle time after its composer first appears, whatever it redraws", () =>
    Effect.gen(function* () {
      const t = yield* setup({ ...rules, settleMs: 3000 })
      yield* t.draw("› Ask Codex to do anything")
      yield* TestClock.adjust("2 seconds")
      yield* t.draw("› Ask Codex to do anything (again)")
      expect(yield* t.readyAfterQuiet).toBe(false)
      yield* TestClock.adjust("400 millis")
      yield* settle
      expect(yield* t.terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("lets a screen it never recognises go after the fallback, to be judged by quiet", () =>
    Effect.gen(function* () {
      const t = yield* setup()
      yield* t.draw("some other TUI")
      yield* TestClock.adjust(`${FALLBACK_MS - 1} millis`)
      expect(yield* t.terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("1 millis")
      yield* settle
      expect(yield* t.terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )
})
