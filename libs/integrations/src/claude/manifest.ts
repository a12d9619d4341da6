/**
 * The release lich's plugin tree (hooks/) announces in its manifest. Apart from plugin.ts, which
 * lays the tree and digests it with node:crypto, because `lich plugin`'s list reads only this and
 * runs from a bundle that evaluates every module it takes at start (docs/ceilings.md, "CLI cold start").
 */
import * as fs from "node:fs"
import * as path from "node:path"

/** The release a tree announces, from its manifest. */
export const pluginVersion = (source: string): string => {
  const manifest = JSON.parse(fs.readFileSync(path.join(source, ".claude-plugin", "plugin.json"), "utf8")) as { version?: unknown }
  if (typeof manifest.version !== "string" || manifest.version === "") throw new Error("the plugin manifest names no version")
  return manifest.version
}
