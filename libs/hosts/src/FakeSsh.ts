/**
 * The Ssh seam in memory, for the links' tests: each hello waits for the answer the test hands it,
 * and each forward points at a port the test chose (a server of its own standing in for the far
 * lich) and ends when the test drops it. Calls are recorded, so a test can say what was not tried.
 */
import { Deferred, Effect, Exit, Queue, Ref } from "effect"
import type { Hello } from "./hello.js"
import { type Forward, SshFailure, type SshShape, type SshTarget } from "./Ssh.js"

export interface FakeForward {
  readonly target: SshTarget
  readonly remotePort: number
  /** Ends the forward as a dropped link would, with ssh's last words. */
  readonly drop: (why: string) => Effect.Effect<void>
  /** Completes when lich ended the forward itself (its scope closed). */
  readonly released: Effect.Effect<void>
}

export interface FakeSsh {
  readonly ssh: SshShape
  /** Answers the next hello (waiting for it if none is asked yet). */
  readonly answer: (a: Hello | SshFailure) => Effect.Effect<void>
  /** The forwards in the order they were asked for. */
  readonly forwards: Queue.Dequeue<FakeForward>
  /** Every hello asked for so far: its host and whether it asked for a start. */
  readonly hellos: Effect.Effect<ReadonlyArray<{ readonly name: string; readonly start: boolean }>>
}

/** `port`: where each forward leads (the test's stand-in for the far lich). */
export const makeFakeSsh = (port: number) =>
  Effect.gen(function* () {
    const answers = yield* Queue.unbounded<Hello | SshFailure>()
    const forwards = yield* Queue.unbounded<FakeForward>()
    const hellos = yield* Ref.make<ReadonlyArray<{ name: string; start: boolean }>>([])
    const ssh: SshShape = {
      hello: (target, start) =>
        Effect.gen(function* () {
          yield* Ref.update(hellos, (h) => [...h, { name: target.name, start }])
          const a = yield* Queue.take(answers)
          return a instanceof SshFailure ? yield* a : a
        }),
      forward: (target, remotePort) =>
        Effect.gen(function* () {
          const ended = yield* Deferred.make<string>()
          const released = yield* Deferred.make<void>()
          yield* Effect.addFinalizer(() => Deferred.done(released, Exit.void))
          yield* Queue.offer(forwards, {
            target,
            remotePort,
            drop: (why) => Deferred.succeed(ended, why).pipe(Effect.asVoid),
            released: Deferred.await(released)
          })
          return { port, pid: 0, ended: Deferred.await(ended) } satisfies Forward
        })
    }
    return { ssh, answer: (a) => Queue.offer(answers, a).pipe(Effect.asVoid), forwards, hellos: Ref.get(hellos) } satisfies FakeSsh
  })
