/**
 * The mod channel's rules under TestClock over fake PTYs: a poll parks for 25 s, a command reaches
 * exactly one poll, "attached" means a poll within 30 s, withdrawal, acks, stale commands, and a
 * session that ends taking its channel with it.
 */
import { describe, expect, it } from "@effect/vitest"
import { type FakeProcess, FakePty, Terminals } from "@lich/terminal"
import { Deferred, Effect, Fiber, Layer, Option, TestClock } from "effect"
import { ModChannel, type ModChannelShape } from "./ModChannel.js"

const TestLayer = ModChannel.layer.pipe(Layer.provideMerge(Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))))

const session = (id = "s1") =>
  Effect.gen(function* () {
    yield* (yield* Terminals).start({ id, file: "claude", args: [], cwd: "/tmp", env: {} })
    return yield* (yield* FakePty).latest
  })

/** Forks a poll and lets it reach its park. */
const parkedPoll = (id = "s1") =>
  Effect.gen(function* () {
    const f = yield* Effect.fork((yield* ModChannel).poll(id, "0.15.0"))
    yield* Effect.yieldNow()
    yield* TestClock.adjust("0 millis")
    return f
  })

/** A test body over a live session "s1": the channel and the session's fake process. */
const inSession = <A, E>(body: (channel: ModChannelShape, proc: FakeProcess) => Effect.Effect<A, E, ModChannel | Terminals | FakePty>) =>
  Effect.gen(function* () {
    const channel = yield* ModChannel
    return yield* body(channel, yield* session())
  }).pipe(Effect.provide(TestLayer))

/** The next poll parks its whole 25 s and comes back empty: nothing is left to hand out. */
const nextPollIsEmpty = Effect.gen(function* () {
  const next = yield* parkedPoll()
  yield* TestClock.adjust("25 seconds")
  expect(yield* Fiber.join(next)).toEqual(Option.some([]))
})

describe("the mod channel", () => {
  it.scoped("parks a poll for 25 s and answers it empty when nothing came", () =>
    Effect.gen(function* () {
      yield* session()
      const poll = yield* parkedPoll()
      yield* TestClock.adjust("24999 millis")
      expect(Option.isNone(yield* Fiber.poll(poll))).toBe(true)
      yield* TestClock.adjust("1 millis")
      expect(yield* Fiber.join(poll)).toEqual(Option.some([]))
    }).pipe(Effect.provide(TestLayer))
  )

  it.scoped("hands a command to the parked poll at once, and to no later poll", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const poll = yield* parkedPoll()
        const sent = yield* channel.enqueue("s1", { kind: "prompt", text: "go on" })
        const got = yield* Fiber.join(poll)
        expect(got).toEqual(Option.some([{ id: sent.command.id, kind: "prompt", text: "go on" }]))
        expect(sent.command.id).toMatch(/^[0-9a-f]{8}$/)
        expect(yield* Deferred.isDone(sent.collected)).toBe(true)
        yield* nextPollIsEmpty
      })
    )
  )

  it.scoped("drains what was queued before the poll came, in order", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const a = yield* channel.enqueue("s1", { kind: "abort" })
        const b = yield* channel.enqueue("s1", { kind: "model", model: "opus" })
        const got = yield* channel.poll("s1", "")
        expect(Option.getOrThrow(got).map((c) => c.id)).toEqual([a.command.id, b.command.id])
      })
    )
  )

  it.scoped("calls a session attached while a poll is parked and for 30 s after one, not before or later", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        expect(yield* channel.attached("s1")).toBe(false)
        const poll = yield* parkedPoll()
        yield* TestClock.adjust("25 seconds")
        yield* Fiber.join(poll)
        expect(yield* channel.attached("s1")).toBe(true)
        yield* TestClock.adjust("29999 millis")
        expect(yield* channel.attached("s1")).toBe(true)
        yield* TestClock.adjust("1 millis")
        expect(yield* channel.attached("s1")).toBe(false)
      })
    )
  )

  it.scoped("takes back a command no poll took, and never hands it out after", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const sent = yield* channel.enqueue("s1", { kind: "ask", question: "why?" })
        expect(yield* channel.withdraw("s1", sent.command.id)).toBe(true)
        expect(yield* channel.withdraw("s1", sent.command.id)).toBe(false)
        yield* nextPollIsEmpty
      })
    )
  )

  it.scoped("cannot withdraw a command a poll already took", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const sent = yield* channel.enqueue("s1", { kind: "abort" })
        yield* channel.poll("s1", "")
        expect(yield* channel.withdraw("s1", sent.command.id)).toBe(false)
      })
    )
  )

  it.scoped("resolves a command with its ack once, and ignores acks for unknown ids or another kind", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const sent = yield* channel.enqueue("s1", { kind: "abort" })
        yield* channel.poll("s1", "")
        expect(yield* channel.ack("s1", { id: "00000000", kind: "abort", ok: true, error: "", answer: "" })).toBe(false)
        expect(yield* channel.ack("s1", { id: sent.command.id, kind: "prompt", ok: true, error: "", answer: "" })).toBe(false)
        expect(yield* channel.ack("s1", { id: sent.command.id, kind: "abort", ok: false, error: "no turn is running", answer: "" })).toBe(
          true
        )
        expect(yield* Deferred.await(sent.outcome)).toEqual({ _tag: "acked", ok: false, error: "no turn is running", answer: "" })
        expect(yield* channel.ack("s1", { id: sent.command.id, kind: "abort", ok: true, error: "", answer: "" })).toBe(false)
      })
    )
  )

  it.scoped("does not hand out a command older than 30 s: its caller stopped waiting", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        yield* channel.enqueue("s1", { kind: "prompt", text: "old" })
        yield* TestClock.adjust("30 seconds")
        const fresh = yield* channel.enqueue("s1", { kind: "prompt", text: "new" })
        const got = yield* channel.poll("s1", "")
        expect(Option.getOrThrow(got).map((c) => c.id)).toEqual([fresh.command.id])
      })
    )
  )

  it.scoped("answers a parked poll empty and every waiter 'ended' when the session's process ends", () =>
    inSession((channel, proc) =>
      Effect.gen(function* () {
        const taken = yield* channel.enqueue("s1", { kind: "abort" })
        yield* channel.poll("s1", "")
        const poll = yield* parkedPoll()
        const first = yield* Effect.fork(channel.awaitAttached("s2", "10 seconds"))
        proc.exit(0)
        expect(yield* Fiber.join(poll)).toEqual(Option.some([]))
        expect(yield* Deferred.await(taken.outcome)).toEqual({ _tag: "ended" })
        expect(yield* channel.poll("s1", "")).toEqual(Option.none())
        const late = yield* channel.enqueue("s1", { kind: "abort" })
        expect(yield* Deferred.await(late.outcome)).toEqual({ _tag: "ended" })
        yield* TestClock.adjust("10 seconds")
        expect(yield* Fiber.join(first)).toBe(false)
      })
    )
  )

  it.scoped("answers awaitAttached on the first poll, and remembers the plugin release it announced", () =>
    inSession((channel) =>
      Effect.gen(function* () {
        const waiting = yield* Effect.fork(channel.awaitAttached("s1", "15 seconds"))
        yield* Effect.yieldNow()
        expect(yield* channel.plugin("s1")).toBe("")
        yield* parkedPoll()
        expect(yield* Fiber.join(waiting)).toBe(true)
        expect(yield* channel.plugin("s1")).toBe("0.15.0")
      })
    )
  )
})
