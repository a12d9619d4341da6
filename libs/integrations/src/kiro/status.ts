/**
 * Where lich's plugin for Kiro CLI lives and what is installed there, read without Effect: the one
 * definition install.ts writes by and `lich plugin` lists from (its first bundle loads no Effect).
 */
import * as path from "node:path"
import type { Files, Installed, PluginContext } from "../plugin/Plugin.js"

export const kiroAgentName = "lich"

export const kiroAgentPath = (home: string): string => path.join(home, ".kiro", "agents", `${kiroAgentName}.json`)

const DESCRIPTION = /^Installed by lich-plugin v(\S+)/

/** The release the file's description names, "" when it is not lich's (or not JSON). */
export const kiroAgentVersion = (text: string | undefined): { version: string; lichBin: string } => {
  try {
    const a = JSON.parse(text ?? "") as { description?: unknown; mcpServers?: { lich?: { command?: unknown } } }
    const version = typeof a.description === "string" ? (DESCRIPTION.exec(a.description)?.[1] ?? "") : ""
    const bin = a.mcpServers?.lich?.command
    return { version, lichBin: version !== "" && typeof bin === "string" ? bin : "" }
  } catch {
    return { version: "", lichBin: "" }
  }
}

export const kiroStatus = (ctx: PluginContext, files: Files): Installed => ({
  ...kiroAgentVersion(files.read(kiroAgentPath(ctx.home))),
  where: [kiroAgentPath(ctx.home)]
})
