/**
 * The field builders the MCP tools' inputs are made of (mcpTools.ts): lenient scalars, flags, the held
 * line's seconds and the refusal wording for a fixed set of words. A module of its own so the inputs read
 * as a list of tools, and every field kind is written once.
 */
import { type ParseResult, Schema } from "effect"
import { Ticket } from "./ids.js"
import { MAX_WAIT_SECONDS } from "./limits.js"
/**
 * 90 s: Claude Code moves a tool call that runs past 120 s to the background, so a held line stops
 * well short of that — and never past the server's own cap for a send or wait.
 */
export const MAX_TOOL_WAIT_SECONDS = Math.min(90, MAX_WAIT_SECONDS)

export const scalarOnly = (actual: unknown) => `must be text, and this call passed ${Array.isArray(actual) ? "a list" : "an object"}`
/** What a text field accepts; the listing says "string", the one type a model should send. */
export const Scalar = Schema.Union(Schema.String, Schema.Number, Schema.Boolean).annotations({
  jsonSchema: { type: "string" },
  message: (issue) => ({ message: scalarOnly(issue.actual), override: true })
})

/** Any scalar, as its string, decoded on into `to`. The description sits on the transformation: the listing keeps it there. */
export const textAs = <A>(to: Schema.Schema<A, string>, description: string) =>
  Schema.transform(Scalar, to, { strict: true, decode: (v) => String(v), encode: (s) => s }).annotations({ description })
export const text = (description: string) => textAs(Schema.String, description)

/** A text field where "" names nothing (a session, a prompt, an answer). */
export const nonBlank = (why: string) => Schema.String.pipe(Schema.filter((s) => s.trim() !== "", { message: () => `is empty: ${why}` }))

/** A field the call must carry; `why` finishes the refusal so the retry knows what to put there. */
export const needed = <S extends Schema.Schema.All>(schema: S, why: string) =>
  Schema.propertySignature(schema).annotations({ missingMessage: () => `is required: ${why}` })

/** Required and not blank. */
export const named = (description: string, why: string) => needed(textAs(nonBlank(why), description), why)
/** Required, and "" passes: whether empty means something is the tool's call. */
export const given = (description: string, why: string) => needed(text(description), why)
/** Optional text: "" when left out. */
export const optionalText = (description: string) => Schema.optionalWith(text(description), { default: () => "" })
/** An optional ticket: "" (left out) means every result ready, or the one request open. */
export const optionalTicket = (description: string) => Schema.optionalWith(textAs(Ticket, description), { default: () => "" as Ticket })

/** On only for true or "true": anything else a model might send ("yes", 1, "false") leaves it off. */
export const flag = (description: string) =>
  Schema.optionalWith(
    Schema.transform(Schema.Unknown.annotations({ jsonSchema: { type: "boolean" } }), Schema.Boolean, {
      strict: true,
      decode: (v) => v === true || v === "true",
      encode: (b) => b
    }).annotations({ description }),
    { default: () => false }
  )

/**
 * Seconds to hold the line: a number or a numeric string, clamped into (0, 90]. Zero, a negative
 * number, nothing at all or something that is not a number all mean the longest hold — a model that
 * wrote 0 meant "the default", not "return before asking".
 */
export const holdSeconds = (v: unknown): number => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN
  return !Number.isFinite(n) || n <= 0 ? MAX_TOOL_WAIT_SECONDS : Math.min(n, MAX_TOOL_WAIT_SECONDS)
}
export const timeoutSeconds = Schema.optionalWith(
  Schema.transform(Schema.Unknown.annotations({ jsonSchema: { type: "number" } }), Schema.Number, {
    strict: true,
    decode: holdSeconds,
    encode: (n) => n
  }).annotations({
    description: `Seconds to wait for the answer before a ticket comes back instead, at most ${MAX_TOOL_WAIT_SECONDS} (the default). The errand stays open either way.`
  }),
  { default: () => MAX_TOOL_WAIT_SECONDS }
).pipe(Schema.fromKey("timeout_seconds"))

/** "a", "b" or "c" — how a refusal and a description list a fixed set of words. */
export const spoken = (words: ReadonlyArray<string>, quote = false) => words.map((w) => (quote ? `"${w}"` : w))
export const oneOfWords = (words: ReadonlyArray<string>, issue: ParseResult.ParseIssue & { actual: unknown }, quote: boolean) =>
  typeof issue.actual === "object" && issue.actual !== null
    ? scalarOnly(issue.actual)
    : `takes ${spoken(words, quote).join(quote ? " or " : ", ")}, not "${String(issue.actual)}"`

export const PROJECT =
  "The project, by name or by the absolute path of its directory. Leave it out to mean your own project; give it when a name is shared across projects."
export const SESSION = "The session: its label, its roster name, or its lich id."
/** The one project parameter every addressing tool takes. */
export const project = optionalText(PROJECT)
/** Left out, this machine; a name of `lich hosts`, that host's lich (lich's own, beyond the contract). */
export const host = optionalText("A host added with lich hosts add: the session is on that machine's lich. Leave it out for this machine.")
export const target = (why: string) => named(SESSION, why).pipe(Schema.fromKey("session"))
/** Left out, a session's own (renaming or filing the caller's session). */
export const ownTarget = optionalText(SESSION).pipe(Schema.fromKey("session"))
