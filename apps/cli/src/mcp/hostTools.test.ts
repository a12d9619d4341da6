/**
 * The tools' `host` argument: with it, a tool calls the hosts group's procedure for that host (the
 * backend reaches the host's lich); without it, the local one. Which procedure was called, and with
 * what, is what the in-memory client saw.
 */
import { describe, expect, it } from "@effect/vitest"
import { RelayResult } from "@lich/contract"
import { Effect, Either } from "effect"
import { type Handler, LichClient } from "../layers.js"
import type { Args } from "./args.js"
import { tools } from "./tools.js"

const answered = new RelayResult({ ticket: "0a1b2c3d", target: "far", status: "answered", answer: "done" })

/** Runs a tool against handlers that note each call: procedure and payload. */
const callWith = (name: string, args: Args) => {
  const seen: Array<[string, unknown]> = []
  const noting =
    (procedure: string, answer: unknown): Handler =>
    (p) =>
      Effect.sync(() => {
        seen.push([procedure, p])
        return answer
      })
  const handlers = Object.fromEntries(
    [
      ["relay.Peers", []],
      ["hosts.Peers", []],
      ["relay.Send", answered],
      ["hosts.Send", answered],
      ["relay.Wait", answered],
      ["hosts.Wait", answered]
    ].map(([k, v]) => [k as string, noting(k as string, v)])
  )
  const tool = tools.find((t) => t.name === name)!
  return Effect.map(Effect.either(tool.run(args).pipe(Effect.provide(LichClient.test(handlers)))), (r) => ({ r, seen }))
}

describe("a tool's host argument", () => {
  it.effect("lists, sends to and waits on a host's sessions through the hosts procedures", () =>
    Effect.gen(function* () {
      const list = yield* callWith("list_sessions", { host: "devbox" })
      expect(list.seen).toEqual([["hosts.Peers", { host: "devbox", from: "" }]])
      const sent = yield* callWith("send_to_session", { host: "devbox", session: "far", prompt: "go" })
      expect(sent.seen.map(([p, x]) => [p, (x as { host: string }).host])).toEqual([["hosts.Send", "devbox"]])
      expect(Either.isRight(sent.r) && sent.r.right.text).toContain("done")
      const waited = yield* callWith("wait_for_answer", { host: "devbox", ticket: "0a1b2c3d" })
      expect(waited.seen).toEqual([["hosts.Wait", { host: "devbox", from: "", ticket: "0a1b2c3d", timeout: 90 }]])
    })
  )

  it.effect("calls the local procedures without it", () =>
    Effect.gen(function* () {
      expect((yield* callWith("list_sessions", {})).seen).toEqual([["relay.Peers", { from: "" }]])
      expect((yield* callWith("send_to_session", { session: "near", prompt: "go" })).seen.map(([p]) => p)).toEqual(["relay.Send"])
    })
  )

  it.effect("refuses a host without a ticket on wait, before anything is called", () =>
    Effect.gen(function* () {
      const { r, seen } = yield* callWith("wait_for_answer", { host: "devbox" })
      expect(seen).toEqual([])
      expect(Either.isLeft(r) && r.left.message).toMatch(/^host goes with a ticket/)
    })
  )
})
