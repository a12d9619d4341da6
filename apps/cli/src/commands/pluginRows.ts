/**
 * What `lich plugin`'s list (plugin.ts, plain), its actions (pluginActions.ts, on Effect) and
 * `lich doctor` share: this lich's plugin context and a state as the row the CLI prints. No Effect.
 */
import * as os from "node:os"
import * as path from "node:path"
import type { PluginRow } from "@lich/contract"
import type { PluginBrief } from "@lich/doctor"
import { whichOn } from "@lich/doctor/files"
import { type PluginStateFields, plainPluginProviders, pluginContext, readPluginState } from "@lich/integrations/read"
import { resolveBinary } from "@lich/providers"
import { configDir } from "@lich/singleton"

export type PluginContext = ReturnType<typeof pluginContext>

/** This lich, as the backend names itself to the sessions it starts (LICH_SELF, set by bin/lich). */
export const makeContext = (): PluginContext =>
  pluginContext({
    env: process.env,
    home: process.env.HOME ?? os.homedir(),
    lichBin: process.env.LICH_SELF ?? path.join(__dirname, "..", "bin", "lich"),
    hooksTree: path.join(__dirname, "..", "hooks"),
    ownDir: path.join(configDir(process.env), "plugin")
  })

/** Why there is no context: the one line an unreadable plugin tree ends in. */
export const contextFailure = (e: unknown): string => `lich's plugin tree cannot be read: ${(e as Error).message}`

export const rowOf = (s: Omit<PluginStateFields, "where">): PluginRow => ({
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
  return plainPluginProviders.map((id) => readPluginState(ctx, id))
}
