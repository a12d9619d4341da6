import { describe, expect, it } from "@effect/vitest"
import { Data, Effect, Option } from "effect"
import { withStore } from "./testStore.js"
import { WorktreePorts, type WorktreePortsShape } from "./WorktreePorts.js"

/** Runs `body` against its own empty database, with `held` reserved first, in the order given. */
const withPorts = <A, E>(held: ReadonlyArray<readonly [string, number]>, body: (ports: WorktreePortsShape) => Effect.Effect<A, E>) =>
  withStore(
    Effect.gen(function* () {
      const ports = yield* WorktreePorts
      for (const [path, port] of held) yield* ports.reserve(path, port)
      return yield* body(ports)
    })
  )

class ProbeFailed extends Data.TaggedError("ProbeFailed")<{ readonly path: string }> {}

describe("WorktreePorts", () => {
  it.effect("a checkout with no port answers None", () =>
    withPorts([], (ports) =>
      Effect.gen(function* () {
        expect(yield* ports.get("/wt/x")).toEqual(Option.none())
        expect(yield* ports.all()).toEqual([])
      })
    )
  )

  it.effect("a reserved port is remembered for its checkout", () =>
    withPorts([], (ports) =>
      Effect.gen(function* () {
        expect(yield* ports.reserve("/wt/x", 24_123)).toBe(true)
        expect(yield* ports.get("/wt/x")).toEqual(Option.some(24_123))
      })
    )
  )

  it.effect("a port another checkout holds is refused and nothing is written", () =>
    withPorts([["/wt/x", 24_123]], (ports) =>
      Effect.gen(function* () {
        expect(yield* ports.reserve("/wt/y", 24_123)).toBe(false)
        expect(yield* ports.get("/wt/y")).toEqual(Option.none())
        expect(yield* ports.reserve("/wt/x", 24_123)).toBe(true)
      })
    )
  )

  it.effect("reserving again for the same checkout replaces its port and frees the old one", () =>
    withPorts(
      [
        ["/wt/x", 24_123],
        ["/wt/x", 24_124]
      ],
      (ports) =>
        Effect.gen(function* () {
          expect(yield* ports.get("/wt/x")).toEqual(Option.some(24_124))
          expect(yield* ports.reserve("/wt/y", 24_123)).toBe(true)
        })
    )
  )

  it.effect("all lists every reservation by port", () =>
    withPorts(
      [
        ["/wt/b", 24_500],
        ["/wt/a", 24_010]
      ],
      (ports) =>
        Effect.gen(function* () {
          expect(yield* ports.all()).toEqual([
            { path: "/wt/a", port: 24_010 },
            { path: "/wt/b", port: 24_500 }
          ])
        })
    )
  )

  it.effect("prune drops the checkouts that no longer exist and returns their paths", () =>
    withPorts(
      [
        ["/wt/kept", 24_001],
        ["/wt/gone", 24_002],
        ["/wt/also-gone", 24_003]
      ],
      (ports) =>
        Effect.gen(function* () {
          const existing = new Set(["/wt/kept"])
          const dropped = yield* ports.prune((path) => Effect.succeed(existing.has(path)))
          expect([...dropped].sort()).toEqual(["/wt/also-gone", "/wt/gone"])
          expect(yield* ports.all()).toEqual([{ path: "/wt/kept", port: 24_001 }])
          expect(yield* ports.prune(() => Effect.succeed(true))).toEqual([])
        })
    )
  )

  it.effect("a failing existence check stops the prune with its own error and deletes nothing", () =>
    withPorts(
      [
        ["/wt/a", 24_001],
        ["/wt/b", 24_002]
      ],
      (ports) =>
        Effect.gen(function* () {
          const error = yield* Effect.flip(ports.prune((path) => (path === "/wt/b" ? new ProbeFailed({ path }) : Effect.succeed(false))))
          expect(error).toEqual(new ProbeFailed({ path: "/wt/b" }))
          expect((yield* ports.all()).length).toBe(2)
        })
    )
  )
})
