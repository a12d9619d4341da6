/**
 * Identifiers and bounded inputs that cross the wire. Every caller — CLI, MCP, window, hooks — is
 * validated against these before anything touches a PTY or the store, so a bad value is refused
 * with one line instead of reaching a terminal.
 */
import { Schema } from "effect"

/** A session's lich id: what LICH_SESSION_ID carries. Server-made ids are 32 hex chars. */
export const SessionId = Schema.String.pipe(Schema.brand("SessionId"))
export type SessionId = typeof SessionId.Type

/** hex of the first 6 bytes of sha256(path): stable across reopen-by-path. */
export const ProjectId = Schema.String.pipe(Schema.brand("ProjectId"))
export type ProjectId = typeof ProjectId.Type

/** 4 random bytes hex, the one handle an errand is answered on. */
export const Ticket = Schema.String
export type Ticket = typeof Ticket.Type

/** Sender id as carried by the caller: "" for a command run outside any session. */
export const FromId = Schema.String

/** 200 chars: long enough for a sentence-like card name, short enough for a sidebar row. */
export const MAX_LABEL_CHARS = 200
/**
 * A name a person gives a session. It is drawn in a sidebar row and printed in a tab-separated
 * `lich sessions` column, so a tab or newline would add a phantom row, and an escape sequence would
 * reach whoever reads it: control characters are refused, as they are in folder names.
 */
export const Label = Schema.String.pipe(
  // eslint-disable-next-line no-control-regex
  Schema.filter((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s), {
    message: () => "a session's name cannot hold tabs, newlines or other control characters"
  })
)

/** 8192 bytes: the relay's prompt cap — a terminal paste larger than this is a file to name, not paste. */
export const MAX_PROMPT_BYTES = 8192
/** 64 KiB: the answer / insert cap; anything larger belongs in a file whose path is sent instead. */
export const MAX_ANSWER_BYTES = 64 * 1024
/** Terminal grid bounds: below 20 columns no TUI draws, above 400 is a window no screen has. */
export const COLS = { min: 20, max: 400 } as const
export const ROWS = { min: 5, max: 200 } as const
/** 30 minutes: the longest a send/wait may hold the line. */
export const MAX_WAIT_SECONDS = 30 * 60
/** 100 s: under the 120 s an agent's shell tool typically allows one command. */
export const DEFAULT_WAIT_SECONDS = 100
/** 20 s, fixed: `open --prompt` (and `--subagent`) hands a session opened a moment ago its task; a ticket is expected. */
export const OPEN_PROMPT_WAIT_SECONDS = 20

export const Cols = Schema.Int.pipe(Schema.between(COLS.min, COLS.max))
export const Rows = Schema.Int.pipe(Schema.between(ROWS.min, ROWS.max))

/** The fixed card palette; a folder's colour is written onto each card in it. */
export const palette = ["red", "orange", "amber", "green", "teal", "blue", "violet", "pink"] as const
export const Color = Schema.Literal(...palette)
export type Color = typeof Color.Type

/** What a session's hooks last reported; "" means nothing was reported (not the same as idle). */
export const SessionState = Schema.Literal("busy", "done", "waiting", "idle", "")
export type SessionState = typeof SessionState.Type
