import { describe, expect, it } from "@effect/vitest"
import { NotFound, Peer, Peers, Send } from "@lich/contract"
import { Effect, Either } from "effect"
import { call, LichClient } from "./layers.js"
import { tools } from "./mcp/tools.js"

const docs = new Peer({
  label: "docs",
  name: "Ada",
  project: "site",
  kind: "claude",
  state: "done",
  id: "abc123",
  path: "/p/site",
  projectPath: "/p/site"
})

describe("LichClient's test layer", () => {
  it.effect("runs an MCP tool without a backend, through the same schemas as the wire", () =>
    Effect.gen(function* () {
      const listSessions = tools.find((t) => t.name === "list_sessions")!
      const out = yield* listSessions
        .run({})
        .pipe(Effect.provide(LichClient.test({ "relay.Peers": (p) => Effect.succeed((p as { from: string }).from === "" ? [docs] : []) })))
      expect(out.isError).toBe(false)
      expect(JSON.parse(out.text)).toEqual([
        {
          label: "docs",
          name: "Ada",
          project: "site",
          kind: "claude",
          state: "done",
          id: "abc123",
          path: "/p/site",
          projectPath: "/p/site"
        }
      ])
    })
  )

  it.effect("hands back a handler's typed failure as the procedure's own error", () =>
    Effect.gen(function* () {
      const r = yield* Effect.either(
        call("relay", Send, { from: "", target: "nope", project: "", prompt: "hi", timeout: 0, private: false })
      ).pipe(
        Effect.provide(
          LichClient.test({
            "relay.Send": () => Effect.fail(new NotFound({ what: "session", name: "nope", message: 'no session "nope"' }))
          })
        )
      )
      expect(Either.isLeft(r) && r.left).toBeInstanceOf(NotFound)
      expect(Either.isLeft(r) && r.left.message).toBe('no session "nope"')
    })
  )

  it.effect("answers a procedure it has no handler for as Unreachable", () =>
    Effect.gen(function* () {
      const r = yield* Effect.either(call("relay", Peers, { from: "" })).pipe(Effect.provide(LichClient.test({})))
      expect(Either.isLeft(r) && r.left._tag).toBe("Unreachable")
    })
  )
})
