/**
 * Codex's state reports, per session and with no install step: lich's hook scripts (the same
 * report-*.sh Claude Code runs — Codex hands its hooks the same payloads) registered in a profile
 * file lich owns, `$CODEX_HOME/lich.config.toml`, which `--profile lich` layers over the user's own
 * config.toml. lich never writes the user's config.toml.
 *
 * Why a file and not `-c hooks.…` overrides: Codex 0.169 runs a hook only once it is trusted, and it
 * reads trust (`[hooks.state."<file>:<event>:<group>:<handler>"] trusted_hash`) from a config file
 * layer, never from the command line — hooks given with -c open the "hooks need review" dialog on
 * every start. The hash is Codex's own: sha256 over the JSON of the hook's identity with sorted keys
 * (measured against hashes Codex wrote itself). `--dangerously-bypass-hook-trust` would also work,
 * but it trusts every other hook the user or a repository configured, so lich does not pass it.
 *
 * Every group holds one handler, so each handler's identity is its own group's.
 */
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"

/** The profile name: `--profile lich` reads `$CODEX_HOME/lich.config.toml`. */
export const codexProfileName = "lich"

/** 5 s: the hook scripts give up after 1 s; the rest is start-up slack on a loaded machine. */
const HOOK_TIMEOUT_S = 5

export interface CodexHook {
  /** Codex's event name, as written in the file (PascalCase). */
  readonly event: string
  readonly matcher?: string
  /** A script in the plugin's hooks folder, and its arguments. */
  readonly script: string
  readonly args?: ReadonlyArray<string>
}

/** Codex's events → lich's reports (docs/providers.md has the table). */
export const codexHooks: ReadonlyArray<CodexHook> = [
  { event: "SessionStart", script: "report-session-start.sh", args: ["codex"] },
  { event: "UserPromptSubmit", script: "report-state.sh", args: ["busy"] },
  { event: "UserPromptSubmit", script: "report-prompt-title.sh" },
  { event: "PreToolUse", script: "report-tool.sh" },
  { event: "PermissionRequest", script: "report-permission.sh" },
  { event: "PostToolUse", script: "report-state.sh", args: ["busy"] },
  { event: "PostToolUse", matcher: "apply_patch|Edit|Write|Bash", script: "report-touched.sh" },
  { event: "Stop", script: "report-state.sh", args: ["done"] }
  // No SessionEnd: Codex 0.169 trusts it under a hash this identity does not reproduce (its review
  // dialog would open on every start), and the PTY's own exit already tells lich the session ended.
]

/** POSIX single quotes: the command runs under `sh -c`, and a plugin path may hold spaces. */
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

const commandOf = (scriptsDir: string, h: CodexHook) => [sq(path.join(scriptsDir, h.script)), ...(h.args ?? [])].join(" ")

/** SessionStart → session_start: the spelling Codex uses in trust keys and identities. */
const snake = (event: string) => event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase()

/** Codex's trust hash of one single-handler group (keys sorted, as serde_json writes them). */
export const codexTrustHash = (event: string, matcher: string | undefined, command: string): string => {
  const identity: Record<string, unknown> = { event_name: snake(event) }
  identity.hooks = [{ async: false, command, timeout: HOOK_TIMEOUT_S, type: "command" }]
  if (matcher !== undefined) identity.matcher = matcher
  const sorted = Object.fromEntries(Object.entries(identity).sort(([a], [b]) => a.localeCompare(b)))
  return `sha256:${crypto.createHash("sha256").update(JSON.stringify(sorted)).digest("hex")}`
}

const tomlString = (s: string) => JSON.stringify(s)

/** The profile's text, for the file at `file` (trust keys name the file by its absolute path). */
export const codexProfileToml = (file: string, scriptsDir: string): string => {
  const groupIndex = new Map<string, number>()
  const tables: Array<string> = []
  const trust: Array<string> = []
  for (const h of codexHooks) {
    const index = groupIndex.get(h.event) ?? 0
    groupIndex.set(h.event, index + 1)
    const command = commandOf(scriptsDir, h)
    tables.push(
      [
        `[[hooks.${h.event}]]`,
        ...(h.matcher === undefined ? [] : [`matcher = ${tomlString(h.matcher)}`]),
        `[[hooks.${h.event}.hooks]]`,
        `type = "command"`,
        `command = ${tomlString(command)}`,
        `timeout = ${HOOK_TIMEOUT_S}`
      ].join("\n")
    )
    const key = `${file}:${snake(h.event)}:${index}:0`
    trust.push(`[hooks.state.${tomlString(key)}]\ntrusted_hash = ${tomlString(codexTrustHash(h.event, h.matcher, command))}`)
  }
  const header = "# Written by lich for the Codex sessions it starts (--profile lich); rewritten on every start.\n"
  return `${header}\n${tables.join("\n\n")}\n\n${trust.join("\n\n")}\n`
}

/** `$CODEX_HOME`, else `~/.codex`: where Codex reads profiles from, in the session's environment. */
export const codexHome = (env: Readonly<Record<string, string | undefined>>, home: string): string =>
  env.CODEX_HOME !== undefined && env.CODEX_HOME !== "" ? env.CODEX_HOME : path.join(home, ".codex")

/**
 * What Codex itself wrote into the profile, kept: answering a dialog in a session (trusting a
 * folder, a model migration notice) is saved by Codex into the active profile, this file — drop it
 * and the same dialog opens on every start. Everything but lich's own hook tables and comments is
 * kept, table by table, as Codex wrote it.
 */
export const codexOwnTables = (text: string): string => {
  const kept: Array<string> = []
  let keep = true
  for (const line of text.split("\n")) {
    const header = /^\s*\[\[?\s*([^\]]+)\]/.exec(line)
    if (header) keep = !/^hooks(\.|$)/.test(header[1]!.trim())
    if (keep && !/^\s*#/.test(line)) kept.push(line)
  }
  return kept.join("\n").trim()
}

/**
 * Writes the profile unless it already says exactly this (one rename, so a Codex starting beside
 * it never reads half a file), and answers the profile's name.
 */
export const layCodexProfile = (codexDir: string, scriptsDir: string): string => {
  const file = path.join(codexDir, `${codexProfileName}.config.toml`)
  let current = ""
  try {
    current = fs.readFileSync(file, "utf8")
  } catch {
    // absent: written below
  }
  const own = codexOwnTables(current)
  const text = codexProfileToml(file, scriptsDir) + (own === "" ? "" : `\n${own}\n`)
  if (current !== text) {
    fs.mkdirSync(codexDir, { recursive: true, mode: 0o700 })
    const tmp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(tmp, text, { mode: 0o600 })
    fs.renameSync(tmp, file)
  }
  return codexProfileName
}
