/**
 * Runs one command through @effect/cli against the backend found through the environment or
 * runtime.json, and turns every failure into one `lich: …` line and an exit code from the one
 * table. bin.ts require()s this module only when argv names a command, so help, refusals and app
 * launches never evaluate Effect; the command's own module is required from the table the same way.
 * What lich bends in @effect/cli to get there (plain output, one line per failure, the right flag
 * named) lives in effectCli.ts, with the reasons. Deep imports (`effect/Effect`, not `effect`): an index import keeps every export of the
 * namespace alive, which roughly doubled the effect part of the bundle (docs/ceilings.md).
 */
import * as CliConfig from "@effect/cli/CliConfig"
import * as Command from "@effect/cli/Command"
import * as Terminal from "@effect/platform/Terminal"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as HashMap from "effect/HashMap"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { table } from "./commands/index.js"
import {
  type AnyCommand,
  clearerUsage,
  commandHelp,
  FLAG_TOKEN,
  flagZone,
  isCliValidation,
  unknownFlag,
  unknownFlagError,
  usageOf,
  validationText,
  wantsHelp,
  withoutCliErrorPrinting,
  withPlainStdout
} from "./effectCli.js"
import { type ExitTag, exitCodeFor, isExitTag } from "./exitCodes.js"
import { LichClient } from "./layers.js"
import { failLine } from "./output.js"
import { subcommandRefusal } from "./subcommands.js"
import { Usage as UsageError } from "./usage.js"

/**
 * NodeTerminal, built on first use. Building it touches process.stdin (a stream set up for nothing,
 * several ms of every cold call) and opens readline, while only prompts read input, and no command
 * prompts today. The node one is made in the layer's scope the first time input is read.
 */
const lazyTerminal = Layer.scoped(
  Terminal.Terminal,
  Effect.gen(function* () {
    const scope = yield* Effect.scope
    const node = yield* Effect.cached(Scope.extend(NodeTerminal.make(), scope))
    return Terminal.Terminal.of({
      columns: Effect.sync(() => process.stdout.columns ?? 0),
      rows: Effect.sync(() => process.stdout.rows ?? 0),
      isTTY: Effect.sync(() => Boolean(process.stdout.isTTY)),
      readInput: Effect.flatMap(node, (t) => t.readInput),
      readLine: Effect.flatMap(node, (t) => t.readLine),
      display: (text) => Effect.flatMap(node, (t) => t.display(text))
    })
  })
)

// The commands' types are erased in the table (AnyCommand), so the compiler cannot see that they
// need LichClient: it is provided here for all of them.
const environment = Layer.mergeAll(
  NodeFileSystem.layer,
  NodePath.layer,
  lazyTerminal,
  CliConfig.layer({ showBuiltIns: false }),
  LichClient.nodeHttp
)

const runCommand = (name: string, args: ReadonlyArray<string>, version: string) => {
  const entry = table.find((c) => c.name === name)!
  // A row's command is a thunk requiring its module (commands/index.ts); a plain Command is taken too.
  const row = entry.command as unknown
  const command = (typeof row === "function" ? row() : row) as AnyCommand
  if (wantsHelp(args)) return Effect.sync(() => void process.stdout.write(`${commandHelp(command)}\n`))
  // A plain command answers getSubcommands with itself; only a group has others.
  const subs = [...HashMap.keys(Command.getSubcommands(command))].filter((s) => s !== name)
  const refused = subcommandRefusal(name, subs, args)
  if (refused !== undefined) return Effect.fail(new UsageError({ message: refused }))
  // @effect/cli takes an unknown `--word` or `--word=value` as a positional (`rename S --bogus=1`
  // renamed to "--bogus=1"), so a flag-shaped word the command does not take is refused up front.
  const stray = flagZone(args).some((a) => FLAG_TOKEN.test(a)) ? unknownFlag(usageOf(command), args) : undefined
  if (stray !== undefined) return Effect.fail(unknownFlagError(name, stray))
  const root = Command.make("lich").pipe(Command.withSubcommands([command]))
  const cli = Command.run(root, { name: "lich", version, executable: "lich" })
  // Only a command line @effect/cli refused is examined again, so the happy path pays nothing.
  return Effect.catchIf(
    cli(["node", "lich", name, ...args]),
    (e) => messageOf(e).tag === "Usage",
    (e) => Effect.fail(clearerUsage(command, name, args) ?? e)
  )
}

/**
 * A failure's line and its row in the exit-code table. A tag the table does not name (a platform
 * error, a library's own) is a failure outside the contract's vocabulary: `Failed`, said here rather
 * than defaulted inside the table.
 */
const messageOf = (error: unknown): { tag: ExitTag; message: string } => {
  if (isCliValidation(error)) return { tag: "Usage", message: validationText(error) }
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

/** Runs `lich <name> <args…>`; bin.ts has already checked that `name` is in the table. */
export const run = (name: string, args: ReadonlyArray<string>, version: string) => {
  const program = withoutCliErrorPrinting(withPlainStdout(runCommand(name, args, version))).pipe(Effect.provide(environment))
  Effect.runPromiseExit(program).then((exit) => {
    if (Exit.isSuccess(exit)) return
    const failure = Cause.failureOption(exit.cause)
    const { tag, message } =
      failure._tag === "Some" ? messageOf(failure.value) : { tag: "Failed" as const, message: defectLine(exit.cause) }
    Effect.runSync(failLine(message))
    process.exitCode = exitCodeFor(tag)
  })
}
