/**
 * Runs a command whose handler returns an Effect, against the backend found through the environment
 * or runtime.json, and turns every failure into one `lich: …` line and an exit code from the one
 * table. bin.ts require()s this module only for such a command, so help, refusals and the plain
 * commands never evaluate Effect. Deep imports (`effect/Effect`, not `effect`): an index import
 * keeps every export of the namespace alive (docs/ceilings.md).
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { type ExitTag, exitCodeFor, isExitTag } from "./exitCodes.js"
import { LichClient } from "./layers.js"
import { failLine } from "./output.js"
import type { Values } from "./spec.js"

/** What every command may need: the backend, and the file system some of them read. */
const environment = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, LichClient.nodeHttp)

/**
 * A failure's line and its row in the exit-code table. A tag the table does not name (a platform
 * error, a library's own) is a failure outside the contract's vocabulary: `Failed`, said here rather
 * than defaulted inside the table.
 */
const messageOf = (error: unknown): { tag: ExitTag; message: string } => {
  if (error && typeof error === "object") {
    const e = error as { _tag?: unknown; message?: unknown }
    const tag = typeof e._tag === "string" && isExitTag(e._tag) ? e._tag : "Failed"
    if (typeof e.message === "string") return { tag, message: e.message }
  }
  return { tag: "Failed", message: String(error) }
}

/** A defect (a bug, or a throw no one typed) is still one line: its message, never its stack. */
const defectLine = (cause: Cause.Cause<unknown>): string => {
  const e = Cause.squash(cause)
  return `lich failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`
}

/** The handler's Effect; its requirements are erased in the table (spec.ts) and provided here. */
type Handler = (v: Values) => unknown

/** Runs one parsed command line through its handler. */
export const run = (handler: Handler, values: Values) => {
  const program = Effect.suspend(() => handler(values) as Effect.Effect<unknown, unknown, LichClient>).pipe(Effect.provide(environment))
  Effect.runPromiseExit(program).then((exit) => {
    if (Exit.isSuccess(exit)) return
    const failure = Cause.failureOption(exit.cause)
    const { tag, message } =
      failure._tag === "Some" ? messageOf(failure.value) : { tag: "Failed" as const, message: defectLine(exit.cause) }
    Effect.runSync(failLine(message))
    process.exitCode = exitCodeFor(tag)
  })
}
