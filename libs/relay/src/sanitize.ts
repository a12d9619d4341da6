/**
 * Cleaning what the relay will type or hand back. Text typed into a terminal keeps only newlines and
 * tabs among the control characters — an escape sequence inside it would stop being text.
 */
import { MAX_ANSWER_BYTES, MAX_MOD_ANSWER_CHARS, MAX_PROMPT_BYTES, MAX_WAIT_SECONDS, DEFAULT_WAIT_SECONDS, Refused } from "@lich/contract"
import { Either } from "effect"

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f]/g

export const stripControls = (s: string): string => s.replace(CONTROLS, "")

export const bytes = (s: string): number => Buffer.byteLength(s, "utf8")

export const cleanPrompt = (raw: string): Either.Either<string, Refused> => {
  const prompt = stripControls(raw).trim()
  if (prompt === "") return Either.left(new Refused({ message: "nothing to send: the prompt is empty" }))
  const n = bytes(prompt)
  if (n > MAX_PROMPT_BYTES) {
    return Either.left(
      new Refused({
        message: `prompt is ${n} bytes, over the ${MAX_PROMPT_BYTES} limit: name the paths to read instead of pasting their contents`
      })
    )
  }
  return Either.right(prompt)
}

export const cleanAnswer = (raw: string): Either.Either<string, Refused> => {
  const answer = stripControls(raw).trim()
  if (answer === "") return Either.left(new Refused({ message: "nothing to reply: the answer is empty" }))
  const n = bytes(answer)
  if (n > MAX_ANSWER_BYTES) {
    return Either.left(
      new Refused({
        message: `the answer is ${n} bytes, over the ${MAX_ANSWER_BYTES}-byte limit: write the details to a file and reply with its path`
      })
    )
  }
  return Either.right(answer)
}

/** Seconds to hold the line: ≤ 0 means the default, and nothing waits past 30 minutes. */
export const waitSeconds = (t: number): number =>
  !Number.isFinite(t) || t <= 0 ? DEFAULT_WAIT_SECONDS : Math.min(t, MAX_WAIT_SECONDS)

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
