/**
 * A reader that went away (`lich sessions | head -1`, `| true`) is not a failure of the command: the
 * rest of its output has nowhere to go, so it is dropped and the command ends with its own exit code
 * instead of an unhandled EPIPE stack. Used by both entries: bin.ts, and fast/bin.ts when it answers
 * itself (when it hands over, the CLI bundle's bin.ts installs it instead).
 */
export const ignoreEpipe = (): void => {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e
    })
  }
}
