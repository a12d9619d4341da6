/**
 * `lich focus` with and without a window: the card is switched either way (session-focus), and when
 * no window is attached one is opened on it; a window that cannot be opened fails the command with
 * the reason, saying the card was focused all the same.
 */
import { it } from "@effect/vitest"
import { callRpc, RelayRpcs } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Effect, Queue } from "effect"
import { beforeEach, describe, expect } from "vitest"
import { openSession, relayTestLayer } from "./testLayer.js"

/** The window as the server would report it; each test sets what it needs. */
const windows = { attached: 0, opened: 0, refusal: "" }
beforeEach(() => Object.assign(windows, { attached: 0, opened: 0, refusal: "" }))

const { dir, layer: TestLayer } = relayTestLayer(
  "lich-focus-",
  {},
  {
    attached: Effect.sync(() => windows.attached),
    open: Effect.suspend(() => {
      windows.opened += 1
      return windows.refusal === "" ? Effect.void : Effect.fail({ message: windows.refusal })
    })
  }
)

const focus = (target: string) => callRpc(RelayRpcs, "relay.Focus", { from: "", target, project: "" })

describe("focusing a card", () => {
  it.scoped("opens a window on it when none is attached", () =>
    Effect.gen(function* () {
      const events = yield* (yield* EventHub).subscribe
      const t = yield* openSession(dir, "crush")
      const focused = yield* focus(t.label)
      expect(focused.id).toBe(t.id)
      expect(windows.opened).toBe(1)
      const seen = yield* Queue.takeAll(events)
      expect([...seen].some((e) => e._tag === "session-focus" && e.id === t.id)).toBe(true)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("opens nothing when a window is attached", () =>
    Effect.gen(function* () {
      windows.attached = 1
      const t = yield* openSession(dir, "crush")
      yield* focus(t.label)
      expect(windows.opened).toBe(0)
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("says the card is focused, and why no window opened, when none could be", () =>
    Effect.gen(function* () {
      windows.refusal = "no browser found"
      const t = yield* openSession(dir, "crush")
      const e = yield* Effect.flip(focus(t.label))
      expect(e._tag).toBe("Failed")
      expect(e.message).toBe(`"${t.label}" is focused, but no window could be opened: no browser found`)
    }).pipe(Effect.provide(TestLayer))
  )
})
