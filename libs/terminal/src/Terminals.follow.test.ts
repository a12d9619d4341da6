/**
 * `follow`, the window socket's way to a session's output: the replay first, then every read
 * handed over by the session itself, lent, and each batch's end — and streams beside it still get
 * copies of their own.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Stream } from "effect"
import { type FakeProcess, FakePty } from "./FakePty.js"
import type { OutputFollower } from "./Fanout.js"
import { Terminals, type TerminalsShape } from "./Terminals.js"

const TestTerminals = Terminals.layer.pipe(Layer.provideMerge(FakePty.layer))

const started = Effect.gen(function* () {
  const terminals = yield* Terminals
  yield* terminals.start({ id: "s1", file: "agent", args: [], cwd: "/tmp", env: { PATH: "/bin" } })
  return { terminals, proc: yield* (yield* FakePty).latest }
})

/** Lends `text` the way the PTY host's connection does: its buffer is overwritten right after. */
const lend = (proc: FakeProcess, text: string) => {
  const bytes = Buffer.from(text)
  proc.emit(bytes)
  bytes.fill(0x21)
}

/** Output taken in by the actor: waits on a stream for it (streams get it after the ring). */
const settled = (terminals: TerminalsShape, proc: FakeProcess, text: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const out = yield* terminals.output("s1")
      lend(proc, text)
      yield* Stream.runDrain(Stream.take(out, 1))
    })
  )

/**
 * A follower that copies what it is lent, as a real one must, counts the batches' ends, and says
 * when `want` bytes came and their batch ended.
 */
const copier = (want: number) =>
  Effect.gen(function* () {
    const got: Array<string> = []
    let bytes = 0
    const batches = { ended: 0 }
    const enough = yield* Deferred.make<void>()
    const follower: OutputFollower = {
      read: (r) => {
        got.push(Buffer.from(r).toString())
        bytes += r.length
      },
      flush: () => {
        batches.ended++
        if (bytes >= want) Deferred.unsafeDone(enough, Effect.void)
      }
    }
    return { got, batches, follower, enough: Deferred.await(enough) }
  })

/** A follower that fails at `read` or at `flush` (a bug in it), counting each time in `thrown`. */
const throwing = (at: "read" | "flush", thrown: { n: number }): OutputFollower => {
  const fail = (where: "read" | "flush") => {
    if (where !== at) return
    thrown.n++
    throw new Error("a bug in a follower")
  }
  return { read: () => fail("read"), flush: () => fail("flush") }
}

describe("following a session's output", () => {
  it.scoped("hands over the replay first, then each batch, with no gap and no duplicate", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started
      yield* settled(terminals, proc, "before|")
      const c = yield* copier("after".length)
      const replays: Array<string> = []
      yield* terminals.follow("s1", c.follower, (replay) => replays.push(Buffer.from(replay).toString()))
      lend(proc, "after")
      yield* c.enough
      expect(replays).toEqual(["before|"])
      expect(c.got.join("")).toBe("after")
    }).pipe(Effect.provide(TestTerminals))
  )

  it.scoped("gives streams their own copies of what followers are lent", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started
      const out = yield* terminals.output("s1")
      const reader = yield* Effect.fork(Stream.runCollect(Stream.take(out, 1)))
      yield* Effect.yieldNow()
      // A careless follower that scribbles on what it was lent: only its own view is harmed.
      yield* terminals.follow("s1", { read: (r) => void r.fill(0x3f), flush: () => {} }, () => {})
      lend(proc, "intact")
      const collected = yield* Fiber.join(reader)
      expect(Buffer.concat([...collected]).toString()).toBe("intact")
    }).pipe(Effect.provide(TestTerminals))
  )

  it.scoped("lets go of a follower that throws, at a read or at a batch's end, and keeps serving the others", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started
      const thrown = { n: 0 }
      yield* terminals.follow("s1", throwing("read", thrown), () => {})
      yield* terminals.follow("s1", throwing("flush", thrown), () => {})
      const c = yield* copier("one|two".length)
      yield* terminals.follow("s1", c.follower, () => {})
      yield* settled(terminals, proc, "one|")
      yield* settled(terminals, proc, "two")
      yield* c.enough
      expect(c.got.join("")).toBe("one|two")
      expect(thrown.n).toBe(2)
    }).pipe(Effect.provide(TestTerminals))
  )

  // The ring holds a read from the moment it is lent, before its batch ends: a window attaching in
  // between finds it in its replay and must not be handed it again, while one attached before
  // sends it at the batch's end.
  it.scoped("gives a window that attaches mid-batch the batch's earlier reads in its replay, and only later ones live", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started
      const before = yield* copier("one|two".length)
      yield* terminals.follow("s1", before.follower, () => {})
      const after = yield* copier("two".length)
      const replays: Array<string> = []
      const attachMidBatch = Effect.gen(function* () {
        lend(proc, "one|")
        yield* terminals.follow("s1", after.follower, (replay) => replays.push(Buffer.from(replay).toString()))
        return before.batches.ended
      })
      expect(yield* attachMidBatch).toBe(0) // still inside the batch: its end had not come
      lend(proc, "two")
      yield* before.enough
      yield* after.enough
      expect(replays).toEqual(["one|"])
      expect(after.got.join("")).toBe("two")
      expect(before.got.join("")).toBe("one|two")
    }).pipe(Effect.provide(TestTerminals))
  )

  it.scoped("ends after the last batch, and is refused once the output has ended", () =>
    Effect.gen(function* () {
      const { proc, terminals } = yield* started
      const c = yield* copier(Infinity)
      const { ended } = yield* terminals.follow("s1", c.follower, () => {})
      const waiting = yield* Effect.fork(ended)
      lend(proc, "last words")
      proc.exit(0)
      yield* Fiber.join(waiting)
      expect(c.got.join("")).toBe("last words")
      expect(yield* Effect.flip(terminals.follow("s1", c.follower, () => {}))).toMatchObject({ _tag: "TerminalNotFound" })
    }).pipe(Effect.provide(TestTerminals))
  )
})
