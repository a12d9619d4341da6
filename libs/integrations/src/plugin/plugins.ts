/**
 * The five plugin installs together: each one's state read off the machine, and Install, Update
 * and Remove as the window's buttons and `lich plugin` run them. Update is an install over an
 * install (the same plan: lich's entries are replaced in place). A refusal is one line and leaves
 * every file as it was: the plan is complete before its first write.
 */

import { execFile } from "node:child_process"
import { type PluginAction, PluginInstall } from "@lich/contract"
import { Effect, Either } from "effect"
import { antigravityInstaller } from "../antigravity/install.js"
import { crushInstaller, crushVersionOk } from "../crush/install.js"
import { cursorInstaller } from "../cursor/install.js"
import { kiroInstaller } from "../kiro/install.js"
import { ompInstaller } from "../omp/install.js"
import { applyPlan } from "./apply.js"
import { withFolders } from "./folders.js"
import {
  type Files,
  type Installer,
  type PluginContext,
  type PluginProvider,
  pluginProviders,
  TOOLS_MIN_VERSION,
  versionAtLeast
} from "./Plugin.js"
import { diskFiles, pluginContext, readPluginState } from "./read.js"

export const installers: { readonly [K in PluginProvider]: Installer } = {
  omp: ompInstaller,
  crush: crushInstaller,
  cursor: cursorInstaller,
  kiro: kiroInstaller,
  antigravity: antigravityInstaller
}

/** One provider's install as the contract carries it (Settings › lich plugin, `lich plugin`). */
export type PluginState = PluginInstall

export { pluginContext }

export const pluginState = (ctx: PluginContext, id: PluginProvider, files: Files = diskFiles): PluginState =>
  new PluginInstall(readPluginState(ctx, id, files))

export const pluginStates = (ctx: PluginContext, files: Files = diskFiles): ReadonlyArray<PluginState> =>
  pluginProviders.map((id) => pluginState(ctx, id, files))

/** Whether a session of `id` has lich's tools through the plugin: installed at a release that carries them. */
export const pluginHasTools = (ctx: PluginContext, id: PluginProvider, files: Files = diskFiles): boolean => {
  const s = installers[id].status(ctx, files)
  return s.version !== "" && versionAtLeast(s.version, TOOLS_MIN_VERSION)
}

const said = (argv: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>>) =>
  Effect.async<string, string>((resume) => {
    const child = execFile(argv[0]!, argv.slice(1), { env: env as NodeJS.ProcessEnv, timeout: 20_000 }, (err, out) =>
      resume(err === null ? Effect.succeed(String(out)) : Effect.fail(`${argv.join(" ")} did not run: ${err.message.split("\n")[0]}`))
    )
    return Effect.sync(() => child.kill())
  })

/** Crush reads what lich writes only from 0.88.0 on: asked of the binary a session would run. */
const precheck = (ctx: PluginContext, id: PluginProvider, action: PluginAction): Effect.Effect<void, string> => {
  if (id !== "crush" || action === "remove") return Effect.void
  const bin = ctx.env.LICH_CRUSH_BIN ?? "crush"
  return Effect.flatMap(said([bin, "--version"], ctx.env), (out) =>
    Either.match(crushVersionOk(out), { onLeft: Effect.fail, onRight: () => Effect.void })
  )
}

/** Carries out one action; the failure is the line to print after `lich: `. */
export const runPlugin = (
  ctx: PluginContext,
  id: PluginProvider,
  action: PluginAction,
  files: Files = diskFiles
): Effect.Effect<PluginState, string> =>
  Effect.gen(function* () {
    const before = pluginState(ctx, id, files)
    if (action === "update" && !before.installed) {
      return yield* Effect.fail(`lich's plugin is not installed for ${before.name}; install it first`)
    }
    if (action === "remove" && !before.installed) return before
    yield* precheck(ctx, id, action)
    const i = installers[id]
    const plan = yield* Either.match(action === "remove" ? i.remove(ctx, files) : i.install(ctx, files), {
      onLeft: Effect.fail,
      onRight: Effect.succeed
    })
    yield* applyPlan(withFolders(ctx, id, action === "remove", plan, files), ctx.env)
    return pluginState(ctx, id, files)
  })
