/**
 * Entry of the server bundle (dist/server.cjs), loaded by the CLI for app launches. Runs the
 * backend under NodeRuntime.runMain so SIGINT/SIGTERM end it the same way `lich quit` does.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Cause, Effect } from "effect"
import { program, type AppOptions } from "./main.js"

export const startApp = (o: AppOptions): void => {
  NodeRuntime.runMain(
    program(o).pipe(
      Effect.catchAllCause((cause) =>
        Effect.sync(() => {
          const failure = Cause.failureOption(cause)
          const message =
            failure._tag === "Some" && typeof (failure.value as { message?: unknown }).message === "string"
              ? (failure.value as { message: string }).message
              : Cause.pretty(cause)
          process.stderr.write(`lich: ${message}\n`)
          process.exitCode = 1
        })
      )
    ),
    { disableErrorReporting: true }
  )
}
