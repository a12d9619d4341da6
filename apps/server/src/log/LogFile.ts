/**
 * The backend's log: <config dir>/lich.log (lich-dev.log under LICH_DEV), 0600, one logfmt line per
 * Effect log call, so every `Effect.logWarning` anywhere in the backend lands here. The token is
 * masked on the way in (libs/doctor redact), by value and by the `token=` shape, so the file can go
 * into a bug report as it is. A log that will not open leaves lich on the default (stderr) logger —
 * the log is for diagnosis, never a reason not to start.
 *
 * Rotation: past 5 MiB the file becomes lich.log.old (replacing the previous one) and a new one is
 * started — checked at open and on every write, because a backend runs for weeks. 5 MiB because
 * `lich rage` carries the last 4 MiB of each file: the current one nearly whole, and the two
 * together bound what lich keeps on disk at 10 MiB.
 */

import * as fs from "node:fs"
import { redact } from "@lich/doctor/redact"
import { Effect, FiberRef, HashSet, Layer, Logger, LogLevel } from "effect"

export const ROTATE_BYTES = 5 * 1024 * 1024

/** 0600: a log can carry paths, project and branch names. */
const FILE_MODE = 0o600

export interface LogSink {
  readonly write: (line: string) => void
  readonly close: () => void
}

/** Appends lines to `file`, rotating to `file.old` past `limit` bytes. Throws when the file will not open. */
export const openLog = (file: string, limit: number = ROTATE_BYTES): LogSink => {
  let fd = -1
  let size = 0
  const open = () => {
    fd = fs.openSync(file, "a", FILE_MODE)
    fs.fchmodSync(fd, FILE_MODE)
    size = fs.fstatSync(fd).size
  }
  const rotate = () => {
    fs.closeSync(fd)
    fs.renameSync(file, `${file}.old`)
    open()
  }
  open()
  if (size >= limit) rotate()
  return {
    write: (line) => {
      const bytes = Buffer.from(line.endsWith("\n") ? line : `${line}\n`, "utf8")
      if (size > 0 && size + bytes.length > limit) rotate()
      fs.writeSync(fd, bytes)
      size += bytes.length
    },
    close: () => fs.closeSync(fd)
  }
}

const LEVELS: Readonly<Record<string, LogLevel.LogLevel>> = {
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  warning: LogLevel.Warning,
  error: LogLevel.Error
}

/** LICH_LOG_LEVEL (debug, info, warn, error); info when unset or unknown. */
export const levelOf = (value: string | undefined): LogLevel.LogLevel => LEVELS[(value ?? "").trim().toLowerCase()] ?? LogLevel.Info

/**
 * Effect's logger, replaced by one writing to `file` with `token` masked, for as long as the
 * layer's scope lives. Falls back to the default logger (and says so on stderr) when the file
 * will not open.
 */
export const LogFileLive = (file: string, token: string, level: LogLevel.LogLevel = LogLevel.Info): Layer.Layer<never> =>
  Layer.unwrapScoped(
    Effect.gen(function* () {
      const sink = yield* Effect.acquireRelease(Effect.try(() => openLog(file)).pipe(Effect.option), (s) =>
        Effect.sync(() => s._tag === "Some" && s.value.close())
      )
      if (sink._tag === "None") {
        yield* Effect.sync(() => process.stderr.write(`lich: ${file} will not open; logging to stderr only\n`))
        return Logger.minimumLogLevel(level)
      }
      const logger = Logger.map(Logger.logfmtLogger, (line) => {
        try {
          sink.value.write(redact(line, [token]))
        } catch {
          // A full disk must not take a session down with it; the line is lost, lich runs on.
        }
      })
      // runMain swaps the default logger for its pretty one; both are replaced, so a line goes to the file only.
      const toFile = Layer.scopedDiscard(
        Effect.locallyScopedWith(FiberRef.currentLoggers, (set) =>
          set.pipe(HashSet.remove(Logger.defaultLogger), HashSet.remove(Logger.prettyLoggerDefault), HashSet.add(logger))
        )
      )
      return Layer.merge(toFile, Logger.minimumLogLevel(level))
    })
  )
