/**
 * Whether a session runs confined: the user's rung for its provider, answered for one spawn. The
 * rung is the user's answer and the command line is the agent's end, so nothing here lets a caller
 * override it; "ask" has nobody to ask outside the window and takes its confined side. A shell is
 * never confined: it is the user's own terminal, not an agent acting for them.
 */

export const rungs = ["off", "ask", "worktrees", "everywhere"] as const
export type Rung = (typeof rungs)[number]

/** An unknown or empty value is "off": a typo in a setting must not silently confine nothing… or everything. */
export const parseRung = (value: string | undefined): Rung => {
  const v = (value ?? "").trim().toLowerCase()
  return (rungs as ReadonlyArray<string>).includes(v) ? (v as Rung) : "off"
}

export interface ConfineQuestion {
  readonly rung: Rung
  readonly kind: string
  /** The session runs in a worktree checkout rather than the project's own directory. */
  readonly inWorktree: boolean
}

export const shouldConfine = (q: ConfineQuestion): boolean => {
  if (q.kind === "shell") return false
  switch (q.rung) {
    case "everywhere":
    case "ask":
      return true
    case "worktrees":
      return q.inWorktree
    case "off":
      return false
  }
}

/** The setting key, global or per project, and the environment override that beats it (as LICH_<ID>_BIN does). */
export const rungSettingKey = (kind: string): string => `provider.${kind}.sandbox`
export const rungEnvName = (kind: string): string => `LICH_${kind.toUpperCase()}_SANDBOX`
