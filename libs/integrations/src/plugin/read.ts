/**
 * The five installs read off the machine without Effect: each provider's status reader (its
 * status.ts, the one definition of where its plugin lives, which its installer uses too) and the
 * context an install is made for. `lich plugin` lists from here in the CLI's first bundle, which
 * loads no Effect (docs/ceilings.md, "CLI cold start"); plugins.ts wraps the same rows in the
 * contract's class for the backend and the installers.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { PluginInstall, PluginProviderId } from "@lich/contract"
import { provider } from "@lich/providers"
import { agyStatus } from "../antigravity/status.js"
import { pluginVersion } from "../claude/manifest.js"
import { crushStatus } from "../crush/status.js"
import { cursorStatus } from "../cursor/status.js"
import { kiroStatus } from "../kiro/status.js"
import { ompStatus } from "../omp/status.js"
import type { Files, Installed, PluginContext, PluginProvider } from "./Plugin.js"
import { isCurrent } from "./versions.js"

/**
 * A missing file is the usual answer (nothing installed), so it is found without an exception:
 * each thrown ENOENT is an Error with its stack, and a list asks for eight files (docs/ceilings.md).
 */
export const diskFiles: Files = {
  read: (p) => {
    if (!fs.existsSync(p)) return undefined
    try {
      return fs.readFileSync(p, "utf8")
    } catch {
      return undefined
    }
  },
  isDir: (p) => {
    try {
      return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true
    } catch {
      return false
    }
  }
}

/**
 * The contract's five, in its order, as a plain list: Plugin.ts's `pluginProviders` is the
 * contract's own literals (a Schema, so Effect); plugin.test.ts holds this list equal to it.
 */
export const plainPluginProviders: ReadonlyArray<PluginProviderId> = ["omp", "crush", "cursor", "kiro", "antigravity"]

export const statusReaders: { readonly [K in PluginProvider]: (ctx: PluginContext, files: Files) => Installed } = {
  omp: ompStatus,
  crush: crushStatus,
  cursor: cursorStatus,
  kiro: kiroStatus,
  antigravity: agyStatus
}

/** One install as the contract carries it, as plain fields. */
export type PluginStateFields = { readonly [K in keyof PluginInstall]: PluginInstall[K] }

export const readPluginState = (ctx: PluginContext, id: PluginProvider, files: Files = diskFiles): PluginStateFields => {
  const s = statusReaders[id](ctx, files)
  return {
    provider: id,
    name: provider(id).name,
    installed: s.version !== "",
    version: s.version,
    current: s.version !== "" && isCurrent(s, ctx),
    where: s.where
  }
}

/** What lich's install needs to know of itself: `hooksTree` is the plugin tree it ships (hooks/). */
export const pluginContext = (i: {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly home: string
  readonly lichBin: string
  readonly hooksTree: string
  readonly ownDir: string
}): PluginContext => ({
  env: i.env,
  home: i.home,
  lichBin: i.lichBin,
  version: pluginVersion(i.hooksTree),
  scriptsSource: path.join(i.hooksTree, "hooks"),
  ownDir: i.ownDir
})
