/**
 * The settings the window edits and the backend reads at spawn, by key. Values are strings in the
 * store (libs/store Settings); each key's reader knows its type. A project's value beats the global.
 */
import { providerIds } from "@lich/providers"
import { rungs } from "@lich/sandbox"

export const binKey = (kind: string) => `provider.${kind}.bin`
export const modelKey = (kind: string) => `provider.${kind}.model`
export const effortKey = (kind: string) => `provider.${kind}.effort`
/** "on": every Claude Code session starts with ultracode, as if opened with --ultracode. */
export const ULTRACODE_KEY = "provider.claude.ultracode"
/** "off": Claude Code's own subagents stay native instead of becoming lich sessions (LICH_SUBAGENT_CARDS=off). */
export const SUBAGENTS_KEY = "provider.claude.subagents"
/** "off": no transcript is summed for cost (read by the cost readout). */
export const COST_KEY = "cost.readout"

/** How the dock merges a session's branch into its base: ff (the default), merge (a merge commit) or squash. */
export const MERGE_KEY = "git.merge"
export const MERGE_MODES = ["ff", "merge", "squash"] as const
/** Base branches the dock never merges into, comma-separated (e.g. "main, release"): a pull request lands them. */
export const PROTECTED_KEY = "git.protected"

/** Days the relay's timeline keeps an errand's record (default 7), and how many records at most (default 10,000). */
export const HISTORY_DAYS_KEY = "relay.history.days"
export const HISTORY_MAX_KEY = "relay.history.max"
/** Whole numbers in these ranges: a history is bounded, never switched off by a typo. */
export const HISTORY_BOUNDS = { [HISTORY_DAYS_KEY]: [1, 365], [HISTORY_MAX_KEY]: [100, 100_000] } as const

const switches = new Set([ULTRACODE_KEY, SUBAGENTS_KEY, COST_KEY])

export const knownKeys = (): ReadonlyArray<string> => [
  ...providerIds.filter((k) => k !== "shell").flatMap((k) => [binKey(k), modelKey(k), effortKey(k), `provider.${k}.sandbox`]),
  binKey("shell"),
  ULTRACODE_KEY,
  SUBAGENTS_KEY,
  COST_KEY,
  MERGE_KEY,
  PROTECTED_KEY,
  HISTORY_DAYS_KEY,
  HISTORY_MAX_KEY
]

/** Why a value cannot be stored under the key, or undefined when it can. "" always can: it clears. */
export const refuseSetting = (key: string, value: string): string | undefined => {
  if (!knownKeys().includes(key)) return `"${key}" is not a setting lich reads`
  if (value === "") return undefined
  if (switches.has(key) && value !== "on" && value !== "off") return `${key} is "on" or "off", not "${value}"`
  if (key.endsWith(".sandbox") && !(rungs as ReadonlyArray<string>).includes(value)) {
    return `${key} is one of ${rungs.join(", ")}, not "${value}"`
  }
  if (key === MERGE_KEY && !(MERGE_MODES as ReadonlyArray<string>).includes(value))
    return `${key} is one of ${MERGE_MODES.join(", ")}, not "${value}"`
  if (key === HISTORY_DAYS_KEY || key === HISTORY_MAX_KEY) {
    const [lo, hi] = HISTORY_BOUNDS[key]
    if (!/^\d+$/.test(value) || Number(value) < lo || Number(value) > hi)
      return `${key} is a whole number from ${lo} to ${hi}, not "${value}"`
  }
  if (/[\n\r]/.test(value)) return `${key} is one line`
  return undefined
}
