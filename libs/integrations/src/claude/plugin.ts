/**
 * lich's Claude Code plugin, laid where Claude Code may load it. Every Claude Code session lich
 * starts is handed this copy with `--plugin-dir`, so a user installs nothing.
 *
 * Never the source tree: Claude Code writes about a megabyte of type files into a mod's folder when it
 * loads one, and a checkout (or an installed package) must not change under its user. The copy lives
 * under the data dir, keyed by the plugin's version and a digest of its files, so two lich builds
 * side by side each keep their own, an edited tree during development gets a fresh copy, and a copy
 * Claude Code already wrote its types into is reused as it is.
 *
 * It refuses to lay a half-written copy: files go to a temporary folder that is renamed into place in
 * one step, and a tree whose manifest cannot be read is not laid at all (the session then starts
 * without the plugin and says so in the log rather than failing to start).
 */
import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { pluginVersion } from "./manifest.js"

/** What of the plugin tree Claude Code reads: the manifest and the hooks folder (scripts, mods). */
const PLUGIN_PARTS = [".claude-plugin", "hooks"] as const

export interface LaidPlugin {
  readonly dir: string
  readonly version: string
}

const filesUnder = (root: string, rel = ""): ReadonlyArray<string> =>
  fs
    .readdirSync(path.join(root, rel), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => {
      const p = path.join(rel, d.name)
      if (d.isDirectory()) return filesUnder(root, p)
      return d.isFile() ? [p] : []
    })

/** The plugin files, relative to the tree's root, in a stable order. */
const pluginFiles = (source: string) => PLUGIN_PARTS.flatMap((part) => filesUnder(source, part))

const digest = (source: string, files: ReadonlyArray<string>) => {
  const h = crypto.createHash("sha256")
  for (const f of files) {
    h.update(f)
    h.update("\0")
    h.update(fs.readFileSync(path.join(source, f)))
    h.update("\0")
  }
  return h.digest("hex").slice(0, 12)
}

/**
 * Copies `source` (the repository's `hooks/`) to `<dataDir>/plugins/claude/lich-<version>-<digest>`
 * unless that copy exists, and answers where it is.
 */
export const layClaudePlugin = (source: string, dataDir: string): LaidPlugin => {
  const version = pluginVersion(source)
  const files = pluginFiles(source)
  const base = path.join(dataDir, "plugins", "claude")
  const dir = path.join(base, `lich-${version}-${digest(source, files)}`)
  if (fs.existsSync(path.join(dir, ".claude-plugin", "plugin.json"))) return { dir, version }
  fs.mkdirSync(base, { recursive: true, mode: 0o700 })
  const tmp = fs.mkdtempSync(path.join(base, ".laying-"))
  try {
    for (const f of files) {
      const to = path.join(tmp, f)
      fs.mkdirSync(path.dirname(to), { recursive: true })
      fs.copyFileSync(path.join(source, f), to)
      // Claude Code runs the scripts directly: keep their execute bits.
      fs.chmodSync(to, fs.statSync(path.join(source, f)).mode & 0o777)
    }
    fs.renameSync(tmp, dir)
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true })
    // Another backend laid the same copy first: theirs is as good as ours.
    if (fs.existsSync(path.join(dir, ".claude-plugin", "plugin.json"))) return { dir, version }
    throw e
  }
  return { dir, version }
}
