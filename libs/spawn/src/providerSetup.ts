/**
 * What a provider needs laid on disk before its spawn, and what that adds to its argv and
 * environment: Codex's hooks profile in $CODEX_HOME (codexHooks.ts). Per session, with no user
 * install step.
 *
 * A setup that cannot be laid (an unwritable home, a plugin tree that was never laid) never stops
 * the spawn: the session starts without state reports, as it would have before, and the log says why.
 */
import type { ProviderId } from "@lich/providers"
import { Effect } from "effect"
import * as path from "node:path"
import { codexHome, layCodexProfile } from "./codexHooks.js"
import type { ServerConfigShape } from "./ServerConfig.js"

export interface ProviderSetup {
  /** Codex: the profile name for --profile. */
  readonly profile?: string
  /** Added to the session's environment (sessionEnv's `extra`). */
  readonly env: Readonly<Record<string, string>>
}

const NOTHING: ProviderSetup = { env: {} }

/** The laid plugin tree's scripts folder: the same report-*.sh Claude Code runs. */
const scriptsDir = (config: ServerConfigShape) =>
  config.claudePlugin === undefined ? undefined : path.join(config.claudePlugin.dir, "hooks")

const lay = (kind: ProviderId, config: ServerConfigShape): ProviderSetup => {
  const scripts = scriptsDir(config)
  if (kind === "codex" && scripts !== undefined) {
    return { profile: layCodexProfile(codexHome(config.env, config.home), scripts), env: {} }
  }
  return NOTHING
}

export const providerSetup = (kind: ProviderId, config: ServerConfigShape): Effect.Effect<ProviderSetup> =>
  Effect.try(() => lay(kind, config)).pipe(
    Effect.catchAll((e) =>
      Effect.as(Effect.logWarning(`${kind} session starts without lich's state reports: ${String(e.error)}`), NOTHING)
    )
  )
