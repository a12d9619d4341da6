/**
 * What a provider needs before its spawn, and what that adds to its argv and environment, per
 * session and with no user install step: Codex's hooks profile in $CODEX_HOME (codexHooks.ts);
 * opencode's server port and password, lich's MCP server in its per-process config, and the bridge
 * that turns its event bus into reports once it runs (opencodeBridge.ts).
 *
 * A setup that cannot be made (an unwritable home, a plugin tree that was never laid, no free port)
 * never stops the spawn: the session starts without state reports, as it would have before, and the
 * log says why.
 */
import type { ProviderId } from "@lich/providers"
import { Effect } from "effect"
import * as path from "node:path"
import { codexHome, layCodexProfile } from "./codexHooks.js"
import { newOpencodeSession, opencodeArgs, opencodeEnv, runOpencodeBridge } from "./opencodeBridge.js"
import type { ServerConfigShape } from "./ServerConfig.js"

export interface ProviderSetup {
  /** Codex: the profile name for --profile. */
  readonly profile?: string
  /** Appended to the provider's argv. */
  readonly args: ReadonlyArray<string>
  /** Added to the session's environment (sessionEnv's `extra`). */
  readonly env: Readonly<Record<string, string>>
  /** Runs beside the session once its PTY is up, for as long as it lives (the caller bounds it). */
  readonly alongside?: (lichId: string) => Effect.Effect<void>
}

const NOTHING: ProviderSetup = { args: [], env: {} }

/** The laid plugin tree's scripts folder: the same report-*.sh Claude Code runs. */
const scriptsDir = (config: ServerConfigShape) =>
  config.claudePlugin === undefined ? undefined : path.join(config.claudePlugin.dir, "hooks")

const make = (kind: ProviderId, config: ServerConfigShape): Effect.Effect<ProviderSetup, unknown> => {
  const scripts = scriptsDir(config)
  if (kind === "codex" && scripts !== undefined) {
    return Effect.try(() => ({ profile: layCodexProfile(codexHome(config.env, config.home), scripts), args: [], env: {} }))
  }
  if (kind === "opencode") {
    return Effect.map(newOpencodeSession, (s) => ({
      args: opencodeArgs(s),
      env: opencodeEnv(s, config.lichBin, config.env),
      alongside: (lichId: string) => runOpencodeBridge(s, lichId, { port: config.port, token: config.token })
    }))
  }
  return Effect.succeed(NOTHING)
}

export const providerSetup = (kind: ProviderId, config: ServerConfigShape): Effect.Effect<ProviderSetup> =>
  make(kind, config).pipe(
    Effect.catchAll((e) => Effect.as(Effect.logWarning(`${kind} session starts without lich's state reports: ${String(e)}`), NOTHING))
  )
