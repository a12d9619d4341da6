/**
 * The fields every procedure's payload shares, and the error every procedure fails with. Kept in a
 * file of their own so each rpc*.ts module can be evaluated alone: a CLI command builds only the
 * procedures it calls (cold start, docs/ceilings.md).
 */
import { Schema } from "effect"
import { LichError } from "./errors.js"
import { FromId } from "./ids.js"

/** Who is asking: LICH_SESSION_ID of the calling process, "" outside a session. */
export const from = FromId
/** A project by name, or an absolute directory path; "" = the caller's own. */
export const project = Schema.String
export const error = LichError

/** What opening a session takes wherever it is opened from: `open` and `open --subagent` alike. */
export const openFields = {
  kind: Schema.String,
  worktree: Schema.String,
  base: Schema.String,
  model: Schema.String,
  effort: Schema.String,
  ultracode: Schema.Boolean
}
