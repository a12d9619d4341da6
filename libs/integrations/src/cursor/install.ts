/**
 * Cursor CLI's plugin: lich's MCP server merged into `~/.cursor/mcp.json` (`mcpServers.lich`; the
 * CLI's own `mcp` subcommand only lists and toggles what is there), and two hooks appended to
 * `~/.cursor/hooks.json` in Cursor's own format — `sessionStart` (the chat id, for resume) and
 * `afterFileEdit` (touched) — each running lich's copy of a report script. Both files are read off
 * the home directory whatever CURSOR_CONFIG_DIR says (measured upstream on 2026.08.11). Each entry
 * is spliced in and out as text, so the user's servers, hooks and comments stay byte for byte.
 *
 * Nothing else: Cursor fires no turn events lich could map to busy and done (upstream measured that
 * neither `beforeSubmitPrompt` nor `stop` arrives), and a tool report without a turn that closes it
 * would read as busy for ever.
 */

import { Either } from "effect"
import { removeElements, setElement } from "../plugin/jsonEdit.js"
import { mergeEntry, unmergeEntry } from "../plugin/merge.js"
import type { Files, Installer, PluginContext, Step } from "../plugin/Plugin.js"
import { deleteRecord, readRecord, writeRecord } from "../plugin/record.js"
import { copyScripts, ownScripts, scriptCommand } from "../plugin/scripts.js"
import { cursorStatus, cursorPaths as paths } from "./status.js"

/** Cursor's events → lich's scripts. */
const hooksOf = (ctx: PluginContext): ReadonlyArray<{ readonly event: string; readonly command: string }> => {
  const dir = ownScripts(ctx, "cursor")
  return [
    { event: "sessionStart", command: scriptCommand(dir, "report-session-start.sh", "cursor") },
    { event: "afterFileEdit", command: scriptCommand(dir, "report-touched.sh") }
  ]
}

/** An entry is lich's when its command runs a script from lich's folder for Cursor. */
const isLichs = (ctx: PluginContext) => (v: unknown) => {
  const c = (v as { command?: unknown } | null)?.command
  return typeof c === "string" && c.startsWith(`'${ownScripts(ctx, "cursor")}/`)
}

/** What a hooks file lich creates starts as: Cursor's format names its version. */
const NEW_HOOKS = '{\n  "version": 1\n}\n'

/** The record's key for one event's list: how many of its parents that splice created. */
const hintKey = (file: string, event: string) => `${file}#${event}`

/** Every hook spliced in, in order, each with what it created; -1 for the file when lich made it. */
const mergeHooks = (ctx: PluginContext, files: Files, before: Readonly<Record<string, number>> | undefined) =>
  Either.gen(function* () {
    const file = paths(ctx).hooks
    const original = files.read(file)
    const fresh = original === undefined || original.trim() === ""
    let text = fresh ? NEW_HOOKS : original
    const created: Record<string, number> = { [file]: fresh ? -1 : (before?.[file] ?? 0) }
    for (const h of hooksOf(ctx)) {
      const added = yield* setElement(text, ["hooks", h.event], { command: h.command }, isLichs(ctx), file)
      const key = hintKey(file, h.event)
      created[key] = added.text === text ? (before?.[key] ?? 0) : added.createdParents
      text = added.text
    }
    return { step: { _tag: "Write", path: file, text, mode: 0o600 } as Step, created }
  })

/** The inverse, last hook first, so each list and parent goes exactly when its own splice created it. */
const unmergeHooks = (ctx: PluginContext, files: Files, hints: Readonly<Record<string, number>>) =>
  Either.gen(function* () {
    const file = paths(ctx).hooks
    let text = files.read(file)
    if (text === undefined) return [] as ReadonlyArray<Step>
    for (const h of [...hooksOf(ctx)].reverse()) {
      text = yield* removeElements(text, ["hooks", h.event], isLichs(ctx), hints[hintKey(file, h.event)] ?? 0, file)
    }
    if (hints[file] === -1 && text === NEW_HOOKS) return [{ _tag: "Delete", path: file }] as ReadonlyArray<Step>
    return [{ _tag: "Write", path: file, text }] as ReadonlyArray<Step>
  })

export const cursorInstaller: Installer = {
  id: "cursor",
  status: cursorStatus,
  install: (ctx, files) =>
    Either.gen(function* () {
      const p = paths(ctx)
      const before = readRecord(ctx, "cursor", files)
      const scripts = yield* copyScripts(ctx, files, ownScripts(ctx, "cursor"))
      const mcp = yield* mergeEntry(files, p.mcp, ["mcpServers"], "lich", { command: ctx.lichBin, args: ["mcp"] }, before?.created[p.mcp])
      const hooks = yield* mergeHooks(ctx, files, before?.created)
      const created = { [p.mcp]: mcp.created, ...hooks.created }
      return [...scripts, mcp.step, hooks.step, writeRecord(ctx, "cursor", { version: ctx.version, lichBin: ctx.lichBin, created })]
    }),
  remove: (ctx, files) =>
    Either.gen(function* () {
      const p = paths(ctx)
      const record = readRecord(ctx, "cursor", files)
      const mcp = yield* unmergeEntry(files, p.mcp, ["mcpServers"], "lich", record?.created[p.mcp])
      const hooks = yield* unmergeHooks(ctx, files, record?.created ?? {})
      return [...mcp, ...hooks, { _tag: "DeleteDir", path: ownScripts(ctx, "cursor") } as const, deleteRecord(ctx, "cursor")]
    })
}
