/**
 * Writing to the terminal. Agents read this output, so escape sequences are stripped whenever stdout
 * is not a TTY or NO_COLOR is set (@effect/cli writes them even when piped).
 */
import { Effect } from "effect"
import type { ExitCode } from "./exitCodes.js"
import { oneLine } from "./safeText.js"

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g

export const plain = (): boolean => !process.stdout.isTTY || (process.env.NO_COLOR ?? "") !== ""
export const stripAnsi = (s: string): string => s.replace(ANSI, "")

export const stdout = (text: string) =>
  Effect.sync(() => {
    process.stdout.write(text.endsWith("\n") ? text : `${text}\n`)
  })

/** One JSON line: the contract's machine output. */
export const json = (value: unknown) => stdout(JSON.stringify(value))

/** A failure: one `lich: …` line on stderr, whatever the message holds (user strings included). */
/**
 * The one exception to one line: `reply`'s refusal when two requests are open lists each ticket on a
 * line of its own (`  lich reply <ticket> "<answer>"   — …`), as the contract prints it, so the retry
 * can be copied. Only that listing's line breaks are kept; every other control character is still
 * written out.
 */
const TICKET_LISTING = /\\n(  lich reply [0-9a-f]{8} )/g

export const failLine = (message: string) =>
  Effect.sync(() => {
    process.stderr.write(`lich: ${oneLine(message).replace(TICKET_LISTING, "\n$1")}\n`)
  })

export const setExit = (code: ExitCode) =>
  Effect.sync(() => {
    process.exitCode = code
  })
