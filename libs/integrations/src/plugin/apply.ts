/**
 * Carrying a plan out. Each write is atomic — a temporary file beside the target, renamed over it —
 * so a harness starting at that moment reads the old file or the new one, never half of either. A
 * file that exists keeps its permissions; a new one gets the plan's. Steps run in the plan's order,
 * and the first that fails stops the rest, its error in one line.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect } from "effect"
import type { Plan, Step } from "./Plugin.js"

// The reader is plain (read.ts), so `lich plugin` lists without Effect; re-exported where it always was.
export { diskFiles } from "./read.js"

/** 20 s: a harness's own CLI (`agy mcp add`) starts a runtime; on a loaded machine that takes seconds. */
const RUN_TIMEOUT_MS = 20_000

/** rmdir, which refuses a folder that is not empty: one the user filled since stays, and so does what is in it. */
const removeIfEmpty = (dir: string): void => {
  try {
    fs.rmdirSync(dir)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw e
  }
}

export const writeAtomic = (file: string, text: string, mode = 0o644): void => {
  const dir = path.dirname(file)
  fs.mkdirSync(dir, { recursive: true })
  let keep: number | undefined
  try {
    keep = fs.statSync(file).mode & 0o777
  } catch {
    keep = undefined
  }
  const tmp = path.join(dir, `.${path.basename(file)}.lich-${process.pid}.tmp`)
  try {
    fs.writeFileSync(tmp, text, { mode: keep ?? mode })
    fs.chmodSync(tmp, keep ?? mode)
    fs.renameSync(tmp, file)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
}

const run = (argv: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>>) =>
  Effect.async<void, string>((resume) => {
    const child = execFile(argv[0]!, argv.slice(1), { env: env as NodeJS.ProcessEnv, timeout: RUN_TIMEOUT_MS }, (err, _out, stderr) => {
      if (err === null) return resume(Effect.void)
      const said = String(stderr).trim().split("\n")[0] ?? ""
      resume(Effect.fail(`${argv.slice(0, 3).join(" ")} failed: ${said === "" ? err.message.split("\n")[0] : said}`))
    })
    return Effect.sync(() => child.kill())
  })

const step = (s: Step, env: Readonly<Record<string, string | undefined>>): Effect.Effect<void, string> => {
  switch (s._tag) {
    case "Write":
      return Effect.try({ try: () => writeAtomic(s.path, s.text, s.mode), catch: (e) => `writing ${s.path} failed: ${message(e)}` })
    case "Delete":
      return Effect.try({ try: () => fs.rmSync(s.path, { force: true }), catch: (e) => `removing ${s.path} failed: ${message(e)}` })
    case "DeleteDir":
      return Effect.try({
        try: () => fs.rmSync(s.path, { recursive: true, force: true }),
        catch: (e) => `removing ${s.path} failed: ${message(e)}`
      })
    case "DeleteEmptyDir":
      return Effect.try({ try: () => removeIfEmpty(s.path), catch: (e) => `removing ${s.path} failed: ${message(e)}` })
    case "Run":
      return s.optional === true ? Effect.ignore(run(s.argv, env)) : run(s.argv, env)
  }
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0]!

export const applyPlan = (plan: Plan, env: Readonly<Record<string, string | undefined>>): Effect.Effect<void, string> =>
  Effect.forEach(plan, (s) => step(s, env), { discard: true })
