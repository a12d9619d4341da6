/**
 * What of the real home a confined provider keeps: its own state (credentials, conversations,
 * settings), so it starts logged in and a resume finds its conversation. Everything else in the home
 * is hidden behind an empty private one. Paths are relative to $HOME; missing ones are skipped.
 */
const table: Readonly<Record<string, ReadonlyArray<string>>> = {
  claude: [".claude", ".claude.json"],
  codex: [".codex"],
  antigravity: [".gemini"],
  opencode: [".local/share/opencode", ".config/opencode", ".local/state/opencode"],
  omp: [".omp"],
  crush: [".local/share/crush", ".config/crush"],
  cursor: [".cursor", ".config/cursor"],
  kiro: [".kiro", ".aws/sso/cache"]
}

export const providerStatePaths = (kind: string): ReadonlyArray<string> => table[kind] ?? []
