/**
 * The session actor's policy, driven through a fake PTY under TestClock: time is only what the
 * test says it is, so readiness, the draft hold, the paste→Enter pause and close's grace are exact.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option, Stream, TestClock } from "effect"
import { type FakeProcess, FakePty } from "./FakePty.js"
import { SETUP_DONE_MARKER } from "./SetupMarker.js"
import { Terminals, type TerminalsShape } from "./Terminals.js"

const TestTerminals = Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))

/** Starts a session on the fake and hands back the service and the fake child. */
const started = (id = "s1", extra: { setup?: boolean; cols?: number; rows?: number } = {}) =>
  Effect.gen(function* () {
    const terminals = yield* Terminals
    yield* terminals.start({ id, file: "agent", args: [], cwd: "/tmp", env: { PATH: "/bin" }, ...extra })
    const proc = yield* (yield* FakePty).latest
    return { terminals, proc }
  })

/** Plays output and waits until the actor has taken it in (it publishes after updating state). */
const emit = (terminals: TerminalsShape, proc: FakeProcess, id: string, data: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const out = yield* terminals.output(id)
      proc.emit(data)
      yield* Stream.runDrain(Stream.take(out, 1))
    })
  )

describe("Terminals over a fake PTY", () => {
  it.effect("calls a session ready once its output has been quiet for 600 ms", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("599 millis")
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("1 millis")
      expect(yield* terminals.isReady("s1")).toBe(true)
      yield* emit(terminals, proc, "s1", "thinking…")
      expect(yield* terminals.readiness("s1")).toEqual({ live: true, settingUp: false, drafting: false, quietMs: 0 })
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("600 millis")
      expect(yield* terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("holds readiness for 60 s while someone drafts a line in the window", () =>
    Effect.gen(function* () {
      const { terminals } = yield* started()
      yield* TestClock.adjust("1 second")
      yield* terminals.write("s1", "\x1b[A\x1b[", { fromUser: true })
      yield* terminals.write("s1", "1;5C", { fromUser: true })
      expect(yield* terminals.isReady("s1")).toBe(true)
      yield* terminals.write("s1", "half a thou", { fromUser: true })
      expect(yield* terminals.readiness("s1")).toMatchObject({ drafting: true })
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("59999 millis")
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* TestClock.adjust("1 millis")
      expect(yield* terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("ends a draft at Enter, and waits for 600 ms of quiet after the submit", () =>
    Effect.gen(function* () {
      const { terminals } = yield* started()
      yield* terminals.write("s1", "ls", { fromUser: true })
      yield* TestClock.adjust("5 seconds")
      yield* terminals.write("s1", "\r", { fromUser: true })
      expect(yield* terminals.readiness("s1")).toMatchObject({ drafting: false, quietMs: 0 })
      yield* TestClock.adjust("600 millis")
      expect(yield* terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("trusts a done report through later output, until the next busy", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      yield* terminals.reportState("s1", "busy")
      yield* emit(terminals, proc, "s1", "working")
      yield* terminals.reportState("s1", "done")
      expect(yield* terminals.isReady("s1")).toBe(true)
      yield* emit(terminals, proc, "s1", "status line repaint")
      expect(yield* terminals.isReady("s1")).toBe(true)
      yield* terminals.reportState("s1", "waiting")
      expect(yield* terminals.isReady("s1")).toBe(true)
      yield* terminals.reportState("s1", "busy")
      expect(yield* terminals.readiness("s1")).toMatchObject({ reported: "busy", quietMs: 0 })
      expect(yield* terminals.isReady("s1")).toBe(false)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("is setting up until the marker arrives split across two reads, then needs fresh output", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started("s1", { setup: true })
      yield* emit(terminals, proc, "s1", `installing…\r\n${SETUP_DONE_MARKER.slice(0, 9)}`)
      yield* TestClock.adjust("10 seconds")
      expect(yield* terminals.readiness("s1")).toMatchObject({ settingUp: true })
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* emit(terminals, proc, "s1", SETUP_DONE_MARKER.slice(9))
      expect(yield* terminals.readiness("s1")).toMatchObject({ settingUp: false, quietMs: 0 })
      yield* TestClock.adjust("10 seconds")
      expect(yield* terminals.isReady("s1")).toBe(false)
      yield* emit(terminals, proc, "s1", "agent> ")
      yield* TestClock.adjust("600 millis")
      expect(yield* terminals.isReady("s1")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("wakes an awaitReady caller exactly when the quiet is reached, not by polling", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      const waiter = yield* Effect.fork(terminals.awaitReady("s1", "30 seconds"))
      yield* TestClock.adjust("500 millis")
      yield* emit(terminals, proc, "s1", "more output")
      yield* TestClock.adjust("599 millis")
      expect(Option.isNone(yield* Fiber.poll(waiter))).toBe(true)
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.join(waiter)).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("answers awaitReady with false when the PTY dies first, or the timeout passes", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started("s1", { setup: true })
      const timedOut = yield* Effect.fork(terminals.awaitReady("s1", "2 seconds"))
      yield* TestClock.adjust("2 seconds")
      expect(yield* Fiber.join(timedOut)).toBe(false)
      const waiter = yield* Effect.fork(terminals.awaitReady("s1", "1 minute"))
      proc.exit(1)
      expect(yield* Fiber.join(waiter)).toBe(false)
      expect(yield* terminals.awaitReady("s1", "1 minute")).toBe(false)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("types a message as one bracketed paste, then Enter 150 ms later as its own write", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      const typing = yield* Effect.fork(terminals.typeMessage("s1", "hi\x1b[201~\r\nthere"))
      yield* TestClock.adjust("149 millis")
      expect(proc.written.map((w) => new TextDecoder().decode(w))).toEqual(["\x1b[200~hi[201~\nthere\x1b[201~"])
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(typing)
      expect(proc.written.length).toBe(2)
      expect(proc.writtenText().endsWith("\x1b[201~\r")).toBe(true)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("leaves Enter out when asked to", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      const typing = yield* Effect.fork(terminals.typeMessage("s1", "draft only", { enter: false }))
      yield* TestClock.adjust("1 second")
      yield* Fiber.join(typing)
      expect(proc.writtenText()).toBe("\x1b[200~draft only\x1b[201~")
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("measures the 8192-byte bound after sanitising, and refuses one byte more without writing", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      const accepted = yield* Effect.fork(terminals.typeMessage("s1", "\x01".repeat(50) + "a".repeat(8192)))
      yield* TestClock.adjust("150 millis")
      yield* Fiber.join(accepted)
      const before = proc.written.length
      const refused = yield* Effect.flip(terminals.typeMessage("s1", `${"é".repeat(4096)}a`))
      expect(refused).toMatchObject({ _tag: "MessageTooLong", id: "s1", bytes: 8193, limit: 8192 })
      expect(refused.message).toBe("prompt is 8193 bytes, over the 8192 limit: name the paths to read instead of pasting their contents")
      expect(proc.written.length).toBe(before)
      const wider = yield* Effect.flip(terminals.typeMessage("s1", "a".repeat(20_001), { maxBytes: 20_000 }))
      expect(wider).toMatchObject({ bytes: 20_001, limit: 20_000, message: expect.stringContaining("over the 20000 limit") })
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("sends SIGHUP, and SIGKILL only after the 1 s grace when the child ignores it", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      proc.ignores.add("SIGHUP")
      const closing = yield* Effect.fork(terminals.close("s1"))
      yield* TestClock.adjust("999 millis")
      expect(proc.signals).toEqual(["SIGHUP"])
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(closing)
      expect(proc.signals).toEqual(["SIGHUP", "SIGKILL"])
      expect(yield* terminals.isLive("s1")).toBe(false)
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("starts once per id, sized by the last window size, clamped, with our TERM", () =>
    Effect.gen(function* () {
      const terminals = yield* Terminals
      const fake = yield* FakePty
      const env = { PATH: "/bin", TERM: "dumb", COLUMNS: "132", LINES: "43" }
      const first = yield* terminals.start({ id: "a", file: "agent", args: [], cwd: "/tmp", env })
      expect(yield* terminals.start({ id: "a", file: "other", args: [], cwd: "/", env })).toEqual(first)
      yield* terminals.noteWindowSize(120, 40)
      yield* terminals.start({ id: "b", file: "agent", args: [], cwd: "/tmp", env })
      yield* terminals.start({ id: "c", file: "agent", args: [], cwd: "/tmp", env, cols: 9999, rows: 1 })
      const [a, b, c] = yield* fake.spawned
      expect([a!.size, b!.size, c!.size]).toEqual([
        { cols: 80, rows: 24 },
        { cols: 120, rows: 40 },
        { cols: 400, rows: 5 }
      ])
      expect(a!.options.env).toEqual({ PATH: "/bin", TERM: "xterm-256color" })
      expect(yield* terminals.liveIds()).toEqual(expect.arrayContaining(["a", "b", "c"]))
      expect(yield* terminals.pid("a")).toEqual(Option.some(first.pid))
      yield* terminals.resize("a", 10, 1000)
      expect(a!.size).toEqual({ cols: 20, rows: 200 })
    }).pipe(Effect.provide(TestTerminals))
  )

  it.effect("ends output streams after the last byte, reports the exit, and frees the id", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started()
      const exits = yield* Effect.fork(Stream.runHead(terminals.exits))
      // The scheduler is FIFO: yielding once lets the forked reader subscribe before the exit.
      yield* Effect.yieldNow()
      const collected = yield* Effect.scoped(
        Effect.gen(function* () {
          const out = yield* terminals.output("s1")
          const reader = yield* Effect.fork(Stream.runCollect(out))
          proc.emit("last ")
          proc.emit("words")
          proc.exit(3)
          return yield* Fiber.join(reader)
        })
      )
      expect(new TextDecoder().decode(Buffer.concat([...collected]))).toBe("last words")
      expect(yield* Fiber.join(exits)).toEqual(Option.some({ id: "s1", exitCode: 3 }))
      expect(yield* terminals.isLive("s1")).toBe(false)
      expect(yield* Effect.flip(terminals.write("s1", "x"))).toMatchObject({ _tag: "TerminalNotFound" })
      expect((yield* started("s1")).proc.pid).not.toBe(proc.pid)
    }).pipe(Effect.provide(TestTerminals))
  )
})
