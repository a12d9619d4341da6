/**
 * What one MCP tool is: its name (contract), a description in our own words, the JSON Schema a
 * client shows the model, and the effect that runs it. A tool either answers text or fails with a
 * message; the protocol turns a failure into an isError result, never a JSON-RPC error, so the agent
 * reads what went wrong and keeps its turn.
 */
import type { Effect } from "effect"
import type { LichClient } from "../layers.js"
import type { Args } from "./args.js"

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

export interface JsonSchemaObject {
  readonly type: "object"
  readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly required?: ReadonlyArray<string>
}

export interface Tool {
  readonly name: string
  readonly description: string
  readonly inputSchema: JsonSchemaObject
  /** Reads and changes nothing: a client may run it without asking the user. */
  readonly readOnly: boolean
  /** Reaches the backend through LichClient: `LichClient.test` runs a tool with no backend. */
  readonly run: (args: Args) => Effect.Effect<ToolText, Failure, LichClient>
}

/** A tool as tools/list describes it: the annotation only where it is true, so a client never reads a false hint. */
export const listed = (t: Tool) => ({
  name: t.name,
  description: t.description,
  inputSchema: t.inputSchema,
  ...(t.readOnly ? { annotations: { readOnlyHint: true } } : {})
})

export const ok = (text: string): ToolText => ({ text, isError: false })

export const str = (description: string) => ({ type: "string", description }) as const
export const bool = (description: string) => ({ type: "boolean", description }) as const
export const num = (description: string) => ({ type: "number", description }) as const
export const oneOf = (words: ReadonlyArray<string>, description: string) =>
  ({ type: "string", enum: words, description }) as const

export const input = (
  properties: JsonSchemaObject["properties"],
  required: ReadonlyArray<string> = []
): JsonSchemaObject => (required.length === 0 ? { type: "object", properties } : { type: "object", properties, required })

/** The one project parameter every addressing tool takes. */
export const projectParam = str(
  "The project, by name or by the absolute path of its directory. Leave it out to mean your own project; give it when a name is shared across projects."
)

/** Timeout shared by the tools that can hold the line. */
export const timeoutParam = num(
  "Seconds to wait for the answer before a ticket comes back instead, at most 90 (the default). The errand stays open either way."
)

/** LICH_SESSION_ID of the session this server runs in (inherited from its PTY); "" outside one. */
export const sender = (): string => process.env.LICH_SESSION_ID ?? ""
