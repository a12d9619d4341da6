/**
 * What the CLI writes, as plain strings: the ANSI stripping for a reader that is not a colour
 * terminal, the one `lich: …` failure line, and how a stdout text ends. output.ts wraps these in
 * Effect for the commands that run on Effect; the plain commands (bin.ts) write them directly. One
 * module for both, so the two kinds of command cannot drift apart byte by byte. No `effect` here:
 * the plain commands must not evaluate it.
 */
import { oneLine } from "./safeText.js"

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g

/** Agents read the output: escapes are stripped whenever stdout is not a TTY or NO_COLOR is set. */
export const plain = (): boolean => !process.stdout.isTTY || (process.env.NO_COLOR ?? "") !== ""
export const stripAnsi = (s: string): string => s.replace(ANSI, "")

/** A stdout text as written: one trailing newline, added when the text has none. */
export const outText = (text: string): string => (text.endsWith("\n") ? text : `${text}\n`)

/**
 * The one exception to one line: `reply`'s refusal when two requests are open lists each ticket on a
 * line of its own (`  lich reply <ticket> "<answer>"   — …`), as the contract prints it, so the retry
 * can be copied. Only that listing's line breaks are kept; every other control character is still
 * written out.
 */
const TICKET_LISTING = /\\n( {2}lich reply [0-9a-f]{8} )/g

/** A failure: one `lich: …` line for stderr, whatever the message holds (user strings included). */
export const failText = (message: string): string => `lich: ${oneLine(message).replace(TICKET_LISTING, "\n$1")}\n`
