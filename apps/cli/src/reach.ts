/**
 * What both ways to the backend share — the full client (client.ts) and the fast path
 * (fast/request.ts) — as plain values: the fast bundle may evaluate no Effect, and client.ts does at
 * its top, so the two read them from here rather than one spelling the other's again.
 */

/** The contract's line for "no lich is running". */
export const NO_LICH = "no lich is running — open lich, or run this inside one of its sessions"

/** 10 s: how long a call waits for the backend's answer before it is given up. */
export const DEFAULT_TIMEOUT_MS = 10_000
