/**
 * Where lich's plugin for oh-my-pi lives and what is installed there, read without Effect: the one
 * definition install.ts writes by and `lich plugin` lists from (its first bundle loads no Effect).
 */
import * as path from "node:path"
import { readMember } from "../plugin/jsonRead.js"
import type { Files, Installed, PluginContext } from "../plugin/Plugin.js"
import { extensionVersion } from "./extension.js"

export const ompAgentDir = (env: Readonly<Record<string, string | undefined>>, home: string): string => {
  if (env.OMP_PROFILE) return path.join(home, ".omp", "profiles", env.OMP_PROFILE, "agent")
  if (env.PI_CODING_AGENT_DIR && path.isAbsolute(env.PI_CODING_AGENT_DIR)) return env.PI_CODING_AGENT_DIR
  return path.join(home, ".omp", "agent")
}

export const ompPaths = (ctx: PluginContext) => {
  const dir = ompAgentDir(ctx.env, ctx.home)
  return { extension: path.join(dir, "extensions", "lich.js"), mcp: path.join(dir, "mcp.json") }
}

const commandOf = (v: unknown): string => {
  const c = (v as { command?: unknown } | undefined)?.command
  return typeof c === "string" ? c : ""
}

export const ompStatus = (ctx: PluginContext, files: Files): Installed => {
  const p = ompPaths(ctx)
  return {
    version: extensionVersion(files.read(p.extension)),
    lichBin: commandOf(readMember(files.read(p.mcp), ["mcpServers"], "lich")),
    where: [p.extension, p.mcp]
  }
}
