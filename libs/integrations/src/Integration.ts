/**
 * One provider's integration in one place: what lich writes for it before a spawn and what that
 * adds to its argv and environment, how its events reach lich's hook reports, the screen that says
 * it is ready for a first task, and the reader of what it costs. Each provider is a folder beside
 * this file; this table is the only place that names them all, so adding or fixing a provider is
 * that folder and one row here.
 *
 * Why a lib of its own and not libs/providers: that one is pure data and rules, loaded by the
 * window too, while an integration writes files, runs a bridge and reads transcripts. And not
 * libs/spawn: spawn opens and closes sessions for every provider alike and asks this table what a
 * given one needs.
 */
import type { CostReader, TotalReader, WindowReader } from "@lich/cost"
import type { ProviderId } from "@lich/providers"
import type { ScreenRules } from "@lich/terminal"
import type { Effect } from "effect"

/** What the backend is, as a provider's spawn-time setup needs it (a slice of spawn's ServerConfig). */
export interface SetupInput {
  readonly port: number
  readonly token: string
  /** Absolute path of the lich command sessions call back into ($LICH_BIN). */
  readonly lichBin: string
  /** The launch environment sessions start from. */
  readonly env: Readonly<Record<string, string | undefined>>
  readonly home: string
  readonly dataDir: string
  /** lich's Claude Code plugin as laid under the data dir; its hooks/ folder holds the report scripts. */
  readonly claudePlugin?: { readonly dir: string; readonly version: string } | undefined
}

export interface ProviderSetup {
  /** Codex: the profile name for --profile. */
  readonly profile?: string
  /** Appended to the provider's argv. */
  readonly args: ReadonlyArray<string>
  /** Added to the session's environment (sessionEnv's `extra`). */
  readonly env: Readonly<Record<string, string>>
  /** Runs beside the session once its PTY is up, for as long as it lives (the caller bounds it). */
  readonly alongside?: (lichId: string) => Effect.Effect<void>
  /** Kiro: the agent profile that carries lich's hooks (--agent), once lich's plugin installed it. */
  readonly agent?: string
  /** lich's tools reach this spawn through the installed plugin; "devices" where they are xd:// devices (oh-my-pi). */
  readonly tools?: "listed" | "devices"
  /** The ready screen for this spawn, when it depends on what is installed (oh-my-pi waits for lich's tools). */
  readonly screen?: ScreenRules
}

export const NO_SETUP: ProviderSetup = { args: [], env: {} }

export interface Integration {
  readonly id: ProviderId
  /**
   * What the TUI draws when it is ready for a prompt, and the start-up dialogs of its own lich
   * recognises (libs/terminal Screen.ts); undefined where lich reads no screen and quiet decides.
   */
  readonly screen?: ScreenRules
  /** What this provider needs before each spawn; a failure starts the session without it (setup.ts). */
  readonly setup?: (i: SetupInput) => Effect.Effect<ProviderSetup, unknown>
  /** The reader of this provider's transcripts, rooted in the sessions' environment. */
  readonly cost?: (env: Readonly<Record<string, string | undefined>>, home: string) => CostReader | TotalReader
  /** The account its sessions run on, and the reader of the plan windows it records, if it records them. */
  readonly windows?: (env: Readonly<Record<string, string | undefined>>, home: string) => WindowReader
}
