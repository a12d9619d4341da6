/**
 * Where lich's plugin for Cursor CLI lives and what is installed there, read without Effect: the one
 * definition install.ts writes by and `lich plugin` lists from (its first bundle loads no Effect).
 */
import * as path from "node:path"
import { readMember } from "../plugin/jsonRead.js"
import type { Files, Installed, PluginContext } from "../plugin/Plugin.js"
import { readRecord } from "../plugin/record.js"

export const cursorPaths = (ctx: PluginContext) => ({
  mcp: path.join(ctx.home, ".cursor", "mcp.json"),
  hooks: path.join(ctx.home, ".cursor", "hooks.json")
})

const commandOf = (v: unknown): string => {
  const c = (v as { command?: unknown } | undefined)?.command
  return typeof c === "string" ? c : ""
}

export const cursorStatus = (ctx: PluginContext, files: Files): Installed => {
  const p = cursorPaths(ctx)
  const lich = readMember(files.read(p.mcp), ["mcpServers"], "lich")
  // Cursor keeps no marker of its own: the release is the record's, while the entry is there.
  const record = readRecord(ctx, "cursor", files)
  return { version: lich === undefined ? "" : (record?.version ?? "0.0.0"), lichBin: commandOf(lich), where: [p.mcp, p.hooks] }
}
