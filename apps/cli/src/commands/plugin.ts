/**
 * `lich plugin [--json]` and `lich plugin install|update|remove <provider>`: lich's plugin for the
 * harnesses that cannot be told about lich on their own command line — what Settings › lich plugin
 * does, for scripts and CI. A command of lich's own, beyond the contract (docs/cli.md).
 *
 * It needs no running lich: the installs are files in this user's home (libs/integrations), made
 * from the plugin tree this lich ships and naming this lich binary, exactly as the backend's are.
 */

import * as os from "node:os"
import * as path from "node:path"
import type { PluginAction, PluginRow } from "@lich/contract"
import { type PluginBrief, whichOn } from "@lich/doctor"
import {
  isPluginProvider,
  type PluginContext,
  type PluginState,
  pluginContext,
  pluginProviders,
  pluginState,
  runPlugin
} from "@lich/integrations"
import { resolveBinary } from "@lich/providers"
import { configDir } from "@lich/singleton"
import { Data, Effect } from "effect"
import { json as printJson, stdout } from "../output.js"
import { renderPluginAction, renderPlugins } from "../render/plugin.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"

/** An install refused or failed: exit 1, one line. */
class PluginRefused extends Data.TaggedError("Refused")<{ readonly message: string }> {}

/** Prints `value` as JSON or as the prose `render` makes of it. */
const print = <A>(asJson: boolean, value: A, render: (a: A) => string) => (asJson ? printJson(value) : stdout(render(value)))

const ACTIONS: ReadonlyArray<PluginAction> = ["install", "update", "remove"]

/** This lich, as the backend names itself to the sessions it starts (LICH_SELF, set by bin/lich). */
const makeContext = (): PluginContext =>
  pluginContext({
    env: process.env,
    home: process.env.HOME ?? os.homedir(),
    lichBin: process.env.LICH_SELF ?? path.join(__dirname, "..", "bin", "lich"),
    hooksTree: path.join(__dirname, "..", "hooks"),
    ownDir: path.join(configDir(process.env), "plugin")
  })

const context = (): Effect.Effect<PluginContext, PluginRefused> =>
  Effect.try({
    try: makeContext,
    catch: (e) => new PluginRefused({ message: `lich's plugin tree cannot be read: ${(e as Error).message}` })
  })

const rowOf = (s: PluginState): PluginRow => ({
  provider: s.provider,
  name: s.name,
  found: whichOn(process.env.PATH ?? "", resolveBinary(s.provider, { env: process.env })) ?? "",
  installed: s.installed,
  version: s.version,
  current: s.current
})

/** The installs as `lich doctor`'s providers row reads them; none when the plugin tree cannot be read. */
export const pluginBriefs = (): ReadonlyArray<PluginBrief> => {
  let ctx: PluginContext
  try {
    ctx = makeContext()
  } catch {
    return []
  }
  return pluginProviders.map((id) => pluginState(ctx, id))
}

const usage = (message: string) => Effect.fail(new Usage({ message }))

const act = (json: boolean, action: PluginAction, id: string) =>
  Effect.gen(function* () {
    if (!isPluginProvider(id)) {
      return yield* new PluginRefused({
        message: `"${id}" is not a provider lich's plugin installs into: ${pluginProviders.join(", ")} (Claude Code, Codex and opencode need none)`
      })
    }
    const ctx = yield* context()
    const before = pluginState(ctx, id)
    const after = yield* runPlugin(ctx, id, action).pipe(Effect.mapError((message) => new PluginRefused({ message })))
    const row = rowOf(after)
    return yield* print(json, row, (r) => renderPluginAction(action, r, before.installed))
  })

export const plugin = (v: Values) =>
  Effect.gen(function* () {
    const [json, words] = [v.flag("json"), v.args("words")]
    if (words.length === 0) {
      const ctx = yield* context()
      return yield* print(
        json,
        pluginProviders.map((id) => rowOf(pluginState(ctx, id))),
        renderPlugins
      )
    }
    const [verb, id, ...rest] = words
    if (!ACTIONS.includes(verb as PluginAction) || id === undefined || rest.length > 0) {
      return yield* usage("usage: lich plugin [--json] | lich plugin install|update|remove <provider> [--json]")
    }
    return yield* act(json, verb as PluginAction, id)
  })
