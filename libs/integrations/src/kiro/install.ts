/**
 * Kiro CLI's plugin: an agent lich owns whole, `~/.kiro/agents/lich.json` (Kiro keeps hooks inside
 * an agent, reads agents off the home directory only, and its built-in default cannot be shadowed),
 * with lich's hooks and lich's MCP server in it, and lich's copies of the report scripts in
 * `<config>/lich/plugin/hooks/kiro/`. A lich session of Kiro is spawned with `--agent lich` once it
 * exists. Nothing of the user's is touched: their global mcp.json and their own agents stay as they
 * are, and Remove deletes the file lich owns.
 *
 * lich writes the agent's `mcpServers` itself rather than through `kiro-cli mcp add --agent lich`:
 * the file is lich's, and writing it whole keeps the install one atomic write that needs no Kiro.
 */

import { Either } from "effect"
import type { Installer, PluginContext } from "../plugin/Plugin.js"
import { deleteRecord, writeRecord } from "../plugin/record.js"
import { copyScripts, ownScripts, scriptCommand } from "../plugin/scripts.js"
import { kiroAgentName, kiroAgentPath, kiroAgentVersion, kiroStatus } from "./status.js"

export { kiroAgentName, kiroAgentPath, kiroAgentVersion }

/** The agent file for this release. */
export const kiroAgent = (ctx: PluginContext): Record<string, unknown> => {
  const dir = ownScripts(ctx, "kiro")
  const run = (script: string, ...args: ReadonlyArray<string>) => ({ command: scriptCommand(dir, script, ...args) })
  return {
    name: kiroAgentName,
    description: `Installed by lich-plugin v${ctx.version} — lich's agent for the Kiro sessions it starts; Settings › lich plugin removes it.`,
    tools: ["*"],
    // lich's own tools run without a prompt each, as they do in every other provider.
    allowedTools: ["@lich"],
    resources: [
      "file://AmazonQ.md",
      "file://AGENTS.md",
      "file://README.md",
      "skill://.kiro/skills/**/SKILL.md",
      "skill://~/.kiro/skills/**/SKILL.md"
    ],
    includeMcpJson: true,
    mcpServers: { lich: { command: ctx.lichBin, args: ["mcp"] } },
    hooks: {
      agentSpawn: [run("report-session-start.sh", "kiro")],
      userPromptSubmit: [run("report-state.sh", "busy")],
      preToolUse: [run("report-tool.sh")],
      postToolUse: [
        run("report-state.sh", "busy"),
        { matcher: "write", ...run("report-touched.sh") },
        { matcher: "shell", ...run("report-touched.sh") }
      ],
      stop: [run("report-state.sh", "done")]
    }
  }
}

export const kiroInstaller: Installer = {
  id: "kiro",
  status: kiroStatus,
  install: (ctx, files) =>
    Either.gen(function* () {
      const file = kiroAgentPath(ctx.home)
      const text = files.read(file)
      if (text !== undefined && kiroAgentVersion(text).version === "") {
        return yield* Either.left(
          `${file} is an agent lich did not write (no "Installed by lich-plugin" description), so lich left it as it is`
        )
      }
      const scripts = yield* copyScripts(ctx, files, ownScripts(ctx, "kiro"))
      return [
        ...scripts,
        { _tag: "Write", path: file, text: `${JSON.stringify(kiroAgent(ctx), null, 2)}\n`, mode: 0o644 },
        writeRecord(ctx, "kiro", { version: ctx.version, lichBin: ctx.lichBin, created: { [file]: -1 } })
      ] as const
    }),
  remove: (ctx, files) => {
    const file = kiroAgentPath(ctx.home)
    const own = kiroAgentVersion(files.read(file)).version !== ""
    return Either.right([
      ...(own ? [{ _tag: "Delete", path: file } as const] : []),
      { _tag: "DeleteDir", path: ownScripts(ctx, "kiro") } as const,
      deleteRecord(ctx, "kiro")
    ])
  }
}
