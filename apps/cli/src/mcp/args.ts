/**
 * Reading a tool call's arguments the lenient way MCP clients need: models put numbers where strings
 * go and strings where booleans go, and a call refused over a type is a turn lost for nothing. So a
 * text field takes any scalar, a flag is on only for true or "true", and a timeout takes a number or
 * a numeric string. What stays strict is presence: a field the call left out is never read as an
 * empty one, because for several tools "" means something (take a session out of its folder).
 */
import { Data, Effect } from "effect"

/** A call refused before anything reached lich; its message is what the agent reads. */
export class Refusal extends Data.TaggedError("Refusal")<{ readonly message: string }> {}

export type Args = Readonly<Record<string, unknown>>

/** 90 s: Claude Code moves a tool call that runs past 120 s to the background, so a held line stops well short of that. */
export const MAX_TIMEOUT_SECONDS = 90

const scalar = (v: unknown): v is string | number | boolean | bigint =>
  typeof v === "string" || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint"

const present = (args: Args, key: string): boolean => args[key] !== undefined && args[key] !== null

const asText = (args: Args, key: string): Effect.Effect<string, Refusal> => {
  const v = args[key]
  return scalar(v)
    ? Effect.succeed(String(v))
    : Effect.fail(new Refusal({ message: `${key} must be text, and this call passed ${Array.isArray(v) ? "a list" : "an object"}` }))
}

/** An optional text field: "" when the call left it out. */
export const optionalText = (args: Args, key: string): Effect.Effect<string, Refusal> =>
  present(args, key) ? asText(args, key) : Effect.succeed("")

/**
 * A field the call must carry. `why` finishes the refusal with what the field is for, so the retry
 * knows what to put there. An empty value passes: whether "" means something is the tool's call.
 */
export const requiredText = (args: Args, key: string, why: string): Effect.Effect<string, Refusal> =>
  present(args, key) ? asText(args, key) : Effect.fail(new Refusal({ message: `${key} is required: ${why}` }))

/** A required field where "" names nothing (a session, a prompt, an answer). */
export const nonEmptyText = (args: Args, key: string, why: string): Effect.Effect<string, Refusal> =>
  Effect.flatMap(requiredText(args, key, why), (v) =>
    v.trim() === "" ? Effect.fail(new Refusal({ message: `${key} is empty: ${why}` })) : Effect.succeed(v)
  )

/** On only for true or "true": anything else a model might send ("yes", 1, "false") leaves it off. */
export const flag = (args: Args, key: string): boolean => args[key] === true || args[key] === "true"

/**
 * Seconds to hold the line: a number or a numeric string, clamped into (0, 90]. Zero, a negative
 * number, nothing at all or something that is not a number all mean the longest hold, 90 s — a
 * model that wrote 0 meant "the default", not "return before asking".
 */
export const timeoutSeconds = (args: Args, key = "timeout_seconds"): number => {
  const v = args[key]
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN
  if (!Number.isFinite(n) || n <= 0) return MAX_TIMEOUT_SECONDS
  return Math.min(n, MAX_TIMEOUT_SECONDS)
}

/** One of a fixed set of words, or "" when left out. */
export const optionalChoice = <const W extends string>(
  args: Args,
  key: string,
  words: ReadonlyArray<W>
): Effect.Effect<W | "", Refusal> =>
  Effect.flatMap(optionalText(args, key), (v) =>
    v === "" || (words as ReadonlyArray<string>).includes(v)
      ? Effect.succeed(v as W | "")
      : Effect.fail(new Refusal({ message: `${key} takes ${words.map((w) => `"${w}"`).join(" or ")}, not "${v}"` }))
  )
