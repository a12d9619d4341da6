/**
 * `lich plugin [--json]` and `lich plugin install|update|remove <provider>`: lich's plugin for the
 * harnesses that cannot be told about lich on their own command line — what Settings › lich plugin
 * does, for scripts and CI. A command of lich's own, beyond the contract (docs/cli.md).
 *
 * It needs no running lich: the installs are files in this user's home (libs/integrations), made
 * from the plugin tree this lich ships and naming this lich binary, exactly as the backend's are.
 * The list is read without Effect (libs/integrations' plain reader, the same status readers its
 * installers use) from a bundle of its own (pluginList.ts); an install, update or removal runs its
 * installer, which is Effect code, from the second bundle (pluginActions.ts) — a write to the
 * user's files, not a call agents make in a loop.
 */

import type { PluginAction } from "@lich/contract"
import { effectBundle, pluginBundle } from "../bundles.js"
import { exitCodes } from "../exitCodes.js"
import type { Ending, Values } from "../spec.js"
import { usageEnding } from "./ending.js"

const ACTIONS: ReadonlyArray<PluginAction> = ["install", "update", "remove"]

export const plugin = async (v: Values): Promise<Ending> => {
  const words = v.args("words")
  if (words.length === 0) return pluginBundle().list(v.flag("json"))
  const [verb, id, ...rest] = words
  if (!ACTIONS.includes(verb as PluginAction) || id === undefined || rest.length > 0) {
    return usageEnding("usage: lich plugin [--json] | lich plugin install|update|remove <provider> [--json]")
  }
  // The runner prints the action's line (or its failure) and sets the exit code itself.
  const commands = effectBundle()
  commands.run(commands.handlers.plugin(), v)
  return { _tag: "quiet", code: exitCodes.answered }
}
