/**
 * The environment every session's PTY starts with: the launch environment, less what belongs to the
 * launcher, plus the coordinates that let anything inside reach this lich back. The token travels
 * here and never in argv: /proc/<pid>/environ is private to the user, cmdline is not.
 */

/** Set by AppImage launchers; a child that inherits them re-enters the AppImage, not itself. */
const LAUNCHER_VARS = ["ARGV0", "APPIMAGE", "APPDIR", "OWD", "TARGET_APPIMAGE", "REDIRECT_APPIMAGE", "DESKTOPINTEGRATION"]
/**
 * Every LICH_* of the launch environment is the backend's own, never the session's: the CLI
 * loader's marker (LICH_SELF), a parent's coordinates, the listen port (LICH_LISTEN_PORT) and the
 * binary overrides (LICH_<ID>_BIN) the backend resolves providers with. A session gets exactly the
 * contract's variables below, plus what the spawn adds for its provider (`extra`).
 */
const isLichVar = (name: string) => name.startsWith("LICH_")

export interface SessionEnvInput {
  readonly base: Readonly<Record<string, string | undefined>>
  readonly port: number
  readonly token: string
  readonly sessionId: string
  readonly lichBin: string
  readonly projectDir: string
  readonly worktreePort: number
  readonly extra?: Readonly<Record<string, string>>
}

export const sessionEnv = (i: SessionEnvInput): Record<string, string> => {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(i.base)) {
    if (v !== undefined && !LAUNCHER_VARS.includes(k) && !isLichVar(k)) env[k] = v
  }
  return {
    ...env,
    TERM: "xterm-256color",
    COLORTERM: "truecolor",
    LICH_PORT: String(i.port),
    LICH_TOKEN: i.token,
    LICH_SESSION_ID: i.sessionId,
    LICH_BIN: i.lichBin,
    LICH_PROMPT_LANG: "en",
    LICH_PROJECT_DIR: i.projectDir,
    LICH_WORKTREE_PORT: String(i.worktreePort),
    ...i.extra
  }
}
