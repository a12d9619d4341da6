/**
 * How a message becomes keystrokes at an agent's prompt: one bracketed paste, then Enter.
 *
 * The text is someone else's (another agent's prompt), so it is made inert first: no byte of it may
 * act as a terminal control. In particular an embedded `ESC[201~` must not end the paste early and
 * let the rest run as typed keys. It refuses oversized messages rather than truncating them: a cut
 * prompt reads as a complete one.
 */
import { MAX_PROMPT_BYTES, utf8Bytes } from "@lich/contract"

/** Starts a bracketed paste (xterm DECSET 2004 framing): the app treats what follows as pasted text. */
export const PASTE_START = "\x1b[200~"
/** Ends a bracketed paste. */
export const PASTE_END = "\x1b[201~"
/** The Enter key as a terminal sends it. */
export const ENTER = "\r"

/** The contract's prompt bound (8192 bytes); longer prompts should name files to read instead. */
export const MAX_MESSAGE_BYTES = MAX_PROMPT_BYTES

/**
 * 150 ms between the paste and the Enter: TUIs (Claude Code, Codex) treat an Enter that arrives in
 * the same read as the paste as part of the paste; a separate write after a pause is a key press.
 */
export const PASTE_ENTER_DELAY_MS = 150

/**
 * Drops every C0 control except `\n` and `\t` (so ESC, CR, NUL, Ctrl-C… cannot act), DEL, and the
 * C1 controls U+0080–U+009F (U+009B is an 8-bit CSI to parsers that honour C1).
 */
export const sanitizeForPaste = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "")

/** The UTF-8 size the prompt bound is measured in: the contract's own measure. */
export const utf8Length = utf8Bytes
