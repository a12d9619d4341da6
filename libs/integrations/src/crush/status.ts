/**
 * Where lich's plugin for Crush lives and what is installed there, read without Effect: the one
 * definition install.ts writes by and `lich plugin` lists from (its first bundle loads no Effect).
 */
import * as path from "node:path"
import type { Files, Installed, PluginContext } from "../plugin/Plugin.js"

export const crushrcPath = (env: Readonly<Record<string, string | undefined>>, home: string): string =>
  path.join(
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, ".config"),
    "crush",
    "crushrc"
  )

export const OPEN = /^# >>> lich-plugin v(\S+) >>>$/m
export const CLOSE = "# <<< lich-plugin <<<"

export type Block = { readonly start: number; readonly end: number; readonly version: string }

/** Where lich's block is: [start, end) of its lines, end past the closing line's break. */
export const findBlock = (text: string): Block | undefined => {
  const open = OPEN.exec(text)
  if (open === null) return undefined
  const close = text.indexOf(`${CLOSE}`, open.index)
  if (close < 0) return undefined
  const after = close + CLOSE.length
  return { start: open.index, end: text[after] === "\n" ? after + 1 : after, version: open[1]! }
}

/** `--command '<path>'` of lich's `mcp add` line, unquoted. */
const lichBinIn = (block: string): string => {
  const m = /^mcp add lich .*?--command '((?:[^']|'\\'')*)'/m.exec(block)
  return m === null ? "" : m[1]!.replace(/'\\''/g, "'")
}

export const crushStatus = (ctx: PluginContext, files: Files): Installed => {
  const file = crushrcPath(ctx.env, ctx.home)
  const text = files.read(file) ?? ""
  const b = findBlock(text)
  return { version: b?.version ?? "", lichBin: b === undefined ? "" : lichBinIn(text.slice(b.start, b.end)), where: [file] }
}
