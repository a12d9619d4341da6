/**
 * Entry of the CLI's plugin bundle (dist/plugin.cjs): `lich plugin [--json]`'s list, read off this
 * user's files without Effect and without the backend. plugin.ts (first bundle) checks the command
 * line and loads this only for the list, so no other command reads or compiles the readers
 * (docs/ceilings.md, "CLI cold start").
 */
import { plainPluginProviders, readPluginState } from "@lich/integrations/read"
import { contextFailure, makeContext, type PluginContext, rowOf } from "./commands/pluginRows.js"
import { exitCodes } from "./exitCodes.js"
import { renderPlugins } from "./render/plugin.js"
import type { Ending } from "./spec.js"

export const list = (json: boolean): Ending => {
  let ctx: PluginContext
  try {
    ctx = makeContext()
  } catch (e) {
    return { _tag: "fail", message: contextFailure(e), code: exitCodes.Refused }
  }
  const rows = plainPluginProviders.map((id) => rowOf(readPluginState(ctx, id)))
  return { _tag: "out", text: json ? JSON.stringify(rows) : renderPlugins(rows), code: exitCodes.answered }
}
