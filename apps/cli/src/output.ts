/**
 * Writing to the terminal. Agents read this output, so escape sequences are stripped whenever stdout
 * is not a TTY or NO_COLOR is set . The strings themselves
 * are made in text.ts, which the plain commands write directly.
 */
import { Effect } from "effect"
import type { ExitCode } from "./exitCodes.js"
import { failText, outText } from "./text.js"

export { plain, stripAnsi } from "./text.js"

export const stdout = (text: string) =>
  Effect.sync(() => {
    process.stdout.write(outText(text))
  })

/** One JSON line: the contract's machine output. */
export const json = (value: unknown) => stdout(JSON.stringify(value))

/** A failure: one `lich: …` line on stderr (text.ts: the one multi-line exception). */
export const failLine = (message: string) =>
  Effect.sync(() => {
    process.stderr.write(failText(message))
  })

export const setExit = (code: ExitCode) =>
  Effect.sync(() => {
    process.exitCode = code
  })
