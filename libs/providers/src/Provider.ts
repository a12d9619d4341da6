// The table of coding-agent CLIs lich runs in a session, and how each one is spelled on its own command
// line. It is data only: no process, no filesystem, no environment read — so the server that spawns a
// session, the CLI that refuses a bad `lich open`, and the browser that draws the card all answer from
// the same rows. Every flag here was taken from that CLI's own --help; a provider with no spelling for
// something gets no flag at all, never a sibling's, because a guessed flag is a spawn that dies before
// the session exists.

/**
 * Every kind a session can run, in display order. Claude Code is first because it is the default kind
 * for a caller that is not a session; shell is last because it is not a provider at all, only a
 * terminal. Typed as a tuple so a schema can be built from it (`Schema.Literal(...providerIds)`).
 */
export const providerIds = ["claude", "codex", "antigravity", "opencode", "omp", "crush", "cursor", "kiro", "shell"] as const

export type ProviderId = (typeof providerIds)[number]

/** Guards a kind that arrives from outside — a flag, a hook payload, a stored row — before it is used. */
export const isProviderId = (s: string): s is ProviderId => (providerIds as ReadonlyArray<string>).includes(s)

/**
 * How a provider takes a reasoning effort. Most take a flag with the level as its value; Codex has no
 * flag and takes a config override instead, whose key and level travel as one argument.
 */
export type EffortSpelling =
  | { readonly _tag: "Flag"; readonly flag: string }
  | { readonly _tag: "ConfigOverride"; readonly flag: string; readonly key: string }

/**
 * Where the MCP registration goes in argv, for the providers that take one at spawn. Claude Code's
 * --mcp-config is variadic — it swallows every later argument as another config path — so it must be
 * last; Codex's `resume` is a subcommand and its global `-c` options must precede it, so it must be first.
 */
export type McpPlacement = "first" | "last"

export interface Provider {
  readonly id: ProviderId
  /** What a person reads on a card or in Settings. */
  readonly name: string
  /** The executable looked up on PATH when neither the environment nor a setting names one. */
  readonly defaultBinary: string
  /** The environment variable that overrides the binary (`LICH_<ID>_BIN`); it beats the setting. */
  readonly binaryEnv: string
  /** Claude Code and Codex can be handed lich's MCP server on their own command line; the rest get it from the plugin. */
  readonly acceptsMcpAtSpawn: boolean
  /** Where that registration goes in argv; undefined exactly when acceptsMcpAtSpawn is false. */
  readonly mcpPlacement: McpPlacement | undefined
  /**
   * Whether lich's tools are in the agent's tool list whatever plugin is installed: the MCP-at-spawn
   * two, and opencode, whose per-process config carries the server (libs/integrations/src/opencode).
   * The others have them once lich's plugin is installed (libs/integrations, pluginHasTools).
   */
  readonly hasToolsAlways: boolean
  /**
   * Whether a session that announced itself (session-start) also reports its turns: false for the
   * harnesses with no event that closes a turn (Crush, Cursor CLI), whose state stays "-".
   */
  readonly reportsTurns: boolean
  /** A subcommand that must open every spawn, ahead of every flag (Kiro's `chat`). */
  readonly subcommand: string | undefined
  /** The flag that names the session in the provider's own peer roster, at birth only. */
  readonly nameFlag: string | undefined
  /** The flag that picks an agent profile (Kiro keeps its hooks inside one). */
  readonly agentFlag: string | undefined
  /** The word that reopens a conversation by id — a flag, or Codex's `resume` subcommand; both take the id next. */
  readonly resumeWord: string | undefined
  /** The flag that runs every tool without asking. */
  readonly skipPermissionsFlag: string | undefined
  readonly modelFlag: string | undefined
  readonly effort: EffortSpelling | undefined
  /** Claude Code's own `--settings` document; the only provider with an ultracode. */
  readonly ultracodeArgs: ReadonlyArray<string> | undefined
  /** The flag that appends lich's briefing to the system prompt. */
  readonly briefingFlag: string | undefined
  /**
   * The flag that loads lich's plugin tree for this one process (Claude Code's `--plugin-dir`). A flag
   * rather than CLAUDE_CODE_PLUGIN_DIRS: the environment would reach every `claude` the agent runs in
   * its own shell too, and those would report as the session they are not.
   */
  readonly pluginDirFlag?: string | undefined
  /**
   * Flags lich passes on every spawn of this provider, ahead of everything else (Codex's
   * `--no-daemon`: the per-session overrides stay this process's, not a shared background server's).
   */
  readonly fixedArgs: ReadonlyArray<string>
  /** The flag that layers a config file lich owns over the user's own (Codex's `--profile`). */
  readonly profileFlag: string | undefined
}

type Row = Omit<Provider, "id" | "binaryEnv" | "acceptsMcpAtSpawn" | "hasToolsAlways" | "reportsTurns"> & {
  /** Tools registered at spawn some other way than argv (opencode's environment). */
  readonly toolsViaEnv?: boolean
  /** No event closes this harness's turns (see Provider.reportsTurns). */
  readonly noTurnReports?: boolean
}

/** Nothing set: each row below names only what that CLI actually spells. */
const none: Row = {
  name: "",
  defaultBinary: "",
  mcpPlacement: undefined,
  subcommand: undefined,
  nameFlag: undefined,
  agentFlag: undefined,
  resumeWord: undefined,
  skipPermissionsFlag: undefined,
  modelFlag: undefined,
  effort: undefined,
  ultracodeArgs: undefined,
  briefingFlag: undefined,
  fixedArgs: [],
  profileFlag: undefined
}

const flagEffort = (flag: string): EffortSpelling => ({ _tag: "Flag", flag })

const rows: { readonly [K in ProviderId]: Row } = {
  claude: {
    ...none,
    name: "Claude Code",
    defaultBinary: "claude",
    mcpPlacement: "last",
    // Claude Code keeps a peer roster and otherwise names every session after its directory — the same
    // string for every session in one checkout, which is exactly the set the user has to tell apart.
    nameFlag: "--name",
    resumeWord: "--resume",
    skipPermissionsFlag: "--dangerously-skip-permissions",
    modelFlag: "--model",
    effort: flagEffort("--effort"),
    ultracodeArgs: ["--settings", JSON.stringify({ ultracode: true })],
    briefingFlag: "--append-system-prompt",
    pluginDirFlag: "--plugin-dir"
  },
  codex: {
    ...none,
    name: "Codex",
    defaultBinary: "codex",
    mcpPlacement: "first",
    resumeWord: "resume",
    skipPermissionsFlag: "--dangerously-bypass-approvals-and-sandbox",
    modelFlag: "--model",
    // Codex has no effort flag; its config key is set with a `-c key=value` override, which it parses
    // as TOML and falls back to a plain string for a bare word like `high`.
    effort: { _tag: "ConfigOverride", flag: "-c", key: "model_reasoning_effort" },
    // Measured on 0.169: without it the TUI starts `codex app-server --managed-daemon` in a session
    // of its own, which outlives the PTY, and a later spawn whose overrides differ from the
    // daemon's opens on an "incompatible feature settings" dialog.
    fixedArgs: ["--no-daemon"],
    // `--profile <name>` layers $CODEX_HOME/<name>.config.toml over the user's config.toml: the one
    // file lich writes there, holding its hooks and their trust (a -c override cannot carry trust).
    profileFlag: "--profile"
    // Its composer and start-up dialogs on screen: libs/integrations/src/codex.
  },
  antigravity: {
    ...none,
    name: "Antigravity",
    defaultBinary: "agy",
    // agy's resume flag is named after what it reopens; it takes the id as its value.
    resumeWord: "--conversation",
    skipPermissionsFlag: "--dangerously-skip-permissions",
    modelFlag: "--model",
    effort: flagEffort("--effort")
  },
  opencode: {
    ...none,
    name: "opencode",
    defaultBinary: "opencode",
    resumeWord: "--session",
    skipPermissionsFlag: "--auto",
    modelFlag: "--model",
    toolsViaEnv: true
    // Its composer on screen: libs/integrations/src/opencode.
  },
  omp: {
    ...none,
    name: "oh-my-pi",
    defaultBinary: "omp",
    resumeWord: "-r",
    skipPermissionsFlag: "--auto-approve",
    modelFlag: "--model",
    effort: flagEffort("--thinking"),
    briefingFlag: "--append-system-prompt"
  },
  crush: {
    ...none,
    name: "Crush",
    defaultBinary: "crush",
    resumeWord: "--session",
    skipPermissionsFlag: "--yolo",
    // PreToolUse is Crush's only hook event: it can say the session exists, never that a turn ended.
    noTurnReports: true
    // No model flag: Crush's -m lives on its non-interactive `run` subcommand only, and the TUI lich
    // spawns has none. No effort flag either.
  },
  cursor: {
    ...none,
    name: "Cursor CLI",
    defaultBinary: "cursor-agent",
    // cursor-agent's --resume takes an optional chat id; lich always passes one, so it never falls back
    // to "the latest chat", which could be another session's.
    resumeWord: "--resume",
    // --force runs every command unless a rule denies it — cursor-agent's own name for skipping approvals.
    skipPermissionsFlag: "--force",
    modelFlag: "--model",
    // Measured upstream: Cursor fires neither a prompt-submit nor a stop hook.
    noTurnReports: true
    // No effort flag: Cursor names the effort inside the model id, so it travels as --model.
  },
  kiro: {
    ...none,
    name: "Kiro CLI",
    defaultBinary: "kiro-cli",
    // kiro-cli splits its flags across two parsers: --model and --trust-all-tools exist only on `chat`,
    // and either one given to the root exits with "unexpected argument" before a session exists. `chat`
    // accepts everything the root does, so every spawn opens with it whatever else is set.
    subcommand: "chat",
    // Kiro keeps hooks inside an agent profile and its built-in default cannot be shadowed, so the
    // plugin's own agent has to be named for its hooks to run.
    agentFlag: "--agent",
    // Not --resume: Kiro's --resume takes no id and reopens the newest conversation in the directory,
    // which could be another session's. --resume-id names exactly one.
    resumeWord: "--resume-id",
    skipPermissionsFlag: "--trust-all-tools",
    modelFlag: "--model",
    effort: flagEffort("--effort")
  },
  shell: {
    ...none,
    name: "Shell",
    // The last resort when neither LICH_SHELL_BIN, the setting nor $SHELL names one: POSIX guarantees it.
    defaultBinary: "/bin/sh"
  }
}

/** Only these two can be told about an MCP server on their own command line (see mcpPlacement). */
const toolsAtSpawn = (row: Row): boolean => row.mcpPlacement !== undefined

const build = (id: ProviderId): Provider => {
  const { toolsViaEnv, noTurnReports, ...row } = rows[id]
  return {
    id,
    ...row,
    binaryEnv: `LICH_${id.toUpperCase()}_BIN`,
    acceptsMcpAtSpawn: toolsAtSpawn(row),
    // Registered at spawn means present in the tool list on the first turn, whatever plugin is installed.
    hasToolsAlways: toolsAtSpawn(row) || toolsViaEnv === true,
    reportsTurns: id !== "shell" && noTurnReports !== true
  }
}

/** Every provider, in providerIds order. */
export const providers: ReadonlyArray<Provider> = providerIds.map(build)

const byId = new Map<ProviderId, Provider>(providers.map((p) => [p.id, p]))

export const provider = (id: ProviderId): Provider => {
  const found = byId.get(id)
  // Unreachable for a typed id; a cast string from outside should fail loudly rather than spawn Claude.
  if (found === undefined) throw new Error(unknownKindMessage(id))
  return found
}

export const unknownKindMessage = (kind: string): string => `"${kind}" is not a provider lich runs. Known kinds: ${providerIds.join(", ")}.`

/** The ids whose row satisfies a test, in table order — what a refusal lists as the kinds that accept an option. */
export const idsWhere = (test: (p: Provider) => boolean): ReadonlyArray<ProviderId> => providers.filter(test).map((p) => p.id)
