/** How long the relay's commands hold the line: plain values, shared by the hot and the Effect commands. */
import { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS } from "@lich/contract"

/** 30 s over the wait itself: the server answers "pending" at the deadline, never the socket. */
export const WAIT_SLACK_MS = 30_000

export const waitBudgetMs = (seconds: number): number =>
  (seconds <= 0 ? DEFAULT_WAIT_SECONDS : Math.min(seconds, MAX_WAIT_SECONDS)) * 1000 + WAIT_SLACK_MS
