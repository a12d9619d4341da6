/**
 * Errors that cross the wire. Each carries a `message` a person (or an agent) can act on; the CLI
 * prints it as one `lich: …` line. The libs never know exit codes — apps/cli/src/exitCodes.ts does.
 */
import { Schema } from "effect"

/** A session, project or ticket named by the caller does not exist. */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  what: Schema.Literal("session", "project", "ticket", "folder", "theme", "host"),
  name: Schema.String,
  message: Schema.String
}) {}

/** A name matches more than one thing; guessing is the one mistake that must not be made. */
export class Ambiguous extends Schema.TaggedError<Ambiguous>()("Ambiguous", {
  name: Schema.String,
  message: Schema.String
}) {}

/** The request is understood and refused: bad input, a rule of the contract, or a state that forbids it. */
export class Refused extends Schema.TaggedError<Refused>()("Refused", {
  message: Schema.String
}) {}

/** Something on this machine failed while doing what was asked (git, a PTY, the store). */
export class Failed extends Schema.TaggedError<Failed>()("Failed", {
  message: Schema.String
}) {}

export const LichError = Schema.Union(NotFound, Ambiguous, Refused, Failed)
export type LichError = typeof LichError.Type
