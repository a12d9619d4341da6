/**
 * lich's report scripts (hooks/hooks: post.sh, report-*.sh, detail.jq), copied for a harness that
 * runs shell hooks. They do nothing outside a session lich started (post.sh's lich_ready), never
 * print and never fail, so a copy left in a harness's config is harmless to every other session.
 */

import * as path from "node:path"
import { Either } from "effect"
import type { Files, PluginContext, Step } from "./Plugin.js"

export const REPORT_SCRIPTS = [
  "post.sh",
  "report-session-start.sh",
  "report-state.sh",
  "report-tool.sh",
  "report-touched.sh",
  "report-title.sh",
  "detail.jq"
]

/** `<config>/lich/plugin/hooks/<provider>`: lich's own folder for a harness's copies. */
export const ownScripts = (ctx: PluginContext, id: string): string => path.join(ctx.ownDir, "hooks", id)

/** The writes that put the scripts into `dir`, read from this lich's release. */
export const copyScripts = (ctx: PluginContext, files: Files, dir: string): Either.Either<ReadonlyArray<Step>, string> => {
  const steps: Array<Step> = []
  for (const name of REPORT_SCRIPTS) {
    const text = files.read(path.join(ctx.scriptsSource, name))
    if (text === undefined)
      return Either.left(`lich's report scripts are missing from ${ctx.scriptsSource} (no ${name}), so nothing was installed`)
    steps.push({ _tag: "Write", path: path.join(dir, name), text, mode: name.endsWith(".sh") ? 0o755 : 0o644 })
  }
  return Either.right(steps)
}

/** POSIX single quotes: hook commands run under `sh -c`, and a home may hold spaces. */
export const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** `'<dir>/<script>' args…` */
export const scriptCommand = (dir: string, script: string, ...args: ReadonlyArray<string>): string =>
  [sq(path.join(dir, script)), ...args].join(" ")
