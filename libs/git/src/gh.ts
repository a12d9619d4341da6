/**
 * Running GitHub's CLI, bounded like git (time, output), never prompting, and reading only its
 * documented `--json` shapes (gh 2.x: `pr view --json number,state,reviewDecision,headRefName,
 * statusCheckRollup,…`, `pr checks --json name,state,link`, `pr list --json …`). Its failures are
 * sorted into the few a person can act on — not installed, not logged in, no GitHub remote, rate
 * limited, unreachable — each one line. gh keeps its own token; lich never sees or passes one.
 */

import { spawn } from "node:child_process"
import { Data, Effect } from "effect"

/** 20 s: one API round trip on a slow link; a card's figure can wait for the next read after that. */
export const GH_TIMEOUT_MS = 20_000
const MAX_GH_BYTES = 4 * 1024 * 1024

export type GhReason = "missing" | "logged-out" | "no-remote" | "rate-limited" | "network" | "no-pr" | "failed"

export class GhFailed extends Data.TaggedError("GhFailed")<{ readonly reason: GhReason; readonly detail: string }> {}

/** gh's words, sorted: each pattern is the message gh prints for that case. */
export const reasonOf = (stderr: string): GhReason => {
  if (/not logged in|gh auth login|authentication required|HTTP 401/i.test(stderr)) return "logged-out"
  if (/no git remotes|none of the git remotes|not a git repository|could not determine base repo/i.test(stderr)) return "no-remote"
  if (/rate limit/i.test(stderr)) return "rate-limited"
  if (/error connecting|could not resolve host|network|timeout|i\/o timeout|connection refused/i.test(stderr)) return "network"
  if (/no pull requests? found|no open pull requests/i.test(stderr)) return "no-pr"
  return "failed"
}

const lastLine = (s: string) =>
  s
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .at(0) ?? ""

export interface GhRan {
  readonly stdout: string
  readonly code: number
}

/** One gh call; `ok` lists exit codes that still carry an answer (pr checks: 1 failing, 8 pending). */
export const runGh = (
  cwd: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
  ok: ReadonlyArray<number> = []
) =>
  Effect.async<GhRan, GhFailed>((resume) => {
    const child = spawn("gh", [...args], {
      cwd,
      env: { ...env, GH_PROMPT_DISABLED: "1", GH_NO_UPDATE_NOTIFIER: "1", NO_COLOR: "1", GH_SPINNER_DISABLED: "1", LC_ALL: "C" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let out = ""
    let err = ""
    let over: string | undefined
    const timer = setTimeout(() => {
      over = `gh did not answer within ${GH_TIMEOUT_MS / 1000} s`
      child.kill("SIGKILL")
    }, GH_TIMEOUT_MS)
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString("utf8")
      if (out.length > MAX_GH_BYTES) {
        over = "gh printed more than lich reads"
        child.kill("SIGKILL")
      }
    })
    child.stderr.on("data", (b: Buffer) => {
      if (err.length < 64 * 1024) err += b.toString("utf8")
    })
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      resume(
        Effect.fail(
          new GhFailed({
            reason: e.code === "ENOENT" ? "missing" : "failed",
            detail: e.code === "ENOENT" ? "gh is not installed" : e.message
          })
        )
      )
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      if (over !== undefined) return resume(Effect.fail(new GhFailed({ reason: "network", detail: over })))
      if (code === 0 || (code !== null && ok.includes(code) && out.trim() !== ""))
        return resume(Effect.succeed({ stdout: out, code: code ?? 0 }))
      const said = err.trim() !== "" ? err : out
      resume(Effect.fail(new GhFailed({ reason: reasonOf(said), detail: lastLine(said) || `gh ${args[0] ?? ""} exited with ${code}` })))
    })
    return Effect.sync(() => {
      clearTimeout(timer)
      child.kill("SIGKILL")
    })
  })

export const parseJson = <A>(s: string, what: string) =>
  Effect.try({
    try: () => JSON.parse(s) as A,
    catch: () => new GhFailed({ reason: "failed", detail: `gh answered ${what} with something that is not JSON` })
  })

/** `gh pr checks` states, sorted as gh's own `bucket` field sorts them. */
export const bucketOf = (state: string): "pass" | "fail" | "pending" | "skipping" | "cancel" => {
  switch (state.toUpperCase()) {
    case "SUCCESS":
    case "PASS":
    case "NEUTRAL":
      return "pass"
    case "SKIPPED":
    case "SKIPPING":
      return "skipping"
    case "CANCELLED":
    case "CANCEL":
      return "cancel"
    case "PENDING":
    case "QUEUED":
    case "IN_PROGRESS":
    case "WAITING":
    case "REQUESTED":
    case "EXPECTED":
      return "pending"
    default:
      return "fail"
  }
}

/** `gh auth status`: the account it names ("Logged in to github.com account X" or, older, "as X"). */
export const accountOf = (said: string): string =>
  /Logged in to (\S+) (?:account|as) (\S+)/.exec(said)?.slice(1, 3).join(" as ") ?? "logged in"

/** The `gh pr view --json` / `gh pr list --json` fields lich reads. */
export interface PrJson {
  readonly number: number
  readonly state: string
  readonly reviewDecision?: string | null
  readonly headRefName: string
  readonly title?: string
  readonly url?: string
  readonly isDraft?: boolean
}
