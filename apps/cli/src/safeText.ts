/**
 * User strings on their way to a terminal. A session name, a ticket or a folder typed by a person or
 * an agent can hold a newline or an escape sequence; echoed verbatim into `lich: …` it splits the one
 * error line into several, or clears the screen of whoever reads it. Every line the CLI writes about
 * a failure goes through `oneLine`, and a CLI-made message names a user string with `quote`, so no
 * control character reaches the terminal. Plain strings only (no `effect`): bin.ts refuses argv with
 * it before any module that costs cold start is loaded.
 */

// C0 controls, DEL and the C1 range (U+0080–U+009F: a terminal reads U+009B as CSI, like ESC [).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\e" }

const escapeOne = (c: string): string => NAMED[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`

/** `s` with every control character written out (`\n`, `\e`, `\x07`): printable, and one line. */
export const oneLine = (s: string): string => s.replace(CONTROL, escapeOne)

/** A user string inside a message: double-quoted, with its control characters written out. */
export const quote = (s: string): string => `"${oneLine(s)}"`

/** Whether `s` holds any character a terminal would act on rather than print. */
export const hasControl = (s: string): boolean => ANY_CONTROL.test(s)
