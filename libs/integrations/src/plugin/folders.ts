/**
 * The folders an install creates, and taking them out again. A plan's writes create every missing
 * parent of what they write (~/.cursor, ~/.omp/agent/extensions, ~/.gemini/config/plugins, lich's
 * own script folder); the install remembers which of those were missing in its record, and Remove
 * ends with taking each out again — deepest first, and only when nothing is left in it, so a folder
 * the user had before, or filled since, stays. Done once here for every installer, around its plan.
 */
import * as path from "node:path"
import type { Files, Plan, PluginContext, PluginProvider, Step } from "./Plugin.js"
import { type Record, readRecord, recordPath } from "./record.js"
import { ownScripts } from "./scripts.js"

/**
 * The folders the plan's writes would create, in no particular order. lich's own config folder and
 * those above it are not counted: they hold lich's own state (its store, runtime.json), which a
 * plugin removal leaves alone; only `<config>/lich/plugin` is the plugin's, and goes when empty.
 */
export const missingFolders = (ctx: PluginContext, plan: Plan, files: Files): ReadonlyArray<string> => {
  const missing = new Set<string>()
  const lichs = (d: string) => ctx.ownDir.startsWith(`${d}${path.sep}`)
  for (const s of plan) {
    if (s._tag !== "Write") continue
    for (let d = path.dirname(s.path); d !== path.dirname(d) && !missing.has(d) && !files.isDir(d); d = path.dirname(d)) {
      if (!lichs(d)) missing.add(d)
    }
  }
  return [...missing]
}

const deepestFirst = (dirs: Iterable<string>): ReadonlyArray<string> =>
  [...new Set(dirs)].sort((a, b) => b.split(path.sep).length - a.split(path.sep).length || b.localeCompare(a))

/** The install's record step, with the folders it creates added to those an earlier install created. */
const remembering = (s: Step, record: string, dirs: ReadonlyArray<string>): Step => {
  if (s._tag !== "Write" || s.path !== record) return s
  const r = JSON.parse(s.text) as Record
  return { ...s, text: `${JSON.stringify({ ...r, dirs: deepestFirst(dirs) }, null, 2)}\n` }
}

/**
 * An installer's plan with its folders: an install records what it creates (an update keeps what
 * the first install created), a removal takes those out once empty, and lich's own plugin folders too.
 */
export const withFolders = (ctx: PluginContext, id: PluginProvider, remove: boolean, plan: Plan, files: Files): Plan => {
  const before = readRecord(ctx, id, files)?.dirs ?? []
  if (!remove) {
    const dirs = [...before, ...missingFolders(ctx, plan, files)]
    return plan.map((s) => remembering(s, recordPath(ctx, id), dirs))
  }
  // lich's own folders (`<config>/lich/plugin`, its hooks/) go too once no provider's install is left in them.
  const own = [path.dirname(ownScripts(ctx, id)), ctx.ownDir]
  return [...plan, ...deepestFirst([...before, ...own]).map((d): Step => ({ _tag: "DeleteEmptyDir", path: d }))]
}
