/**
 * Identifiers and bounded inputs that cross the wire. Every caller — CLI, MCP, window, hooks — is
 * validated against these before anything touches a PTY or the store, so a bad value is refused
 * with one line instead of reaching a terminal.
 */
import { Schema } from "effect"
import { checkId, checks } from "./checks.js"
import { COLS, palette, ROWS, reportedStates, shownStates, statusStates } from "./limits.js"

// The plain values these schemas are built on (sizes, grid, palette, states) are named here too,
// so `./ids.js` still names every bound.
export * from "./limits.js"

/** A session's lich id: what LICH_SESSION_ID carries. Server-made ids are 32 hex chars. */
export const SessionId = Schema.String.pipe(Schema.brand("SessionId"))
export type SessionId = typeof SessionId.Type

/** hex of the first 6 bytes of sha256(path): stable across reopen-by-path. */
export const ProjectId = Schema.String.pipe(Schema.brand("ProjectId"))
export type ProjectId = typeof ProjectId.Type

/** 4 random bytes hex, the one handle an errand is answered on ("" in a payload = the one open). */
export const Ticket = Schema.String.pipe(Schema.brand("Ticket"))
export type Ticket = typeof Ticket.Type

/** Sender id as carried by the caller: its LICH_SESSION_ID, or "" for a command run outside any session. */
export const FromId = Schema.Union(SessionId, Schema.Literal(""))
export type FromId = typeof FromId.Type
/** The sender a process is, from its LICH_SESSION_ID (unset or empty: none). */
export const fromId = (raw: string | undefined): FromId => (raw === undefined || raw === "" ? "" : SessionId.make(raw))

/**
 * A name a person gives a session. It is drawn in a sidebar row and printed in a tab-separated
 * `lich sessions` column, so a tab or newline would add a phantom row, and an escape sequence would
 * reach whoever reads it: control characters are refused, as they are in folder names.
 */
export const Label = Schema.String.pipe(
  Schema.filter(checks.label.test, { schemaId: checkId("label"), message: () => checks.label.message })
)

export const Cols = Schema.Int.pipe(Schema.between(COLS.min, COLS.max))
export const Rows = Schema.Int.pipe(Schema.between(ROWS.min, ROWS.max))

/** A card's colour: one of the palette (limits.ts). "" — the theme's — is spelled out where it is allowed. */
export const Color = Schema.Literal(...palette)
export type Color = typeof Color.Type

/** What a hook may report (`POST /hook`); the vocabulary and the compacting decision are in limits.ts. */
export const ReportedState = Schema.Literal(...reportedStates)
export type ReportedState = typeof ReportedState.Type
/** What `session-status` carries: the reported states and lich's own `interrupted`. */
export const StatusState = Schema.Literal(...statusStates)
export type StatusState = typeof StatusState.Type
/** What the roster's state column and the card show; "" means nothing was reported (not the same as idle). */
export const SessionState = Schema.Literal(...shownStates)
export type SessionState = typeof SessionState.Type
