/**
 * Running git for the workspace: execFile with an argv (never a shell string, so a branch name is
 * never parsed as syntax), no terminal prompt (a credential question would hang the open), and a
 * timeout (a fetch from a dead remote must not hold the spawn lock forever).
 */

import { execFile } from "node:child_process"
import * as fs from "node:fs"
import { Data, Effect } from "effect"

/** 30 s: a fetch of one branch over a slow link; under the CLI's 60 s budget for open/close. */
export const GIT_TIMEOUT_MS = 30_000

export class GitError extends Data.TaggedError("GitError")<{
  readonly args: ReadonlyArray<string>
  readonly code: number | string
  /** git's own last words (stderr, trimmed): what a person reads. */
  readonly stderr: string
}> {
  get detail(): string {
    return gitDetail(this.args, this.code, this.stderr)
  }
}

/**
 * One line of what git said, for a person: its fatal/error line when it printed one (its progress
 * chatter dropped), else its last line, else which git exited how. Both git runners' errors read
 * through it (this one for the workspace, libs/git's for the dock), so they word a failure alike.
 */
export const gitDetail = (args: ReadonlyArray<string>, code: number | string, stderr: string): string => {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
  return lines.find((l) => /^(fatal|error):/.test(l)) ?? lines.at(-1) ?? `git ${args[0] ?? ""} exited with ${code}`
}

export const git = (cwd: string, args: ReadonlyArray<string>, timeoutMs = GIT_TIMEOUT_MS) =>
  Effect.async<string, GitError>((resume) => {
    const child = execFile(
      "git",
      [...args],
      {
        cwd,
        timeout: timeoutMs,
        killSignal: "SIGKILL",
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", LC_ALL: "C" }
      },
      (err, stdout, stderr) => {
        if (err === null) return resume(Effect.succeed(String(stdout)))
        const code = (err as NodeJS.ErrnoException & { code?: number | string }).code ?? "failed"
        const text = String(stderr).trim() || (err.killed ? `timed out after ${timeoutMs / 1000} s` : err.message)
        resume(Effect.fail(new GitError({ args, code, stderr: text })))
      }
    )
    return Effect.sync(() => child.kill("SIGKILL"))
  }).pipe(Effect.withSpan("git", { attributes: { args: args.join(" ") } }))

/** Whether git answers 0: for questions such as "does this ref exist". */
export const gitOk = (cwd: string, args: ReadonlyArray<string>) =>
  git(cwd, args).pipe(
    Effect.as(true),
    Effect.catchAll(() => Effect.succeed(false))
  )

/**
 * Whether git failed in `dir` only because there is no repository to read there: the directory is
 * gone, or git takes it for no work tree. The callers that ask have a right answer for that case
 * (no work to protect, no git directory to open up); every other failure is theirs to report.
 */
export const noRepositoryAt = (dir: string, e: GitError): boolean => !fs.existsSync(dir) || /not a git repository/.test(e.stderr)
