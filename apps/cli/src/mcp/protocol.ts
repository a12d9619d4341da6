/**
 * The MCP side of `lich mcp`: JSON-RPC 2.0 messages in, answers out. It knows initialize, ping,
 * tools/list and tools/call, answers an unknown method with -32601 and bad params or an unknown tool
 * with -32602, and never answers a notification. A tool that fails is not a protocol error: it is a
 * result with isError and the reason as text, so the agent reads it and keeps its turn.
 * Pure of I/O: serve.ts owns stdin, stdout and the request fibers.
 */
import { Cause, Data, Effect } from "effect"
import type { LichClient } from "../layers.js"
import type { Args } from "./args.js"
import { listed, type Tool, type ToolText } from "./Tool.js"

/** The version answered to a client that names none (or something that is not a version string). */
export const DEFAULT_PROTOCOL_VERSION = "2025-06-18"

export const ErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602
} as const

export class RpcError extends Data.TaggedError("RpcError")<{ readonly code: number; readonly message: string }> {}

export type Id = string | number | null

export interface Server {
  readonly name: string
  readonly version: string
  readonly instructions: string
  readonly tools: ReadonlyArray<Tool>
}

/** What one line of input is, decided before anything runs. */
export type Incoming =
  | { readonly _tag: "request"; readonly id: Id; readonly method: string; readonly params: unknown }
  | { readonly _tag: "notification"; readonly method: string; readonly params: unknown }
  /** Malformed: answered at once with this error and a null id (or the id, when one could be read). */
  | { readonly _tag: "invalid"; readonly id: Id; readonly error: RpcError }
  /** A response from the client (we send no requests) or a blank line. */
  | { readonly _tag: "ignored" }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
const isId = (v: unknown): v is Id => typeof v === "string" || typeof v === "number" || v === null

export const classify = (line: string): Incoming => {
  if (line.trim() === "") return { _tag: "ignored" }
  let msg: unknown
  try {
    msg = JSON.parse(line)
  } catch {
    return { _tag: "invalid", id: null, error: new RpcError({ code: ErrorCode.parse, message: "parse error: a line is not JSON" }) }
  }
  if (!isRecord(msg)) {
    const what = Array.isArray(msg) ? "batches are not supported; send one message per line" : "a message must be a JSON object"
    return { _tag: "invalid", id: null, error: new RpcError({ code: ErrorCode.invalidRequest, message: what }) }
  }
  const id = isId(msg.id) ? msg.id : null
  if (typeof msg.method !== "string") {
    if ("result" in msg || "error" in msg) return { _tag: "ignored" }
    return { _tag: "invalid", id, error: new RpcError({ code: ErrorCode.invalidRequest, message: "a request needs a method" }) }
  }
  // No id at all is a notification; an id of a type JSON-RPC does not allow is refused, not guessed at.
  if (!("id" in msg)) return { _tag: "notification", method: msg.method, params: msg.params }
  if (!isId(msg.id)) {
    return {
      _tag: "invalid",
      id: null,
      error: new RpcError({ code: ErrorCode.invalidRequest, message: "an id must be a string or a number" })
    }
  }
  return { _tag: "request", id: msg.id, method: msg.method, params: msg.params }
}

const initialize = (server: Server, params: unknown) => {
  const asked = isRecord(params) ? params.protocolVersion : undefined
  return {
    protocolVersion: typeof asked === "string" && asked !== "" ? asked : DEFAULT_PROTOCOL_VERSION,
    capabilities: { tools: {} },
    serverInfo: { name: server.name, version: server.version },
    instructions: server.instructions
  }
}

const content = (t: ToolText) =>
  t.isError ? { content: [{ type: "text", text: t.text }], isError: true } : { content: [{ type: "text", text: t.text }] }

/** A defect is a bug in lich, and still only this call's failure: the agent is told, the server goes on. */
const runTool = (tool: Tool, args: Args) =>
  tool.run(args).pipe(
    Effect.map(content),
    Effect.catchAll((e) => Effect.succeed(content({ text: e.message, isError: true }))),
    Effect.catchAllDefect((d) =>
      Effect.succeed(content({ text: `lich mcp failed inside ${tool.name}: ${Cause.pretty(Cause.die(d)).split("\n")[0]}`, isError: true }))
    )
  )

const callTool = (server: Server, params: unknown) => {
  if (!isRecord(params) || typeof params.name !== "string") {
    return Effect.fail(new RpcError({ code: ErrorCode.invalidParams, message: "tools/call needs params.name, the tool to call" }))
  }
  const tool = server.tools.find((t) => t.name === params.name)
  if (!tool) {
    return Effect.fail(
      new RpcError({
        code: ErrorCode.invalidParams,
        message: `unknown tool "${params.name}" — tools/list names the ${server.tools.length} there are`
      })
    )
  }
  const args = params.arguments
  if (args !== undefined && args !== null && !isRecord(args)) {
    return Effect.fail(new RpcError({ code: ErrorCode.invalidParams, message: "tools/call arguments must be an object" }))
  }
  return runTool(tool, (args ?? {}) as Args)
}

/** The result of one request, or the JSON-RPC error it is answered with. */
export const respond = (server: Server, method: string, params: unknown): Effect.Effect<unknown, RpcError, LichClient> => {
  switch (method) {
    case "initialize":
      return Effect.succeed(initialize(server, params))
    case "ping":
      return Effect.succeed({})
    case "tools/list":
      return Effect.succeed({ tools: server.tools.map(listed) })
    case "tools/call":
      return callTool(server, params)
    default:
      return Effect.fail(new RpcError({ code: ErrorCode.methodNotFound, message: `method not found: ${method}` }))
  }
}

/** One response line's object. */
export const answer = (id: Id, outcome: { readonly result: unknown } | { readonly error: RpcError }) =>
  "result" in outcome
    ? { jsonrpc: "2.0", id, result: outcome.result }
    : { jsonrpc: "2.0", id, error: { code: outcome.error.code, message: outcome.error.message } }

/** The id a notifications/cancelled names, as the key its request fiber runs under. */
export const cancelledKey = (params: unknown): string | undefined =>
  isRecord(params) && isId(params.requestId) ? idKey(params.requestId) : undefined

/** 1 and "1" are different requests. */
export const idKey = (id: Id): string => JSON.stringify(id)
