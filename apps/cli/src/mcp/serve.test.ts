import { PassThrough } from "node:stream"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Schema } from "effect"
import { LichClient } from "../layers.js"
import { serve } from "./serve.js"
import { ok, type Tool, type ToolText, tool } from "./Tool.js"

/** A server on in-memory pipes, and its output read line by line as it is written. */
const harness = (tools: ReadonlyArray<Tool>) => {
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const lines: Array<{ id: unknown; result?: unknown; error?: unknown }> = []
  const waiters: Array<() => void> = []
  let rest = ""
  stdout.setEncoding("utf8")
  stdout.on("data", (chunk: string) => {
    const parts = (rest + chunk).split("\n")
    rest = parts.pop()!
    for (const l of parts) lines.push(JSON.parse(l))
    for (const w of waiters.splice(0)) w()
  })
  /** Resolves once `n` lines have been written. */
  const linesWritten = (n: number) =>
    Effect.async<void>((resume) => {
      const check = () => (lines.length >= n ? resume(Effect.void) : waiters.push(check))
      check()
    })
  const send = (m: unknown) => Effect.sync(() => void stdin.write(`${JSON.stringify(m)}\n`))
  return {
    stdin,
    lines,
    linesWritten,
    send,
    run: serve({ version: "0", io: { input: stdin, output: stdout }, tools }).pipe(Effect.provide(LichClient.test({})))
  }
}

/** A tool with no parameters that answers what `run` gives it. */
const bare = (name: string, run: () => Effect.Effect<ToolText>) =>
  tool({ name, description: `${name}, for the test`, input: Schema.Struct({}), readOnly: false, run })

/** A tool that answers `text` once the test releases it. */
const held = (name: string, text: string, release: Deferred.Deferred<void>) =>
  bare(name, () => Effect.as(Deferred.await(release), ok(text)))

/** The server running on its pipes, and its fiber to join once stdin is closed. */
const serving = (tools: ReadonlyArray<Tool>) =>
  Effect.suspend(() => {
    const h = harness(tools)
    return Effect.map(Effect.fork(h.run), (server) => ({ h, server }))
  })
const callTool = (id: string | number, name: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name } })

describe("serve", () => {
  it.effect("answers a later request while an earlier one is still holding the line", () =>
    Effect.gen(function* () {
      const release = yield* Deferred.make<void>()
      const { h, server } = yield* serving([held("hold", "released", release)])
      yield* h.send(callTool(1, "hold"))
      yield* h.send({ jsonrpc: "2.0", id: 2, method: "ping" })
      yield* h.linesWritten(1)
      expect(h.lines.map((l) => l.id)).toEqual([2])
      yield* Deferred.succeed(release, undefined)
      yield* h.linesWritten(2)
      expect(h.lines[1]).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "released" }] } })
      h.stdin.end()
      yield* Fiber.join(server)
    })
  )

  it.effect("interrupts a cancelled request and never answers it", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const interrupted = yield* Deferred.make<void>()
      const forever = bare("forever", () =>
        Deferred.succeed(started, undefined).pipe(
          Effect.zipRight(Effect.never),
          Effect.onInterrupt(() => Deferred.succeed(interrupted, undefined))
        )
      )
      const { h, server } = yield* serving([forever])
      yield* h.send(callTool("a", "forever"))
      yield* Deferred.await(started)
      yield* h.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "a", reason: "user" } })
      yield* Deferred.await(interrupted)
      yield* h.send({ jsonrpc: "2.0", id: "b", method: "ping" })
      yield* h.linesWritten(1)
      h.stdin.end()
      yield* Fiber.join(server)
      expect(h.lines).toEqual([{ jsonrpc: "2.0", id: "b", result: {} }])
    })
  )

  it.effect("lets calls already running answer after the client closes stdin, then ends", () =>
    Effect.gen(function* () {
      const release = yield* Deferred.make<void>()
      const { h, server } = yield* serving([held("slow", "late but here", release)])
      yield* h.send(callTool(9, "slow"))
      h.stdin.end()
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(server)
      yield* h.linesWritten(1)
      expect(h.lines).toEqual([{ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text: "late but here" }] } }])
    })
  )
})
