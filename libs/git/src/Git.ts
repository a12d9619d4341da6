/**
 * Every git process the dock and landing run, bounded three ways: in time (killed at the timeout),
 * in output (killed once stdout passes its cap, so a 200 MB blob can never be buffered), and in
 * number (a few at once for the whole backend, so twenty busy sessions queue instead of forking
 * twenty gits on two cores). argv only, never a shell string; no prompt (a credential question would
 * hang); LC_ALL=C so git's words read the same everywhere. Output stays bytes: paths and file
 * contents need not be UTF-8.
 */

import { spawn } from "node:child_process"
import { gitDetail } from "@lich/spawn"
import { Context, Data, Effect, Layer } from "effect"

/** 10 s: a read of a large checkout's status on a loaded machine takes well under 2 s here. */
export const READ_TIMEOUT_MS = 10_000
/** 60 s: a push or a fetch over a slow link; a landing action is rare and a person is waiting on it. */
export const NETWORK_TIMEOUT_MS = 60_000
/** 8 MiB: a numstat of tens of thousands of files; a file's text is capped lower (content.ts). */
export const MAX_OUTPUT_BYTES = 8 * 1024 * 1024
/** 3: two cores; one git reading while another waits on the disk, and one left for an action. */
export const CONCURRENT_GITS = 3

export class GitFailed extends Data.TaggedError("GitFailed")<{
  readonly args: ReadonlyArray<string>
  readonly code: number | string
  /** git's stderr, trimmed */
  readonly stderr: string
}> {
  /** One line, worded as the workspace's git errors are (gitDetail). */
  get detail(): string {
    return gitDetail(this.args, this.code, this.stderr)
  }
}

export interface RunOptions {
  /** bytes for git's stdin */
  readonly input?: string | Buffer
  readonly timeoutMs?: number
  readonly maxBytes?: number
  /** exit codes that are answers, not failures (merge-tree's 1 = conflicts) */
  readonly ok?: ReadonlyArray<number>
  readonly env?: Readonly<Record<string, string>>
}

export interface Ran {
  readonly stdout: Buffer
  readonly stderr: string
  readonly code: number
}

export interface GitShape {
  readonly run: (cwd: string, args: ReadonlyArray<string>, o?: RunOptions) => Effect.Effect<Ran, GitFailed>
  /** stdout as UTF-8 text (for git's own words and ref names, never file contents) */
  readonly text: (cwd: string, args: ReadonlyArray<string>, o?: RunOptions) => Effect.Effect<string, GitFailed>
  /** git's version as [major, minor], read once; [0, 0] when git does not answer */
  readonly version: Effect.Effect<readonly [number, number]>
  /** how many git processes this backend has started: the bench's figure */
  readonly started: Effect.Effect<number>
}

/** One process, bounded; what the service runs under its semaphore. */
export const runGit = (cwd: string, args: ReadonlyArray<string>, o: RunOptions = {}) =>
  Effect.async<Ran, GitFailed>((resume) => {
    const timeoutMs = o.timeoutMs ?? READ_TIMEOUT_MS
    const maxBytes = o.maxBytes ?? MAX_OUTPUT_BYTES
    const child = spawn("git", [...args], {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C", ...o.env },
      stdio: ["pipe", "pipe", "pipe"]
    })
    const out: Array<Buffer> = []
    let size = 0
    let err = ""
    let over: string | undefined
    const kill = (why: string) => {
      over ??= why
      child.kill("SIGKILL")
    }
    const timer = setTimeout(() => kill(`timed out after ${timeoutMs / 1000} s`), timeoutMs)
    child.stdout.on("data", (b: Buffer) => {
      size += b.length
      if (size > maxBytes) return kill(`printed more than ${maxBytes} bytes`)
      out.push(b)
    })
    child.stderr.on("data", (b: Buffer) => {
      if (err.length < 64 * 1024) err += b.toString("utf8")
    })
    child.on("error", (e) => {
      clearTimeout(timer)
      resume(Effect.fail(new GitFailed({ args, code: "spawn", stderr: e.message })))
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      const stderr = over ?? err.trim()
      if (over === undefined && code !== null && (code === 0 || (o.ok ?? []).includes(code))) {
        return resume(Effect.succeed({ stdout: Buffer.concat(out), stderr, code }))
      }
      resume(Effect.fail(new GitFailed({ args, code: code ?? "killed", stderr })))
    })
    child.stdin.on("error", () => {})
    child.stdin.end(o.input ?? "")
    return Effect.sync(() => {
      clearTimeout(timer)
      child.kill("SIGKILL")
    })
  })

const parseVersion = (s: string): readonly [number, number] => {
  const m = /git version (\d+)\.(\d+)/.exec(s)
  return m ? [Number(m[1]), Number(m[2])] : [0, 0]
}

export class Git extends Context.Tag("lich/git/Git")<Git, GitShape>() {
  static readonly layer = Layer.effect(
    Git,
    Effect.gen(function* () {
      const permits = yield* Effect.makeSemaphore(CONCURRENT_GITS)
      let started = 0
      const run = (cwd: string, args: ReadonlyArray<string>, o?: RunOptions) =>
        permits
          .withPermits(1)(
            Effect.suspend(() => {
              started += 1
              return runGit(cwd, args, o)
            })
          )
          .pipe(Effect.withSpan("git", { attributes: { args: args.slice(0, 3).join(" ") } }))
      const version = yield* Effect.cached(
        runGit(process.cwd(), ["version"]).pipe(
          Effect.map((r) => parseVersion(r.stdout.toString("utf8"))),
          Effect.orElseSucceed(() => [0, 0] as const)
        )
      )
      return Git.of({
        run,
        text: (cwd, args, o) => Effect.map(run(cwd, args, o), (r) => r.stdout.toString("utf8")),
        version,
        started: Effect.sync(() => started)
      })
    })
  )
}

/** merge-tree --write-tree arrived in git 2.38: older gits cannot say whether a merge conflicts. */
export const mergeTreeWorks = (v: readonly [number, number]): boolean => v[0] > 2 || (v[0] === 2 && v[1] >= 38)
