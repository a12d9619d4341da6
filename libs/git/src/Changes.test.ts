// A checkout is read for someone to look at (viewers.ts): while no window is attached an ask (a
// touch, an open, a git directory moving) reads nothing and leaves the session owed a read, which
// the next look (get) or an arriving window (catchUp) makes. With a window, or with no Viewers at
// all, an ask reads after the debounce as it always did. Git here is a stand-in that answers every
// command at once, so the count of reads is all a test waits on.
import { describe, expect, it } from "@effect/vitest"
import { EventHub } from "@lich/events"
import { type Card, Workspace } from "@lich/spawn"
import { Context, Effect, Layer, Ref, TestClock } from "effect"
import { Changes, ChangesLayer, DEBOUNCE_MS } from "./Changes.js"
import { Git, GitFailed, type GitShape } from "./Git.js"
import { Viewers } from "./viewers.js"

const card = {
  id: "s1",
  label: "one",
  name: "one",
  project: "p",
  projectPath: "/nowhere",
  dir: "/nowhere",
  row: { path: "", base: "", baseSha: "", branch: "" },
  projectRow: { id: "p1" }
} as unknown as Card

const noRepo = new GitFailed({ args: [], code: 128, stderr: "fatal: not a git repository" })
const git: GitShape = {
  run: () => Effect.fail(noRepo),
  text: () => Effect.fail(noRepo),
  version: Effect.succeed([2, 40] as const),
  started: Effect.succeed(0)
}

/** Changes over the stand-ins, built in the test's scope (its fibers live as long as the test). */
const world = (watching?: Ref.Ref<boolean>) => Effect.map(Layer.build(layerOf(watching)), (ctx) => Context.get(ctx, Changes))

const layerOf = (watching?: Ref.Ref<boolean>) =>
  ChangesLayer.pipe(
    Layer.provide(
      Layer.mergeAll(
        EventHub.layer,
        Layer.succeed(Git, git),
        Layer.succeed(Workspace, { cards: () => Effect.succeed([card]) } as unknown as Workspace["Type"]),
        watching === undefined ? Layer.empty : Layer.succeed(Viewers, { watching: Ref.get(watching) })
      )
    )
  )

/** Past the debounce, with every woken read run up to its first git. */
const settle = Effect.zipRight(TestClock.adjust(DEBOUNCE_MS * 4), Effect.yieldNow())

describe("Changes: reads for someone to look at", () => {
  it.scoped("with no window, an ask reads nothing; the next look reads, and reads again after another ask", () =>
    Effect.gen(function* () {
      const watching = yield* Ref.make(false)
      const changes = yield* world(watching)
      yield* settle
      yield* changes.request("s1")
      yield* settle
      expect(yield* changes.reads).toBe(0)
      yield* changes.get("s1")
      expect(yield* changes.reads).toBe(1)
      yield* changes.get("s1")
      expect(yield* changes.reads).toBe(1)
      yield* changes.request("s1")
      yield* settle
      expect(yield* changes.reads).toBe(1)
      yield* changes.get("s1")
      expect(yield* changes.reads).toBe(2)
    })
  )

  it.scoped("a window arriving is owed the reads asked while none was attached", () =>
    Effect.gen(function* () {
      const watching = yield* Ref.make(false)
      const changes = yield* world(watching)
      yield* settle
      expect(yield* changes.reads).toBe(0)
      yield* Ref.set(watching, true)
      yield* changes.catchUp
      yield* settle
      expect(yield* changes.reads).toBe(1)
      // Owed nothing more: arriving again reads nothing.
      yield* changes.catchUp
      yield* settle
      expect(yield* changes.reads).toBe(1)
    })
  )

  it.scoped("with a window, or with nobody saying, an ask reads after the debounce", () =>
    Effect.gen(function* () {
      const watching = yield* Ref.make(true)
      for (const changes of [yield* world(watching), yield* world()]) {
        // The open sessions are read at start.
        yield* settle
        expect(yield* changes.reads).toBe(1)
        yield* changes.request("s1")
        yield* settle
        expect(yield* changes.reads).toBe(2)
      }
    })
  )
})
