/**
 * What one MCP tool is: its name (contract), a description in our own words, the schema of its input
 * (libs/contract mcpTools.ts) and the effect that runs it. The JSON Schema a client shows the model is
 * generated from that input schema, and a call's arguments are decoded with it, so the two cannot
 * drift. A tool either answers text or fails with a message; the protocol turns a failure into an
 * isError result, never a JSON-RPC error, so the agent reads what went wrong and keeps its turn.
 */
import { type FromId, fromId, type ToolInputJsonSchema, toolInputJsonSchema } from "@lich/contract"
import { Effect, type Schema } from "effect"
import type { LichClient } from "../layers.js"
import { type Args, decodeArgs } from "./args.js"

/** Text the agent reads. isError marks an outcome that is over without what was asked for. */
export interface ToolText {
  readonly text: string
  readonly isError: boolean
}

/** Anything a tool fails with carries a message a person (or model) can act on. */
export interface Failure {
  readonly _tag: string
  readonly message: string
}

export interface Tool {
  readonly name: string
  readonly description: string
  readonly inputSchema: ToolInputJsonSchema
  /** Reads and changes nothing: a client may run it without asking the user. */
  readonly readOnly: boolean
  /** Decodes the call's arguments, then runs. `LichClient.test` runs a tool with no backend. */
  readonly run: (args: Args) => Effect.Effect<ToolText, Failure, LichClient>
}

/** A tool from its input schema and what it does with the decoded input. */
export const tool = <A, I>(t: {
  readonly name: string
  readonly description: string
  readonly input: Schema.Schema<A, I, never>
  /** Left out: the tool may change something, so a client asks before running it. */
  readonly readOnly?: boolean
  readonly run: (input: A) => Effect.Effect<ToolText, Failure, LichClient>
}): Tool => {
  const decode = decodeArgs(t.input)
  return {
    name: t.name,
    description: t.description,
    inputSchema: toolInputJsonSchema(t.input),
    readOnly: t.readOnly ?? false,
    run: (args) => Effect.flatMap(decode(args), t.run)
  }
}

/** A tool as tools/list describes it: the annotation only where it is true, so a client never reads a false hint. */
export const listed = (t: Tool) => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
  ...(t.readOnly ? { annotations: { readOnlyHint: true } } : {})
})

export const ok = (text: string): ToolText => ({ text, isError: false })

/** LICH_SESSION_ID of the session this server runs in (inherited from its PTY); "" outside one. */
export const sender = (): FromId => fromId(process.env.LICH_SESSION_ID)
