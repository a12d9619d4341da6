/**
 * `lich plugin install|update|remove <provider> [--json]`, reached from plugin.ts once the command
 * line is known to be one: the installers (libs/integrations) are Effect code, so this runs from the
 * CLI's second bundle. The list is plugin.ts's own, read without Effect.
 */

import type { PluginAction } from "@lich/contract"
import { isPluginProvider, pluginProviders, pluginState, runPlugin } from "@lich/integrations"
import { Data, Effect } from "effect"
import { json as printJson, stdout } from "../output.js"
import { renderPluginAction } from "../render/plugin.js"
import type { Values } from "../spec.js"
import { contextFailure, makeContext, rowOf } from "./pluginRows.js"

/** An install refused or failed: exit 1, one line. */
class PluginRefused extends Data.TaggedError("Refused")<{ readonly message: string }> {}

export const pluginAction = (v: Values) =>
  Effect.gen(function* () {
    const [json, [verb, id]] = [v.flag("json"), v.args("words")]
    const action = verb as PluginAction
    if (id === undefined || !isPluginProvider(id)) {
      return yield* new PluginRefused({
        message: `"${id}" is not a provider lich's plugin installs into: ${pluginProviders.join(", ")} (Claude Code, Codex and opencode need none)`
      })
    }
    const ctx = yield* Effect.try({ try: makeContext, catch: (e) => new PluginRefused({ message: contextFailure(e) }) })
    const before = pluginState(ctx, id)
    const after = yield* runPlugin(ctx, id, action).pipe(Effect.mapError((message) => new PluginRefused({ message })))
    const row = rowOf(after)
    const text = renderPluginAction(action, row, before.installed)
    return yield* json ? printJson(row) : stdout(text)
  })
