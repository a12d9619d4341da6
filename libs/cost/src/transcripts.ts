/**
 * Where a session's transcripts are. Claude Code: `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/
 * <slug>/<session>.jsonl` plus `…/<session>/subagents/*.jsonl`, one ledger row each (`<id>` and
 * `<id>/<file>`). Codex: `<CODEX_HOME or ~/.codex>/sessions/YYYY/MM/DD/rollout-…-<thread>.jsonl`.
 * The session id arrives from a hook, so it is checked before it becomes part of a path: no
 * separators, no dots, no glob characters.
 */
import * as fs from "node:fs"
import * as path from "node:path"

export interface Roots {
  readonly claude: string
  readonly codex: string
}

export const rootsFrom = (env: Readonly<Record<string, string | undefined>>, home: string): Roots => ({
  claude: env.CLAUDE_CONFIG_DIR && path.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : path.join(home, ".claude"),
  codex: env.CODEX_HOME && path.isAbsolute(env.CODEX_HOME) ? env.CODEX_HOME : path.join(home, ".codex")
})

export interface Transcript {
  readonly id: string
  readonly file: string
}

/** A provider's session id fit to be part of a file name. */
export const safeId = (id: string): boolean => /^[A-Za-z0-9_-]{1,128}$/.test(id)

const list = (dir: string): Array<string> => {
  try {
    return fs.readdirSync(dir)
  } catch {
    return []
  }
}

export const claudeTranscripts = (root: string, sessionId: string): ReadonlyArray<Transcript> => {
  if (!safeId(sessionId)) return []
  const projects = path.join(root, "projects")
  const out: Array<Transcript> = []
  for (const slug of list(projects)) {
    const main = path.join(projects, slug, `${sessionId}.jsonl`)
    if (fs.existsSync(main)) out.push({ id: sessionId, file: main })
    const subagents = path.join(projects, slug, sessionId, "subagents")
    for (const f of list(subagents)
      .filter((n) => n.endsWith(".jsonl"))
      .sort())
      out.push({ id: `${sessionId}/${f}`, file: path.join(subagents, f) })
  }
  return out
}

/** Codex's rollout for a thread, newest day first: a running session's file is usually today's. */
export const codexTranscript = (root: string, threadId: string): Transcript | undefined => {
  if (!safeId(threadId)) return undefined
  const sessions = path.join(root, "sessions")
  const desc = (dir: string) => list(dir).sort().reverse()
  for (const y of desc(sessions)) {
    for (const m of desc(path.join(sessions, y))) {
      for (const d of desc(path.join(sessions, y, m))) {
        const dir = path.join(sessions, y, m, d)
        const hit = list(dir).find((f) => f.startsWith("rollout-") && f.endsWith(`-${threadId}.jsonl`))
        if (hit !== undefined) return { id: threadId, file: path.join(dir, hit) }
      }
    }
  }
  return undefined
}
