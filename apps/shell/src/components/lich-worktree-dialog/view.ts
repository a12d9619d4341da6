/** The worktree dialog's answers, shaped as spawn.Open takes them (the CLI's --worktree/--base/...). */
import type { PayloadOf } from "@lich/contract"

export interface WorktreeForm {
  readonly branch: string
  readonly base: string
  readonly kind: string
  readonly model: string
  readonly effort: string
  readonly ultracode: boolean
  readonly folder: string
  /** the answer to the sandbox rung's Ask; sent only when the kind's rung asks */
  readonly confine: boolean
}

/** What git itself would refuse in a branch name, caught before the round trip. */
export const branchProblem = (branch: string): string => {
  const b = branch.trim()
  if (b === "") return "name the branch"
  if (/\s/.test(b)) return "a branch name has no spaces"
  if (/\.\.|[~^:?*[\\]|@\{|\/\/|^\/|\/$|\.lock$|^-/.test(b)) return `git would refuse "${b}" as a branch name`
  return ""
}

export const openWorktreePayload = (projectPath: string, f: WorktreeForm, asks = false): PayloadOf<"spawn.Open"> => ({
  from: "",
  project: projectPath,
  kind: f.kind,
  worktree: f.branch.trim(),
  base: f.base,
  model: f.model.trim(),
  effort: f.effort,
  ultracode: f.kind === "claude" && f.ultracode,
  folder: f.folder.trim(),
  ...(asks ? { confine: f.confine } : {})
})

/** The efforts lich passes through (the providers' own spellings differ; the CLI checks them). */
export const EFFORTS = ["", "low", "medium", "high", "xhigh", "max"] as const
