/**
 * Crush's plugin: one marked block in the user's global crushrc (`$XDG_CONFIG_HOME/crush/crushrc`,
 * else `~/.config/crush/crushrc` — the file Crush reads after the project's own), holding lich's
 * hooks and its MCP server in crushrc's own commands, with lich's copies of the report scripts in
 * `<config>/lich/plugin/hooks/crush/`. Every line outside the block stays verbatim; Remove takes
 * out the block and the one line break lich put before it, if it put one.
 *
 * Crush 0.88.0 and later only: older releases accept `hook add` and silently ignore it, so an
 * install there would look done and report nothing. The install asks `crush --version` first.
 */

import { Either } from "effect"
import type { Installer, PluginContext, Step } from "../plugin/Plugin.js"
import { versionAtLeast } from "../plugin/Plugin.js"
import { deleteRecord, readRecord, writeRecord } from "../plugin/record.js"
import { copyScripts, ownScripts, scriptCommand, sq } from "../plugin/scripts.js"
import { type Block, CLOSE, crushrcPath, crushStatus, findBlock, OPEN } from "./status.js"

export { crushrcPath }

/** 0.88.0: the first Crush that runs what `hook add` registers. */
export const CRUSH_MIN_VERSION = "0.88.0"

/** The block for this release: crushrc is Bash, so every path is single-quoted. */
export const crushBlock = (ctx: PluginContext): string => {
  const dir = ownScripts(ctx, "crush")
  return [
    `# >>> lich-plugin v${ctx.version} >>>`,
    "# Managed by lich: Settings › lich plugin (or `lich plugin`) updates and removes this block.",
    `hook add PreToolUse --name lich-session-id --command ${sq(scriptCommand(dir, "report-session-start.sh", "crush"))} --timeout 5`,
    `hook add PreToolUse --name lich-touched --matcher '^(edit|write|multiedit|bash)$' --command ${sq(scriptCommand(dir, "report-touched.sh"))} --timeout 5`,
    `mcp add lich --type stdio --command ${sq(ctx.lichBin)} --args mcp --timeout 10`,
    CLOSE,
    ""
  ].join("\n")
}

/**
 * The block, refusing markers that do not pair up (one edited away, or two blocks): splicing there
 * would append a second block, and a removal would then take out the user's lines between the two.
 */
const blockIn = (text: string | undefined, file: string): Either.Either<Block | undefined, string> => {
  if (text === undefined) return Either.right(undefined)
  const opens = text.match(new RegExp(OPEN.source, "gm"))?.length ?? 0
  const closes = text.split("\n").filter((l) => l === CLOSE).length
  if (opens !== closes || opens > 1) {
    return Either.left(`${file} holds ${opens} opening and ${closes} closing lines of lich's block, so lich left it as it is`)
  }
  return Either.right(findBlock(text))
}

export const crushInstaller: Installer = {
  id: "crush",
  status: crushStatus,
  install: (ctx, files) =>
    Either.gen(function* () {
      const file = crushrcPath(ctx.env, ctx.home)
      const text = files.read(file)
      const record = readRecord(ctx, "crush", files)
      const b = yield* blockIn(text, file)
      const scripts = yield* copyScripts(ctx, files, ownScripts(ctx, "crush"))
      let next: string
      let separator = false
      if (b !== undefined) {
        next = text!.slice(0, b.start) + crushBlock(ctx) + text!.slice(b.end)
        separator = record?.separator === true
      } else {
        const base = text ?? ""
        separator = base !== "" && !base.endsWith("\n")
        next = base + (separator ? "\n" : "") + crushBlock(ctx)
      }
      return [
        ...scripts,
        { _tag: "Write", path: file, text: next, mode: 0o644 },
        writeRecord(ctx, "crush", {
          version: ctx.version,
          lichBin: ctx.lichBin,
          // An update finds lich's block in place: whether lich created the file is the first install's answer.
          created: { [file]: b !== undefined ? (record?.created[file] ?? 0) : text === undefined ? -1 : 0 },
          separator
        })
      ] as const
    }),
  remove: (ctx, files) =>
    Either.gen(function* () {
      const file = crushrcPath(ctx.env, ctx.home)
      const text = files.read(file)
      const record = readRecord(ctx, "crush", files)
      const b = yield* blockIn(text, file)
      const steps: Array<Step> = []
      if (b !== undefined) {
        // The line break lich added before its block goes with it, when the block still ends the file.
        const sepHere = record?.separator === true && b.start > 0 && text![b.start - 1] === "\n" && b.end === text!.length
        const out = text!.slice(0, sepHere ? b.start - 1 : b.start) + text!.slice(b.end)
        steps.push(record?.created[file] === -1 && out === "" ? { _tag: "Delete", path: file } : { _tag: "Write", path: file, text: out })
      }
      return [...steps, { _tag: "DeleteDir", path: ownScripts(ctx, "crush") } as const, deleteRecord(ctx, "crush")]
    })
}

/** `crush --version` → the plan's precondition, or the refusal. */
export const crushVersionOk = (said: string): Either.Either<void, string> => {
  const v = /(\d+\.\d+\.\d+)/.exec(said)?.[1] ?? ""
  return versionAtLeast(v, CRUSH_MIN_VERSION)
    ? Either.right(undefined)
    : Either.left(
        `Crush ${v === "" ? "(version unknown)" : v} ignores the hooks lich installs; update it to ${CRUSH_MIN_VERSION} or later first`
      )
}
