import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Schema } from "effect"
import { LichClient } from "../layers.js"
import { answer, classify, DEFAULT_PROTOCOL_VERSION, ErrorCode, respond as respondWith, type Server } from "./protocol.js"
import { ok, tool } from "./Tool.js"

const EchoInput = Schema.Struct({
  text: Schema.propertySignature(Schema.String.annotations({ description: "what to say" })).annotations({
    missingMessage: () => "is required"
  })
})
const echo = tool({
  name: "echo",
  description: "says back what it was given",
  input: EchoInput,
  readOnly: true,
  run: (a) => Effect.succeed(ok(a.text))
})
const broken = tool({ ...echo, name: "broken", input: EchoInput, readOnly: false, run: () => Effect.die(new Error("kaboom")) })
const server: Server = { name: "lich", version: "9.9.9", instructions: "be brief", tools: [echo, broken] }

/** These tools never reach a backend: an empty test client answers nothing. */
const respond = (...a: Parameters<typeof respondWith>) => respondWith(...a).pipe(Effect.provide(LichClient.test({})))

const failure = (e: Effect.Effect<unknown, { code: number; message: string }>) =>
  Effect.map(Effect.either(e), (r) => (Either.isLeft(r) ? r.left.code : "succeeded"))

describe("classify", () => {
  it("tells a request from a notification by whether an id is there at all", () => {
    expect(classify('{"jsonrpc":"2.0","id":7,"method":"ping"}')).toEqual({ _tag: "request", id: 7, method: "ping", params: undefined })
    expect(classify('{"jsonrpc":"2.0","id":"a","method":"ping"}')).toMatchObject({ _tag: "request", id: "a" })
    expect(classify('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({
      _tag: "notification",
      method: "notifications/initialized",
      params: undefined
    })
  })

  it("answers a line that is not JSON with a parse error, and a batch or a bare value as an invalid request", () => {
    expect(classify("{nope")).toMatchObject({ _tag: "invalid", id: null, error: { code: ErrorCode.parse } })
    expect(classify("[1,2]")).toMatchObject({ _tag: "invalid", error: { code: ErrorCode.invalidRequest } })
    expect(classify("3")).toMatchObject({ _tag: "invalid", error: { code: ErrorCode.invalidRequest } })
    expect(classify('{"id":1}')).toMatchObject({ _tag: "invalid", id: 1, error: { code: ErrorCode.invalidRequest } })
    expect(classify('{"id":{},"method":"ping"}')).toMatchObject({ _tag: "invalid", id: null, error: { code: ErrorCode.invalidRequest } })
  })

  it("ignores blank lines and responses, since this server sends no requests of its own", () => {
    expect(classify("")).toEqual({ _tag: "ignored" })
    expect(classify('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({ _tag: "ignored" })
  })
})

describe("respond", () => {
  it.effect("echoes the client's protocol version in initialize, with the instructions and the tools capability", () =>
    Effect.gen(function* () {
      expect(yield* respond(server, "initialize", { protocolVersion: "2024-11-05" })).toEqual({
        protocolVersion: "2024-11-05",
        capabilities: { tools: {} },
        serverInfo: { name: "lich", version: "9.9.9" },
        instructions: "be brief"
      })
      expect(yield* respond(server, "initialize", {})).toMatchObject({ protocolVersion: DEFAULT_PROTOCOL_VERSION })
      expect(yield* respond(server, "initialize", undefined)).toMatchObject({ protocolVersion: "2025-06-18" })
    })
  )

  it.effect("answers ping with an empty object", () => Effect.map(respond(server, "ping", undefined), (r) => expect(r).toEqual({})))

  it.effect("lists tools with readOnlyHint only where it is true", () =>
    Effect.gen(function* () {
      const r = (yield* respond(server, "tools/list", {})) as { tools: Array<Record<string, unknown>> }
      expect(r.tools[0]).toEqual({
        name: "echo",
        description: echo.description,
        inputSchema: { type: "object", properties: { text: { type: "string", description: "what to say" } }, required: ["text"] },
        annotations: { readOnlyHint: true }
      })
      expect(r.tools[1]).not.toHaveProperty("annotations")
    })
  )

  it.effect("refuses an unknown method with -32601, and an unknown tool or a call without a name with -32602", () =>
    Effect.gen(function* () {
      expect(yield* failure(respond(server, "resources/list", {}))).toBe(ErrorCode.methodNotFound)
      expect(yield* failure(respond(server, "tools/call", { name: "nope" }))).toBe(ErrorCode.invalidParams)
      expect(yield* failure(respond(server, "tools/call", {}))).toBe(ErrorCode.invalidParams)
      expect(yield* failure(respond(server, "tools/call", { name: "echo", arguments: "text" }))).toBe(ErrorCode.invalidParams)
    })
  )

  it.effect("turns a tool's failure into an isError result, never a protocol error", () =>
    Effect.gen(function* () {
      expect(yield* respond(server, "tools/call", { name: "echo", arguments: { text: "hi" } })).toEqual({
        content: [{ type: "text", text: "hi" }]
      })
      expect(yield* respond(server, "tools/call", { name: "echo" })).toEqual({
        content: [{ type: "text", text: "text is required" }],
        isError: true
      })
    })
  )

  it.effect("turns a bug inside a tool into an isError result naming the tool, and keeps serving", () =>
    Effect.gen(function* () {
      const r = (yield* respond(server, "tools/call", { name: "broken", arguments: { text: "x" } })) as {
        content: Array<{ text: string }>
        isError: boolean
      }
      expect(r.isError).toBe(true)
      expect(r.content[0]!.text).toMatch(/^lich mcp failed inside broken: .*kaboom/)
    })
  )
})

describe("answer", () => {
  it("shapes a result and an error as JSON-RPC 2.0 responses", () => {
    expect(answer(3, { result: {} })).toEqual({ jsonrpc: "2.0", id: 3, result: {} })
    expect(answer(null, { error: { code: -32700, message: "parse error" } as never })).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "parse error" }
    })
  })
})
