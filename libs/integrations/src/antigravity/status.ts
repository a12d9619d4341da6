/**
 * Where lich's plugin for Antigravity lives and what is installed there, read without Effect: the one
 * definition install.ts writes by and `lich plugin` lists from (its first bundle loads no Effect).
 */
import * as path from "node:path"
import type { Files, Installed, PluginContext } from "../plugin/Plugin.js"
import { readRecord } from "../plugin/record.js"

export const agyPluginDir = (home: string): string => path.join(home, ".gemini", "config", "plugins", "lich")

/** The release plugin.json names, "" when the folder is not lich's. */
export const versionIn = (text: string | undefined): string => {
  try {
    const m = JSON.parse(text ?? "") as { name?: unknown; version?: unknown }
    return m.name === "lich" && typeof m.version === "string" ? m.version : ""
  } catch {
    return ""
  }
}

export const agyStatus = (ctx: PluginContext, files: Files): Installed => {
  const dir = agyPluginDir(ctx.home)
  const version = versionIn(files.read(path.join(dir, "plugin.json")))
  // agy keeps the MCP document; the record says which lich the install registered.
  const record = readRecord(ctx, "antigravity", files)
  return { version, lichBin: version === "" ? "" : (record?.lichBin ?? ""), where: [dir] }
}
