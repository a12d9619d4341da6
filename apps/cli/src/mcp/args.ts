/**
 * A tool call's arguments, decoded with the tool's input schema (libs/contract mcpTools.ts says how
 * leniently, and why). A call the schema refuses never reaches lich; the agent reads one line naming
 * the field and what to put there.
 */
import { toolArgumentsMessage, withoutNulls } from "@lich/contract"
import { Data, Effect, Schema } from "effect"

/** A call refused before anything reached lich; its message is what the agent reads. */
export class Refusal extends Data.TaggedError("Refusal")<{ readonly message: string }> {}

export type Args = Readonly<Record<string, unknown>>

export const decodeArgs = <A, I>(input: Schema.Schema<A, I, never>) => {
  const decode = Schema.decodeUnknown(input)
  return (args: Args): Effect.Effect<A, Refusal> =>
    Effect.mapError(decode(withoutNulls(args)), (e) => new Refusal({ message: toolArgumentsMessage(e) }))
}
