/**
 * `lich mcp`: the MCP server a provider starts over stdio. One JSON-RPC message per line each way;
 * stdout carries protocol and nothing else, so nothing here logs to it. Every request runs in a
 * fiber of its own, keyed by its id: a wait_for_answer holding the line for 90 s must not hold up a
 * list_sessions behind it, and notifications/cancelled interrupts exactly the call it names.
 * It reaches the backend the way the CLI does — the environment the provider's PTY handed down
 * (LICH_PORT, LICH_TOKEN, LICH_SESSION_ID), else runtime.json — so its registration needs no secret.
 */
import { Effect, FiberMap, Queue } from "effect"
import { instructions } from "./instructions.js"
import { answer, cancelledKey, classify, idKey, respond, type Server } from "./protocol.js"
import { tools } from "./tools.js"

export interface Io {
  readonly input: NodeJS.ReadableStream
  readonly output: NodeJS.WritableStream
}

const stdio: Io = { input: process.stdin, output: process.stdout }

/** Lines of input as they arrive; null once the client has closed its end. */
const lines = (input: NodeJS.ReadableStream) =>
  Effect.gen(function* () {
    const queue = yield* Queue.unbounded<string | null>()
    let rest = ""
    input.setEncoding("utf8")
    input.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n")
      rest = parts.pop()!
      for (const p of parts) Queue.unsafeOffer(queue, p.endsWith("\r") ? p.slice(0, -1) : p)
    })
    input.once("end", () => {
      if (rest !== "") Queue.unsafeOffer(queue, rest)
      Queue.unsafeOffer(queue, null)
    })
    return queue
  })

/**
 * Serves until the client closes stdin, then lets the calls already running finish and answer:
 * a one-shot `… | lich mcp` gets its replies, and a client that does not wait kills us anyway.
 */
export const serve = (o: { readonly version: string; readonly io?: Io; readonly tools?: Server["tools"] }) =>
  Effect.scoped(
    Effect.gen(function* () {
      const io = o.io ?? stdio
      const server: Server = { name: "lich", version: o.version, instructions, tools: o.tools ?? tools }
      const write = (message: unknown) => Effect.sync(() => void io.output.write(`${JSON.stringify(message)}\n`))
      const running = yield* FiberMap.make<string>()
      const queue = yield* lines(io.input)
      for (;;) {
        const line = yield* Queue.take(queue)
        if (line === null) break
        const m = classify(line)
        switch (m._tag) {
          case "request": {
            const reply = respond(server, m.method, m.params).pipe(
              Effect.match({ onFailure: (error) => answer(m.id, { error }), onSuccess: (result) => answer(m.id, { result }) }),
              Effect.flatMap(write)
            )
            yield* FiberMap.run(running, idKey(m.id), reply)
            break
          }
          case "notification": {
            const key = m.method === "notifications/cancelled" ? cancelledKey(m.params) : undefined
            // A cancelled request gets no response, as MCP asks: the client has stopped waiting for it.
            if (key !== undefined) yield* FiberMap.remove(running, key)
            break
          }
          case "invalid":
            yield* write(answer(m.id, { error: m.error }))
            break
          case "ignored":
            break
        }
      }
      yield* FiberMap.awaitEmpty(running)
    })
  )

/**
 * The process side: console output is moved to stderr first, because one stray console.log from
 * any module would be a line of non-protocol on stdout and break the client's framing.
 */
export const main = (version: string) =>
  Effect.suspend(() => {
    console.log = console.error
    console.info = console.error
    console.debug = console.error
    process.stdout.on("error", () => process.exit(0))
    return serve({ version })
  })
