/**
 * How long commands wait on the backend beyond a call's default 10 s: plain values, shared by the
 * commands and the MCP tools.
 */
import { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS } from "@lich/contract"

/** 30 s over the wait itself: the server answers "pending" at the deadline, never the socket. */
export const WAIT_SLACK_MS = 30_000

export const waitBudgetMs = (seconds: number): number =>
  (seconds <= 0 ? DEFAULT_WAIT_SECONDS : Math.min(seconds, MAX_WAIT_SECONDS)) * 1000 + WAIT_SLACK_MS

/** 60 s: calls that may run git (fetch, worktree add/remove). */
export const SPAWN_TIMEOUT_MS = 60_000
