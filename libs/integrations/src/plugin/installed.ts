/**
 * Whether lich's plugin is installed for a harness, as a spawn asks it: from the session's
 * environment alone (the files are where that environment says), with no plugin tree at hand.
 */

import * as path from "node:path"
import { configDir } from "@lich/singleton"
import { diskFiles } from "./apply.js"
import { type PluginProvider, TOOLS_MIN_VERSION, versionAtLeast } from "./Plugin.js"
import { installers } from "./plugins.js"

export const installedVersion = (id: PluginProvider, env: Readonly<Record<string, string | undefined>>, home: string): string =>
  installers[id].status(
    { env, home, lichBin: "", version: "", scriptsSource: "", ownDir: path.join(configDir({ ...env, HOME: home }), "plugin") },
    diskFiles
  ).version

export const installedWithTools = (id: PluginProvider, env: Readonly<Record<string, string | undefined>>, home: string): boolean => {
  const v = installedVersion(id, env, home)
  return v !== "" && versionAtLeast(v, TOOLS_MIN_VERSION)
}
