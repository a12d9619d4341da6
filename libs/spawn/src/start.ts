/**
 * Starting a session's PTY: the provider's argv (birth or resume), the environment with lich's
 * coordinates and the checkout's reserved port, then the wrappers inner to outer — the worktree
 * setup script (a fresh checkout only; it ends with the setup-done marker and the provider starts
 * even when it fails), then the sandbox. A start that fails returns its error as text: the card
 * stays, to show it.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { EventHub } from "@lich/events"
import { integration, providerSetup } from "@lich/integrations"
import { briefingText, type ProviderId, provider, resolveBinary, spawnArgs } from "@lich/providers"
import { Settings, WorktreePorts } from "@lich/store"
import { Terminals } from "@lich/terminal"
import { setupWrapper } from "@lich/terminal/contract"
import { Effect, Option } from "effect"
import { confinedCommand } from "./confine.js"
import { spawnDefaults } from "./defaults.js"
import { storeFailure } from "./failures.js"
import { reservePort } from "./ports.js"
import { ServerConfig } from "./ServerConfig.js"
import { SessionStates } from "./SessionStates.js"
import { startScreenWatch } from "./screenWatch.js"
import { sessionEnv } from "./sessionEnv.js"
import type { Card } from "./view.js"

export interface StartPlan {
  readonly card: Card
  readonly kind: ProviderId
  /** A new conversation (model and effort passed) rather than a resume of `resumeId`. */
  readonly birth: boolean
  readonly resumeId?: string
  /** Run the project's worktree setup script first (a checkout this open created). */
  readonly setup: boolean
}

/** `.lich/setup-worktree.sh` of the project, when it has a non-blank one. */
export const setupScript = (projectPath: string): string | undefined => {
  try {
    const text = fs.readFileSync(nodePath.join(projectPath, ".lich", "setup-worktree.sh"), "utf8")
    return text.trim() === "" ? undefined : text
  } catch {
    return undefined
  }
}

const services = Effect.all({
  config: ServerConfig,
  settings: Settings,
  terminals: Terminals,
  ports: WorktreePorts,
  hub: EventHub,
  states: SessionStates
})

type StartDeps = Effect.Effect.Success<typeof services>

/** The command the PTY runs (setup script and sandbox wrapped around the provider), its environment, and the provider's own setup. */
const commandFor = (d: StartDeps, s: StartPlan) =>
  Effect.gen(function* () {
    const { card, kind } = s
    const { config, settings } = d
    const setting = yield* storeFailure(settings.get(`provider.${kind}.bin`, card.projectRow.id))
    const binary = resolveBinary(kind, { setting: Option.getOrUndefined(setting), env: config.env })
    const own = yield* providerSetup(kind, config)
    // Settings › Providers: default model/effort, ultracode for every Claude session, subagent cards.
    const def = yield* storeFailure(spawnDefaults(settings, kind, card.projectRow.id, card.row))
    const args = spawnArgs({
      kind,
      binary,
      rosterName: card.name,
      birth: s.birth,
      resumeId: s.resumeId,
      model: def.model,
      effort: def.effort,
      ultracode: def.ultracode,
      briefing: briefingText(provider(kind).hasToolsAlways ? "listed" : (own.tools ?? false)),
      lichBin: config.lichBin,
      mcp: true,
      pluginDir: config.claudePlugin?.dir,
      profile: own.profile,
      agent: own.agent
    })
    const port = yield* reservePort(card.dir).pipe(Effect.provideService(WorktreePorts, d.ports), storeFailure)
    const env = sessionEnv({
      base: config.env,
      port: config.port,
      token: config.token,
      sessionId: card.id,
      lichBin: config.lichBin,
      projectDir: card.projectPath,
      worktreePort: port,
      extra: { ...own.env, ...def.env }
    })
    const script = s.setup ? setupScript(card.projectPath) : undefined
    const argv = [...args, ...own.args]
    const inner = script === undefined ? { file: binary, args: argv } : setupWrapper(script, [binary, ...argv])
    const command = card.row.confined ? confinedCommand({ config, kind, cwd: card.dir, binary, env }, inner) : Effect.succeed(inner)
    return { command, env, setup: script !== undefined, own }
  })

const startPty = (d: StartDeps, s: StartPlan) =>
  Effect.gen(function* () {
    const { card, kind } = s
    const { terminals } = d
    const { command, env, setup, own } = yield* commandFor(d, s)
    const screen = own.screen ?? integration(kind).screen
    const wasLive = yield* terminals.isLive(card.id)
    return yield* command.pipe(
      Effect.flatMap((c) => terminals.start({ id: card.id, file: c.file, args: [...c.args], cwd: card.dir, env, setup })),
      // A provider whose screen lich reads holds its first task until the composer is drawn.
      Effect.tap(() => (screen === undefined || wasLive ? Effect.void : startScreenWatch(d, card.id, screen))),
      // Bounded by the session: it ends with the PTY, whatever it was doing.
      Effect.tap(() =>
        own.alongside === undefined || wasLive
          ? Effect.void
          : Effect.forkDaemon(Effect.raceFirst(own.alongside(card.id), Effect.ignore(terminals.awaitExit(card.id))))
      ),
      Effect.as(""),
      Effect.catchAll((e) => Effect.succeed(String((e as { message?: unknown }).message ?? e)))
    )
  })

export const makeStartPty = Effect.map(services, (d) => (s: StartPlan) => startPty(d, s))
