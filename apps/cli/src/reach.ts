/**
 * What both clients of the backend share — client.ts (Effect, the contract's schemas) and
 * wire/call.ts (the plain commands, no Effect) — as plain values: the plain commands may evaluate no
 * Effect, and client.ts does at its top, so the two read them from here.
 */

/** The contract's line for "no lich is running". */
export const NO_LICH = "no lich is running — open lich, or run this inside one of its sessions"

/** 10 s: how long a call waits for the backend's answer before it is given up. */
export const DEFAULT_TIMEOUT_MS = 10_000
