/**
 * The one table from outcomes and error tags to the contract's exit codes. A script reads the code
 * without parsing anything, so an outcome that is neither done nor failed gets a code of its own:
 * 0 done (for send/wait: an answer is in hand), 1 failed, 2 the wait ran out and a ticket came back
 * (control: taken, not confirmed yet), 3 the errand is over with no answer coming through lich
 * (control: the session ended first). The libs never see these numbers.
 *
 * Keyed by the contract's own names — the relay's ResultStatus, control's ControlState and the
 * wire errors' tags — plus the CLI's own two errors. `satisfies` makes the table exhaustive both
 * ways: a status or error tag added to the contract without a row here is a compile error, and so is
 * a row for a name the contract does not have. Only type imports, so bin.ts can use it without
 * evaluating Effect.
 */
import type { ControlState, LichError, ResultStatus } from "@lich/contract"
import type { Unreachable } from "./client.js"
import type { Usage } from "./usage.js"

/** What a command can end in: an outcome the contract names, or an error by its tag. */
export type ExitTag = ResultStatus | ControlState | LichError["_tag"] | Unreachable["_tag"] | Usage["_tag"]

/** The contract's codes (spec: "Exit status"). */
export type ExitCode = 0 | 1 | 2 | 3

export const exitCodes = {
  // send / wait: the relay's outcomes
  answered: 0,
  pending: 2,
  unread: 3,
  undelivered: 3,
  unanswered: 3,
  stopped: 3,
  expired: 3,
  // control: confirmed; taken and not confirmed yet (it still goes through); the session ended first
  done: 0,
  delivered: 2,
  ended: 3,
  // failures: the wire's errors, the backend out of reach, a command line that is wrong
  NotFound: 1,
  Ambiguous: 1,
  Refused: 1,
  Failed: 1,
  Unreachable: 1,
  Usage: 1
} as const satisfies Record<ExitTag, ExitCode>

export const exitCodeFor = (tag: ExitTag): ExitCode => exitCodes[tag]

/** Whether a runtime `_tag` is one of the table's; main.ts asks before it looks a failure up. */
export const isExitTag = (tag: string): tag is ExitTag => Object.hasOwn(exitCodes, tag)
