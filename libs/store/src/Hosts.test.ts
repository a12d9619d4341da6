import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { FarErrands } from "./FarErrands.js"
import { Hosts } from "./Hosts.js"
import { withStore } from "./testStore.js"

describe("hosts", () => {
  it.effect("keeps hosts in the order they were added and refuses a name taken in any case", () =>
    withStore(
      Effect.gen(function* () {
        const hosts = yield* Hosts
        expect(yield* hosts.add({ name: "devbox", destination: "me@devbox", lich: "" })).toBe(true)
        expect(yield* hosts.add({ name: "build", destination: "build.example", lich: "/opt/lich/bin/lich" })).toBe(true)
        expect(yield* hosts.add({ name: "DevBox", destination: "other", lich: "" })).toBe(false)
        expect(yield* hosts.list()).toEqual([
          { name: "devbox", destination: "me@devbox", lich: "" },
          { name: "build", destination: "build.example", lich: "/opt/lich/bin/lich" }
        ])
      })
    )
  )

  it.effect("removes a host by its name in any case, and says when there was none", () =>
    withStore(
      Effect.gen(function* () {
        const hosts = yield* Hosts
        yield* hosts.add({ name: "devbox", destination: "me@devbox", lich: "" })
        expect(yield* hosts.remove("DEVBOX")).toEqual({ name: "devbox", destination: "me@devbox", lich: "" })
        expect(yield* hosts.remove("devbox")).toBeUndefined()
        expect(yield* hosts.list()).toEqual([])
      })
    )
  )
})

describe("far errands", () => {
  it.effect("records an errand, settles its outcome once, and forgets it when acknowledged", () =>
    withStore(
      Effect.gen(function* () {
        const far = yield* FarErrands
        yield* far.open("aaaa0001")
        expect((yield* far.list()).map((r) => [r.ticket, r.outcome])).toEqual([["aaaa0001", ""]])
        expect(yield* far.settle("aaaa0001", '{"status":"answered"}')).toBe(true)
        expect((yield* far.list()).map((r) => r.outcome)).toEqual(['{"status":"answered"}'])
        expect(yield* far.forget("aaaa0001")).toBe(true)
        expect(yield* far.settle("aaaa0001", "{}")).toBe(false)
        expect(yield* far.forget("aaaa0001")).toBe(false)
      })
    )
  )

  it.effect("sweeps the records made before a moment and keeps the rest", () =>
    withStore(
      Effect.gen(function* () {
        const far = yield* FarErrands
        yield* far.open("aaaa0001")
        const created = (yield* far.list())[0]!.createdAt
        expect(yield* far.sweep(created)).toBe(0)
        expect(yield* far.sweep(created + 1)).toBe(1)
        expect(yield* far.list()).toEqual([])
      })
    )
  )
})
