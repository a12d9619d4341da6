/**
 * Failing checks for the agent: each one's name, its link and the tail of its log. A GitHub Actions
 * job's log is read with `gh run view --job <id> --log-failed` (the job id is in the check's link);
 * any other check has no log gh can read, and says so. Tails are cut so the whole prompt fits.
 */
import { PrCheck, PrChecks, Read } from "@lich/contract"
import { Effect } from "effect"
import { bucketOf, type GhFailed, type GhRan, parseJson } from "./gh.js"

interface CheckJson {
  readonly name: string
  readonly state: string
  readonly link?: string
}

type GhCall = (args: ReadonlyArray<string>, ok?: ReadonlyArray<number>) => Effect.Effect<GhRan, GhFailed>

/** `gh pr checks <n> --json name,state,link`, failing ones first; exit 1 (failed) and 8 (pending) still carry the JSON. */
export const checksOf = (gh: GhCall, n: number, at: number) =>
  Effect.gen(function* () {
    const ran = yield* gh(["pr", "checks", String(n), "--json", "name,state,link"], [1, 8])
    const rows = yield* parseJson<ReadonlyArray<CheckJson>>(ran.stdout, "pr checks")
    const checks = rows
      .map((c) => new PrCheck({ name: c.name, state: c.state, link: c.link ?? "", bucket: bucketOf(c.state) }))
      .sort((a, b) => Number(b.bucket === "fail") - Number(a.bucket === "fail"))
    const count = (k: PrCheck["bucket"]) => checks.filter((c) => c.bucket === k).length
    return new PrChecks({
      passed: count("pass"),
      failed: count("fail") + count("cancel"),
      pending: count("pending"),
      skipped: count("skipping"),
      checks,
      read: new Read({ source: "gh", at, stale: false, error: "" })
    })
  })

/** 30 lines and 1200 bytes a check: the error and what led to it; the link has the rest. */
const TAIL_LINES = 30
const TAIL_BYTES = 1200

export const jobOf = (link: string): string | undefined => /\/actions\/runs\/\d+\/job\/(\d+)/.exec(link)?.[1]

export const tailOf = (log: string): string => {
  const lines = log
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(-TAIL_LINES)
  let text = lines.join("\n")
  if (text.length > TAIL_BYTES) text = `…${text.slice(text.length - TAIL_BYTES)}`
  return text
}

export const logTail = (gh: GhCall, c: PrCheck) => {
  const job = jobOf(c.link)
  if (job === undefined) return Effect.succeed(`(no log lich can read: ${c.link || "no link"})`)
  return gh(["run", "view", "--job", job, "--log-failed"]).pipe(
    Effect.map((r) => tailOf(r.stdout) || "(the log is empty)"),
    Effect.catchAll((e) => Effect.succeed(`(its log could not be read: ${e.detail})`))
  )
}

export const checksPrompt = (n: number, failing: ReadonlyArray<PrCheck>, tails: ReadonlyArray<string>) =>
  [
    `Pull request #${n} has ${failing.length} failing check${failing.length === 1 ? "" : "s"}. Fix them, push, and reply with what was wrong.`,
    "",
    ...failing.flatMap((c, i) => [`${i + 1}. ${c.name} (${c.state}) ${c.link}`, "```", tails[i] ?? "", "```", ""])
  ].join("\n")
