/**
 * CLI argument fuzz: 520 generated command lines (seeded: a failure names its seed and its argv, and
 * re-runs the same) against a real backend. Whatever the line, the CLI answers within its deadline
 * with an exit code of the contract (0–3); a failure is exactly one `lich: …` line on stderr; no
 * control character and no stack trace reaches the terminal. Lines that would end the backend, open
 * a browser or wait on stdin forever (quit, native, mcp, app launches with a window) are not
 * generated; everything else is, with names and flags a person or an agent could type by mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, startBackend } from "../harness.js"
import { CONTROL, lichWithin, type Prng, pool, prng, STACK } from "./faultHarness.js"

const SEED = 0x11c4_2026
const LINES = 520
/** 3 at a time: each line is a node process of ~100 ms of CPU, on two shared cores. */
const CONCURRENCY = 3
/** 20 s: two hundred times a cold call; a line still running then is hung. */
const DEADLINE_MS = 20_000
/**
 * 300 s for the whole run. The lines cost ~100 ms of CPU each (a node start and the CLI bundle), so
 * ~52 s of CPU: ~30 s on two idle cores, 99 s measured at load average 6, past 120 s at 12 (other
 * suites sharing the machine). Hangs are caught per line by DEADLINE_MS, not by this.
 */
const FUZZ_BUDGET_MS = 300_000

const VERBS = [
  "sessions",
  "whoami",
  "send",
  "wait",
  "reply",
  "insert",
  "focus",
  "open",
  "close",
  "rename",
  "worktrees",
  "folders",
  "file",
  "rename-folder",
  "color-folder",
  "theme",
  "version",
  "help"
]
const UNKNOWN_VERBS = [
  "sesions",
  "snd",
  "xyzzy",
  "Send",
  "",
  " ",
  "\u001b[2J",
  "a\nb",
  "日本",
  "--help",
  "-h",
  "--version",
  "--frobnicate=1"
]
const KNOWN_FLAGS = ["--json", "--private", "--no-wait", "--ultracode", "--force", "--help"]
const VALUED_FLAGS = [
  "--project",
  "--timeout",
  "--kind",
  "--session",
  "--worktree",
  "--base",
  "--folder",
  "--model",
  "--effort",
  "--prompt"
]
const UNKNOWN_FLAGS = ["--bogus", "--bogus=1", "--json=3", "--timeout=abc", "--project=", "-x", "-", "--", "---", "--no"]
const WORDS = [
  "x",
  "no-such-session",
  "a b",
  "deadbeef",
  "00000000",
  "0",
  "-1",
  "99999999999999999999",
  "1e3",
  "NaN",
  "/abs/path/nowhere",
  "relative/path",
  "",
  " ",
  "\t",
  "line\nbreak",
  "cr\rreturn",
  "\u001b[2J",
  "\u001b]0;title\u0007",
  "bell\u0007",
  "csi\u009b31m",
  "del\u007f",
  "soh\u0001x",
  "日本語",
  "é",
  "🙂",
  "'",
  '"',
  "\\",
  "$(id)",
  "`id`",
  "%s%n",
  "x".repeat(300),
  "--",
  "-",
  "red",
  "claude",
  "shell",
  "keep",
  "remove"
]

const line = (r: Prng): Array<string> => {
  const argv: Array<string> = [r.chance(0.08) ? r.pick(UNKNOWN_VERBS) : r.pick(VERBS)]
  if (argv[0] === "help" || argv[0]!.startsWith("-")) {
    if (r.chance(0.7)) argv.push(r.pick([...VERBS, ...UNKNOWN_VERBS, ...WORDS]))
    return argv
  }
  const n = r.int(6)
  for (let i = 0; i < n; i++) {
    const roll = r.next()
    if (roll < 0.45) argv.push(r.pick(WORDS))
    else if (roll < 0.6) argv.push(r.pick(KNOWN_FLAGS))
    else if (roll < 0.8) argv.push(r.pick(VALUED_FLAGS), ...(r.chance(0.85) ? [r.pick(WORDS)] : []))
    else argv.push(r.pick(UNKNOWN_FLAGS))
  }
  return argv
}

/** What is wrong with one answer, or "" when it keeps every promise. */
const verdict = (code: number, stdout: string, stderr: string, hung: boolean): string => {
  if (hung) return "hung"
  if (![0, 1, 2, 3].includes(code)) return `exit ${code}`
  if (STACK.test(stdout + stderr)) return "stack trace"
  if (CONTROL.test(stderr) || CONTROL.test(stdout)) return "control character"
  if (code !== 0) {
    const lines = stderr.replace(/\n$/, "").split("\n")
    if (lines.length !== 1 || !lines[0]!.startsWith("lich: "))
      return `stderr of ${lines.length} lines: ${JSON.stringify(stderr.slice(0, 200))}`
  }
  return ""
}

let b: Backend
beforeAll(async () => {
  b = await startBackend()
})
afterAll(() => b.stop())

describe(`${LINES} generated command lines (seed ${SEED.toString(16)})`, () => {
  it(
    "each answers in time with a contract exit code, one clean line on failure, no stack, no control characters",
    async () => {
      const r = prng(SEED)
      const lines = Array.from({ length: LINES }, () => line(r))
      const started = Date.now()
      const runs = await pool(
        CONCURRENCY,
        lines.map((argv) => () => lichWithin(argv, b.env, DEADLINE_MS))
      )
      const failures = runs.flatMap((run, i) => {
        const why = verdict(run.code, run.stdout, run.stderr, run.hung)
        return why === "" ? [] : [`${JSON.stringify(lines[i])}: ${why}`]
      })
      const codes: Record<number, number> = {}
      for (const run of runs) codes[run.code] = (codes[run.code] ?? 0) + 1
      const slowest = Math.max(...runs.map((run) => run.ms))
      console.log(`cli fuzz: ${LINES} lines in ${Date.now() - started} ms (slowest ${slowest} ms), exit codes ${JSON.stringify(codes)}`)
      expect(failures).toEqual([])
      // The backend is the same process after all of it, and still answers.
      expect(b.process.exitCode).toBe(null)
      expect((await b.lich(["sessions", "--json"])).code).toBe(0)
    },
    FUZZ_BUDGET_MS
  )
})
