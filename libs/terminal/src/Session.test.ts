/**
 * How a session notes its output in the readiness state: every batch while a setup marker may be
 * in it, and within a burst at most once per NOTE_EVERY_MS, with a trailing note for the burst's
 * last batch that never moves the state's last-output time back.
 */
import { type Clock, Deferred, Effect, Exit, Fiber, Runtime, SubscriptionRef } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { initialReadyState, noteSubmit, type ReadyState } from "./Readiness.js"
import { NOTE_EVERY_MS, noteReads } from "./Session.js"
import { SETUP_DONE_MARKER } from "./SetupMarker.js"

/** A clock the test sets: noteReads reads only its millis. */
const settable = () => {
  let now = 1_000
  const clock = { unsafeCurrentTimeMillis: () => now } as unknown as Clock.Clock
  return {
    clock,
    set: (ms: number) => {
      now = ms
    }
  }
}

const bytes = (text: string) => new TextEncoder().encode(text)

const setUp = (settingUp: boolean) => {
  const state = Effect.runSync(SubscriptionRef.make<ReadyState>(initialReadyState(0, settingUp)))
  const { clock, set } = settable()
  const note = noteReads(state, Runtime.defaultRuntime, clock, settingUp)
  const read = () => Effect.runSync(SubscriptionRef.get(state))
  return { state, set, note, read }
}

describe("noting a session's output", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("notes a burst at most once per window, and its last batch once the window is over", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] })
    const { set, note, read } = setUp(false)
    note(bytes("first"))
    expect(read().lastOut).toBe(1_000)
    set(1_020)
    note(bytes("second"))
    set(1_030)
    note(bytes("third"))
    expect(read().lastOut).toBe(1_000)
    vi.advanceTimersByTime(NOTE_EVERY_MS - 20)
    expect(read().lastOut).toBe(1_030)
    set(1_030 + NOTE_EVERY_MS)
    note(bytes("after the window"))
    expect(read().lastOut).toBe(1_030 + NOTE_EVERY_MS)
  })

  it("never moves the last-output time back past a later one (a key press's)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] })
    const { state, set, note, read } = setUp(false)
    note(bytes("first"))
    set(1_010)
    note(bytes("held for the window"))
    Effect.runSync(SubscriptionRef.update(state, (s) => noteSubmit(s, 1_015)))
    vi.advanceTimersByTime(NOTE_EVERY_MS)
    expect(read().lastOut).toBe(1_015)
  })

  it("scans every batch while setting up, from its own copy when the state is busy right then", async () => {
    const { state, note, read } = setUp(true)
    // Another fiber holds the state: the note has to wait its turn, after the lender reused its buffer.
    const gate = Effect.runSync(Deferred.make<void>())
    const holding = Effect.runSync(Deferred.make<void>())
    const holder = Effect.runFork(
      SubscriptionRef.updateEffect(state, (s) => Effect.zipRight(Deferred.succeed(holding, undefined), Effect.as(Deferred.await(gate), s)))
    )
    await Effect.runPromise(Deferred.await(holding))
    const lent = bytes(`installing…${SETUP_DONE_MARKER}\r\n$ `)
    note(lent)
    lent.fill(0x21)
    Deferred.unsafeDone(gate, Exit.void)
    await Effect.runPromise(Fiber.join(holder))
    await Effect.runPromise(SubscriptionRef.updateAndGet(state, (s) => s)) // after the note, in turn
    expect(read().settingUp).toBe(false)
  })
})
