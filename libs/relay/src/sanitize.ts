/**
 * Cleaning what the relay will type or hand back. Text typed into a terminal keeps only newlines and
 * tabs among the control characters — an escape sequence inside it would stop being text.
 */
import {
  AnswerText,
  checkBound,
  DEFAULT_WAIT_SECONDS,
  InsertText,
  MAX_MOD_ANSWER_CHARS,
  MAX_WAIT_SECONDS,
  PromptText,
  QuestionText,
  Refused
} from "@lich/contract"
import { Either, type Schema } from "effect"

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g

export const stripControls = (s: string): string => s.replace(CONTROLS, "")

const refusedBy = <A>(schema: Schema.Schema<A, string>, text: string): Either.Either<A, Refused> =>
  Either.mapLeft(checkBound(schema, text), (message) => new Refused({ message }))

/** A prompt to type: controls stripped, trimmed, then held to the contract's PromptText. */
export const cleanPrompt = (raw: string): Either.Either<string, Refused> => refusedBy(PromptText, stripControls(raw).trim())

/** A side question for a mod: controls stripped, trimmed, then held to the contract's QuestionText. */
export const cleanQuestion = (raw: string): Either.Either<string, Refused> => refusedBy(QuestionText, stripControls(raw).trim())

/** An answer to hand back: controls stripped, trimmed, then held to the contract's AnswerText. */
export const cleanAnswer = (raw: string): Either.Either<string, Refused> => refusedBy(AnswerText, stripControls(raw).trim())

/** Text to leave at a prompt: controls stripped (blanks kept: they are part of it), held to InsertText. */
export const cleanInsert = (raw: string): Either.Either<string, Refused> => refusedBy(InsertText, stripControls(raw))

/** Seconds to hold the line: ≤ 0 means the default, and nothing waits past 30 minutes. */
export const waitSeconds = (t: number): number => (!Number.isFinite(t) || t <= 0 ? DEFAULT_WAIT_SECONDS : Math.min(t, MAX_WAIT_SECONDS))

/** 4 random bytes hex: short enough to type, and only valid while its errand lives. */
export const newTicket = (taken: (t: string) => boolean): string => {
  for (;;) {
    const t = [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("")
    if (!taken(t)) return t
  }
}

/** A side answer or a worker's answer from a mod, held to 16 000 UTF-16 units with "[truncated]" after. */
export const capModAnswer = (text: string): string =>
  text.length > MAX_MOD_ANSWER_CHARS ? `${text.slice(0, MAX_MOD_ANSWER_CHARS)}[truncated]` : text
