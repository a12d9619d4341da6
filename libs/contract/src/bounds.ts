/**
 * The bounded texts the relay types or hands back, as schemas: a prompt, an answer, an inserted
 * text. Each filter's message is the one-line refusal a person reads (`lich: …`), so the server, the
 * CLI and the terminal refuse with the same words, and the limits live in limits.ts alone.
 *
 * They check what is already clean: the caller strips control characters (and trims, where the
 * text is trimmed) first, because the bound is on what would reach the terminal.
 */
import { Either, ParseResult, Schema } from "effect"
import { boundMessages, MAX_ANSWER_BYTES, MAX_PROMPT_BYTES, utf8Bytes } from "./limits.js"

const notBlank = (message: string) => Schema.filter<Schema.Schema<string>>((s) => s.trim() !== "", { message: () => message })

const atMostBytes = (limit: number, message: (bytes: number) => string) =>
  Schema.filter<Schema.Schema<string>>((s) => utf8Bytes(s) <= limit, { message: (issue) => message(utf8Bytes(String(issue.actual))) })

/** A task to type at a prompt: not blank, at most 8192 bytes. */
export const PromptText = Schema.String.pipe(
  notBlank(boundMessages.emptyPrompt),
  atMostBytes(MAX_PROMPT_BYTES, (n) => boundMessages.promptTooLong(n))
)
/** A side question for a session's mod (`lich ask`): a prompt, so not blank and at most 8192 bytes. */
export const QuestionText = Schema.String.pipe(
  notBlank(boundMessages.emptyQuestion),
  atMostBytes(MAX_PROMPT_BYTES, boundMessages.questionTooLong)
)
/** An answer handed back to the asker: not blank, at most 64 KiB. */
export const AnswerText = Schema.String.pipe(
  notBlank(boundMessages.emptyAnswer),
  atMostBytes(MAX_ANSWER_BYTES, boundMessages.answerTooLong)
)
const insertBytes = atMostBytes(MAX_ANSWER_BYTES, boundMessages.insertTooLong)
/** Text left at a prompt without Enter, as the CLI checks it before calling: at most 64 KiB. */
export const InsertSize = Schema.String.pipe(insertBytes)
/** What the server inserts: not blank (checked first), at most 64 KiB. */
export const InsertText = Schema.String.pipe(notBlank(boundMessages.emptyInsert), insertBytes)

/** The value, or the first refusal's message: the one line a caller turns into its own error. */
export const checkBound = <A>(schema: Schema.Schema<A, string>, value: string): Either.Either<A, string> =>
  Either.mapLeft(Schema.decodeEither(schema)(value), (e) => ParseResult.ArrayFormatter.formatErrorSync(e)[0]?.message ?? e.message)
