/**
 * What an install remembers in lich's own directory (`<config>/lich/plugin/<provider>.json`), beside
 * the marker it leaves in the harness's files: the hints a removal needs to give a file back exactly
 * as it was — which files and parents lich created, whether it added a line break before its block.
 * The files stay the truth: a hint that no longer matches what is on disk is ignored.
 */
import * as path from "node:path"
import type { Files, PluginContext, PluginProvider, Step } from "./Plugin.js"

export interface Record {
  readonly version: string
  readonly lichBin: string
  /** Per file lich merged into: how many parents of its entry lich created; -1: lich created the file. */
  readonly created: Readonly<globalThis.Record<string, number>>
  /** Crush: the block was preceded by a line break lich added (the file did not end with one). */
  readonly separator?: boolean
  /** The folders the install created (folders.ts): Remove takes out those it leaves empty. */
  readonly dirs?: ReadonlyArray<string>
}

export const recordPath = (ctx: PluginContext, id: PluginProvider): string => path.join(ctx.ownDir, `${id}.json`)

export const readRecord = (ctx: PluginContext, id: PluginProvider, files: Files): Record | undefined => {
  const text = files.read(recordPath(ctx, id))
  if (text === undefined) return undefined
  try {
    const r = JSON.parse(text) as Partial<Record>
    return {
      version: typeof r.version === "string" ? r.version : "",
      lichBin: typeof r.lichBin === "string" ? r.lichBin : "",
      created: typeof r.created === "object" && r.created !== null ? r.created : {},
      ...(r.separator === true ? { separator: true } : {}),
      ...(Array.isArray(r.dirs) ? { dirs: r.dirs.filter((d): d is string => typeof d === "string") } : {})
    }
  } catch {
    return undefined
  }
}

export const writeRecord = (ctx: PluginContext, id: PluginProvider, r: Record): Step => ({
  _tag: "Write",
  path: recordPath(ctx, id),
  text: `${JSON.stringify(r, null, 2)}\n`,
  mode: 0o600
})

export const deleteRecord = (ctx: PluginContext, id: PluginProvider): Step => ({ _tag: "Delete", path: recordPath(ctx, id) })
