/**
 * Antigravity's plugin: a plugin directory lich owns whole, `~/.gemini/config/plugins/lich/` —
 * `hooks.json` (keyed `lich`, commands relative to the folder, which is where agy runs them),
 * lich's report scripts under `hooks/`, and `plugin.json`, written last, whose version marks the
 * install — plus lich's MCP server through agy's own `agy mcp add lich <lich> mcp`, so lich never
 * formats that document. Remove runs `agy mcp remove lich` and deletes the folder.
 *
 * Events → reports: PreInvocation (before each model call) → session-start with the conversation id
 * and busy; PostToolUse → busy with the tool, and touched; Stop → done, and the title (agy names a
 * conversation after the first request its transcript holds; report-title.sh). The tool is reported after
 * it ran, not before: a PreToolUse hook must print a verdict, and printing "allow" would approve
 * every tool in a build that honours it — lich will not widen a person's permissions to learn a name.
 */

import * as path from "node:path"
import { Either } from "effect"
import type { Installer, PluginContext, Step } from "../plugin/Plugin.js"
import { deleteRecord, writeRecord } from "../plugin/record.js"
import { copyScripts } from "../plugin/scripts.js"
import { agyPluginDir, agyStatus, versionIn } from "./status.js"

export { agyPluginDir }

const run = (script: string, ...args: ReadonlyArray<string>) => ({ command: ["sh", `hooks/${script}`, ...args].join(" ") })

export const agyHooks = (): Record<string, unknown> => ({
  lich: {
    PreInvocation: [run("report-session-start.sh", "antigravity"), run("report-state.sh", "busy")],
    PostToolUse: [run("report-tool.sh"), run("report-touched.sh")],
    // `once`: the title is the first request, which no later turn changes.
    Stop: [run("report-state.sh", "done"), run("report-title.sh", "once")]
  }
})

const manifest = (ctx: PluginContext) => ({
  name: "lich",
  version: ctx.version,
  description: "Installed by lich — reports this agent's state to lich; Settings › lich plugin removes it."
})

/** agy, as the session would run it: the binary the environment or PATH names. */
const agyBin = (ctx: PluginContext) => ctx.env.LICH_ANTIGRAVITY_BIN ?? "agy"

export const antigravityInstaller: Installer = {
  id: "antigravity",
  status: agyStatus,
  install: (ctx, files) =>
    Either.gen(function* () {
      const dir = agyPluginDir(ctx.home)
      const manifestText = files.read(path.join(dir, "plugin.json"))
      if (manifestText !== undefined && versionIn(manifestText) === "") {
        return yield* Either.left(`${dir} holds a plugin lich did not write, so lich left it as it is`)
      }
      const scripts = yield* copyScripts(ctx, files, path.join(dir, "hooks"))
      const steps: ReadonlyArray<Step> = [
        ...scripts,
        { _tag: "Write", path: path.join(dir, "hooks.json"), text: `${JSON.stringify(agyHooks(), null, 2)}\n`, mode: 0o644 },
        // An earlier install's entry names another lich: agy adds, it does not replace.
        { _tag: "Run", argv: [agyBin(ctx), "mcp", "remove", "lich"], optional: true },
        { _tag: "Run", argv: [agyBin(ctx), "mcp", "add", "lich", ctx.lichBin, "mcp"] },
        { _tag: "Write", path: path.join(dir, "plugin.json"), text: `${JSON.stringify(manifest(ctx), null, 2)}\n`, mode: 0o644 },
        writeRecord(ctx, "antigravity", { version: ctx.version, lichBin: ctx.lichBin, created: { [dir]: -1 } })
      ]
      return steps
    }),
  remove: (ctx, files) => {
    const dir = agyPluginDir(ctx.home)
    const own = versionIn(files.read(path.join(dir, "plugin.json"))) !== ""
    if (!own) return Either.right([deleteRecord(ctx, "antigravity")])
    return Either.right([
      { _tag: "Run", argv: [agyBin(ctx), "mcp", "remove", "lich"], optional: true },
      { _tag: "DeleteDir", path: dir },
      deleteRecord(ctx, "antigravity")
    ])
  }
}
