/** What Settings shows for each key: the stored value, or what lich does when none is stored. */

export const SECTIONS = ["Providers", "lich plugin", "Sandbox", "Project", "Appearance", "Cost", "Budgets", "Hosts"] as const
export type Section = (typeof SECTIONS)[number]

export const RUNGS = [
  ["off", "Off — never confined"],
  ["ask", "Ask — the window asks at each open; the CLI confines"],
  ["worktrees", "Worktrees only"],
  ["everywhere", "Everywhere"]
] as const

/** A switch stored as "on"/"off": absent means its default. */
export const isOn = (values: Readonly<Record<string, string>>, key: string, byDefault: boolean): boolean =>
  values[key] === undefined ? byDefault : values[key] === "on"

/** `git.merge` of a project: how "Merge into the base" lands a branch ("" = the global value, else ff). */
export const MERGE_MODES = [
  ["", "As set for every project (fast-forward unless set)"],
  ["ff", "Fast-forward only"],
  ["merge", "A merge commit"],
  ["squash", "Squashed into one commit"]
] as const
