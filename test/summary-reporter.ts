/**
 * Ends the run with one plain line, `tests: N passed, N failed`, a form any CI log reader
 * understands, after vitest's own summary.
 */
import type { RunnerTask, RunnerTestFile } from "vitest"
import type { Reporter } from "vitest/reporters"

const count = (tasks: ReadonlyArray<RunnerTask>, into: { passed: number; failed: number; skipped: number }) => {
  for (const t of tasks) {
    if (t.type === "suite") count(t.tasks, into)
    else if (t.result?.state === "pass") into.passed++
    else if (t.result?.state === "fail") into.failed++
    else into.skipped++
  }
}

export default class SummaryReporter implements Reporter {
  onFinished(files: ReadonlyArray<RunnerTestFile> = []): void {
    const n = { passed: 0, failed: 0, skipped: 0 }
    count(files, n)
    process.stdout.write(`\ntests: ${n.passed} passed, ${n.failed} failed${n.skipped > 0 ? `, ${n.skipped} skipped` : ""}\n`)
  }
}
