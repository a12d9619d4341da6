/**
 * Entry of the server bundle (dist/server.cjs), loaded by the CLI for app launches. Runs the
 * backend under NodeRuntime.runMain so SIGINT/SIGTERM end it the same way `lich quit` does.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Effect } from "effect"
import { type AppOptions, program } from "./main.js"

/** A defect is still one line: its message, never a stack. */
const defectLine = (cause: Cause.Cause<unknown>): string => {
  const e = Cause.squash(cause)
  return `lich failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`
}

export const startApp = (o: AppOptions): void => {
  NodeRuntime.runMain(
    program(o).pipe(
      Effect.catchAllCause((cause) =>
        Effect.sync(() => {
          const failure = Cause.failureOption(cause)
          const message =
            failure._tag === "Some" && typeof (failure.value as { message?: unknown }).message === "string"
              ? (failure.value as { message: string }).message
              : defectLine(cause)
          process.stderr.write(`lich: ${message}\n`)
          process.exitCode = 1
        })
      )
    ),
    { disableErrorReporting: true }
  )
}
