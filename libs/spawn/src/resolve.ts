/**
 * Finding the session a caller means. An id is matched first, then the card label, then the roster
 * name, each case-insensitively; a label two sessions answer to is an error naming both, never a
 * guess — landing a prompt in the wrong session is the one mistake this must not make.
 */
export interface Candidate {
  readonly id: string
  readonly label: string
  readonly name: string
  readonly project: string
  readonly projectPath: string
  /** The directory the session runs in (its worktree's, or the project's). */
  readonly dir: string
}

export type Resolution<C extends Candidate> =
  | { readonly _tag: "found"; readonly candidate: C }
  | { readonly _tag: "none"; readonly message: string }
  | { readonly _tag: "many"; readonly message: string }

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** "lich" or "/abs/path": narrows by project name, or by the directory of the project or session. */
export const inProject = (c: Candidate, project: string): boolean =>
  project === "" ||
  (project.startsWith("/") ? c.projectPath === trimSlash(project) || c.dir === trimSlash(project) : same(c.project, project))

const trimSlash = (p: string) => (p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p)

export const listNames = (cs: ReadonlyArray<Candidate>): string => cs.map((c) => `"${c.label}" (${c.name})`).join(", ")

export const resolveTarget = <C extends Candidate>(
  all: ReadonlyArray<C>,
  name: string,
  project: string,
  noun = "live session"
): Resolution<C> => {
  const scoped = all.filter((c) => inProject(c, project))
  const byId = scoped.filter((c) => c.id === name)
  const byLabel = scoped.filter((c) => same(c.label, name))
  const byName = scoped.filter((c) => same(c.name, name))
  const hits = byId.length > 0 ? byId : byLabel.length > 0 ? byLabel : byName
  if (hits.length === 1) return { _tag: "found", candidate: hits[0]! }
  const where = project === "" ? "" : ` in project "${project}"`
  if (hits.length > 1) {
    const projects = hits.map((c) => c.project).join(", ")
    return {
      _tag: "many",
      message: `"${name}" names ${hits.length} ${noun}s (${projects}) — narrow it with --project`
    }
  }
  return {
    _tag: "none",
    message:
      all.length === 0
        ? `no ${noun} named "${name}"${where}. No other session is live.`
        : `no ${noun} named "${name}"${where}. Live sessions: ${listNames(all)}.`
  }
}
