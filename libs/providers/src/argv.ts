// The argument list a session's PTY runs its provider with, after the binary. Everything is decided from
// the SpawnInput alone, so the spawn path is a call rather than a nest of conditionals, and every rule the
// contract sets on argv is pinned by a test here rather than by whoever spawns:
//   - order is [subcommand][name][agent][resume][skip][model][effort][ultracode][briefing][plugin], with the MCP
//     registration last for Claude Code and first for Codex (see McpPlacement);
//   - a name, model, effort or id that is empty or starts with `-` is dropped, never passed: the provider
//     would read it as another flag, and a typed value must never change how the agent runs;
//   - model and effort only at birth; on resume the conversation keeps what it was switched to;
//   - never --strict-mcp-config, and nothing secret: the registration names a binary and a subcommand,
//     and the server inherits lich's coordinates from the PTY environment, which /proc does not expose.

import { type Provider, type ProviderId, provider } from "./Provider.js"

/** The MCP server name lich registers under, and the lich subcommand that serves it over stdio. */
export const mcpServerName = "lich"
export const mcpSubcommand = "mcp"

export interface SpawnInput {
  readonly kind: ProviderId
  /** What the PTY executes (resolveBinary); carried with the spawn but never part of the argv built here. */
  readonly binary: string
  /** Passed as --name to Claude Code at birth only (rosterName). */
  readonly rosterName: string
  /** True for a new conversation: model and effort are passed. False for a resume. */
  readonly birth: boolean
  /** The provider's own conversation id, when resuming; ignored at birth. */
  readonly resumeId?: string
  readonly model?: string
  readonly effort?: string
  /** Claude Code only, and on every spawn: it drops ultracode on --resume. */
  readonly ultracode?: boolean
  readonly skipPermissions?: boolean
  /** Appended to the system prompt by Claude Code and oh-my-pi (briefingText). */
  readonly briefing?: string
  /** Absolute path of lich; no MCP registration without it. */
  readonly lichBin?: string
  /** Register lich's MCP server (only Claude Code and Codex can be told at spawn). */
  readonly mcp: boolean
  /** Kiro only: the agent profile that carries the plugin's hooks. Empty when the plugin is not installed. */
  readonly agent?: string
  /** lich's own plugin tree, laid under the data dir (Claude Code only; passed on every spawn). */
  readonly pluginDir?: string
  /** Codex only: the profile lich wrote into $CODEX_HOME (its hooks and their trust), on every spawn. */
  readonly profile?: string
}

/**
 * The session variables Codex hands `lich mcp`, by name: Codex starts an MCP server with a fixed
 * environment of its own, so without this list the server would find no session and fall back to
 * runtime.json — the wrong lich when two run. Names only: the values stay in the PTY's environment.
 */
export const mcpEnvVars = [
  "LICH_PORT",
  "LICH_TOKEN",
  "LICH_SESSION_ID",
  "LICH_BIN",
  "LICH_PROMPT_LANG",
  "LICH_PROJECT_DIR",
  "LICH_WORKTREE_PORT"
] as const

/**
 * A value lich may hand to a flag, trimmed, or undefined when it must not be passed: nothing to pass, or
 * something the provider would parse as a flag of its own.
 */
export const flagValue = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim()
  if (trimmed === undefined || trimmed === "" || trimmed.startsWith("-")) return undefined
  return trimmed
}

/** `flag value` when both exist, nothing otherwise. */
const pair = (flag: string | undefined, value: string | undefined): ReadonlyArray<string> =>
  flag === undefined || value === undefined ? [] : [flag, value]

/**
 * TOML basic string for a Codex `-c` override. JSON's escaping is valid TOML except that TOML also
 * forbids a raw DEL, which JSON leaves alone.
 */
const tomlString = (s: string): string => JSON.stringify(s).replace(/\u007f/g, "\\u007F")

/** The arguments that register lich's MCP server with one spawn; empty for a provider that cannot take one. */
export const mcpArgs = (kind: ProviderId, lichBin: string): ReadonlyArray<string> => {
  const bin = flagValue(lichBin)
  if (bin === undefined || !provider(kind).acceptsMcpAtSpawn) return []
  if (kind === "claude") {
    // A JSON string in place of a config path, so the registration never touches the disk.
    const config = { mcpServers: { [mcpServerName]: { command: bin, args: [mcpSubcommand] } } }
    return ["--mcp-config", JSON.stringify(config)]
  }
  return [
    "-c",
    `mcp_servers.${mcpServerName}.command=${tomlString(bin)}`,
    "-c",
    `mcp_servers.${mcpServerName}.args=${JSON.stringify([mcpSubcommand])}`,
    "-c",
    `mcp_servers.${mcpServerName}.env_vars=${JSON.stringify(mcpEnvVars)}`,
    // lich's own tools run without Codex's per-call approval dialog; "Always allow" is not
    // remembered for a server registered with -c, so every relay would otherwise stop on it.
    "-c",
    `mcp_servers.${mcpServerName}.default_tools_approval_mode="approve"`,
    // The reply path that needs nothing registered ("$LICH_BIN" reply) runs inside Codex's
    // workspace-write sandbox, which refuses every connect, loopback included. Codex has no
    // loopback-only switch, so the sandbox gets the network (docs/providers.md weighs it). Naming
    // the mode is what makes Codex read sandbox_workspace_write at all: 0.169 otherwise applies its
    // :workspace permission profile, whose network is off and which no -c key opens.
    "-c",
    'sandbox_mode="workspace-write"',
    "-c",
    "sandbox_workspace_write.network_access=true"
  ]
}

const effortArgs = (p: Provider, level: string | undefined): ReadonlyArray<string> => {
  if (p.effort === undefined || level === undefined) return []
  if (p.effort._tag === "Flag") return [p.effort.flag, level]
  return [p.effort.flag, `${p.effort.key}=${level}`]
}

/** Everything but the MCP registration, in the contract's order. */
const ownArgs = (p: Provider, i: SpawnInput): ReadonlyArray<string> => {
  const resumeId = i.birth ? undefined : flagValue(i.resumeId)
  return [
    ...(p.subcommand === undefined ? [] : [p.subcommand]),
    // Named at birth only: Claude Code restores the name on --resume, including one the user changed
    // with /rename, and passing it again would undo that.
    ...(i.birth ? pair(p.nameFlag, flagValue(i.rosterName)) : []),
    ...pair(p.agentFlag, flagValue(i.agent)),
    ...pair(p.resumeWord, resumeId),
    ...(i.skipPermissions === true && p.skipPermissionsFlag !== undefined ? [p.skipPermissionsFlag] : []),
    ...(i.birth ? pair(p.modelFlag, flagValue(i.model)) : []),
    ...(i.birth ? effortArgs(p, flagValue(i.effort)) : []),
    ...(i.ultracode === true && p.ultracodeArgs !== undefined ? p.ultracodeArgs : []),
    // The system prompt is not part of the stored conversation, so it is passed on every spawn.
    ...pair(p.briefingFlag, briefingValue(i.briefing)),
    // The plugin is not part of the conversation either: every spawn, a resume included.
    ...pair(p.pluginDirFlag, flagValue(i.pluginDir))
  ]
}

/**
 * The briefing is prose, so its whitespace is kept as written (oh-my-pi tells text from a file path by
 * a newline in it); it is refused on the same grounds as any other value.
 */
const briefingValue = (text: string | undefined): string | undefined => (flagValue(text) === undefined ? undefined : text)

export const spawnArgs = (i: SpawnInput): ReadonlyArray<string> => {
  const p = provider(i.kind)
  const own = ownArgs(p, i)
  const mcp = i.mcp && i.lichBin !== undefined ? mcpArgs(i.kind, i.lichBin) : []
  // Global options, like the registration that follows them: ahead of a resume subcommand.
  const fixed = [...p.fixedArgs, ...pair(p.profileFlag, flagValue(i.profile))]
  return p.mcpPlacement === "first" ? [...fixed, ...mcp, ...own] : [...fixed, ...own, ...mcp]
}
