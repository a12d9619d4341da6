/**
 * The one table from outcome and error tags to the contract's exit codes. A script reads the code
 * without parsing anything, so an outcome that is neither done nor failed gets a code of its own:
 * 0 done (for send/wait: an answer is in hand), 1 failed, 2 the wait ran out and a ticket came back,
 * 3 the errand is over with no answer coming through lich. The libs never see these numbers.
 */
export const exitCodes = {
  // outcomes
  done: 0,
  answered: 0,
  pending: 2,
  "never-read": 3,
  "never-delivered": 3,
  "answered-elsewhere": 3,
  stopped: 3,
  expired: 3,
  // control: taken and not confirmed yet (it still goes through); the session ended before confirming
  delivered: 2,
  ended: 3,
  // failures
  NotFound: 1,
  Ambiguous: 1,
  Refused: 1,
  Failed: 1,
  Unreachable: 1,
  Usage: 1
} as const

export type ExitTag = keyof typeof exitCodes

export const exitCodeFor = (tag: string): number => (tag in exitCodes ? exitCodes[tag as ExitTag] : 1)
