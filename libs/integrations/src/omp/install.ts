/**
 * oh-my-pi's plugin: the extension (extension.ts) in `<agentDir>/extensions/lich.js`, whose first
 * line marks it as lich's, and lich's MCP server merged into `<agentDir>/mcp.json` as
 * `mcpServers.lich`. The agent dir is `~/.omp/profiles/$OMP_PROFILE/agent` when a profile is set,
 * else `$PI_CODING_AGENT_DIR`, else `~/.omp/agent` — the profile wins, as it does for oh-my-pi.
 */

import { Either } from "effect"
import { mergeEntry, unmergeEntry } from "../plugin/merge.js"
import type { Installer, PluginContext } from "../plugin/Plugin.js"
import { deleteRecord, readRecord, writeRecord } from "../plugin/record.js"
import { extensionText, extensionVersion } from "./extension.js"
import { ompAgentDir, ompStatus, ompPaths as paths } from "./status.js"

export { ompAgentDir }

/** oh-my-pi's stdio server shape; the server inherits the session's LICH_* from oh-my-pi's environment. */
const server = (ctx: PluginContext) => ({ type: "stdio", command: ctx.lichBin, args: ["mcp"] })

export const ompInstaller: Installer = {
  id: "omp",
  status: ompStatus,
  install: (ctx, files) =>
    Either.gen(function* () {
      const p = paths(ctx)
      const ext = files.read(p.extension)
      if (ext !== undefined && extensionVersion(ext) === "") {
        return yield* Either.left(`${p.extension} is not lich's (its first line has no lich-plugin marker), so lich left it as it is`)
      }
      const before = readRecord(ctx, "omp", files)
      const mcp = yield* mergeEntry(files, p.mcp, ["mcpServers"], "lich", server(ctx), before?.created[p.mcp])
      return [
        mcp.step,
        { _tag: "Write", path: p.extension, text: extensionText(ctx.version), mode: 0o644 },
        writeRecord(ctx, "omp", { version: ctx.version, lichBin: ctx.lichBin, created: { [p.mcp]: mcp.created } })
      ] as const
    }),
  remove: (ctx, files) =>
    Either.gen(function* () {
      const p = paths(ctx)
      const record = readRecord(ctx, "omp", files)
      const mcp = yield* unmergeEntry(files, p.mcp, ["mcpServers"], "lich", record?.created[p.mcp])
      const own = extensionVersion(files.read(p.extension)) !== ""
      return [...mcp, ...(own ? [{ _tag: "Delete", path: p.extension } as const] : []), deleteRecord(ctx, "omp")]
    })
}
