/**
 * Runs one command through @effect/cli against the backend found through the environment or
 * runtime.json, and turns every failure into one `lich: …` line and an exit code from the one
 * table. bin.ts require()s this module only when argv names a command, so help, refusals and app
 * launches never evaluate Effect; the command's own module is required from the table the same way.
 * Deep imports (`effect/Effect`, not `effect`): an index import keeps every export of the
 * namespace alive, which roughly doubled the effect part of the bundle (docs/ceilings.md).
 */
import * as CliConfig from "@effect/cli/CliConfig"
import * as Command from "@effect/cli/Command"
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as Usage from "@effect/cli/Usage"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import * as Terminal from "@effect/platform/Terminal"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as HashMap from "effect/HashMap"
import { table } from "./commands/index.js"
import { subcommandRefusal } from "./subcommands.js"
import { exitCodeFor } from "./exitCodes.js"
import { Usage as UsageError } from "./usage.js"
import { failLine, plain, stripAnsi } from "./output.js"
import { quote } from "./safeText.js"

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

const environment = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, lazyTerminal, CliConfig.layer({ showBuiltIns: false }))

/** @effect/cli describes every primitive in words that carry nothing for a reader of `--help`. */
const HELP_BOILERPLATE = new Set(["A user-defined piece of text.", "An integer.", "A true or false value.", "This setting is optional."])

/** `lich <command> --help`: generated from the flags the command parses, without the boilerplate. */
type AnyCommand = Command.Command<string, never, unknown, unknown>

/** The command's usage line as @effect/cli generates it, e.g. `send [--project text] … <prompt>`. */
const usageOf = (command: AnyCommand): string => stripAnsi(HelpDoc.toAnsiText(Usage.getHelp(Command.getUsage(command)))).trim()

export const commandHelp = (command: AnyCommand): string => {
  const text = stripAnsi(HelpDoc.toAnsiText(Command.getHelp(command, CliConfig.make({ showBuiltIns: false }))))
  const lines = text.split("\n").filter((l) => !HELP_BOILERPLATE.has(l.trim()))
  return `usage: lich ${usageOf(command)}\n\n${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}`
}

/** @effect/cli's own flags, accepted by every command. */
const BUILT_IN_FLAGS = ["--help", "--version", "--wizard", "--completions", "--log-level"]

/** A `--name` or `--name=value` token with no space in it: a flag, never a prompt. */
const FLAG_TOKEN = /^(--[A-Za-z][\w-]*)(=.*)?$/

/** The arguments before `--`, where flags are read. */
const flagZone = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const end = args.indexOf("--")
  return end < 0 ? args : args.slice(0, end)
}

/**
 * A `--word` the command does not take: @effect/cli would read it as a positional argument and
 * report whatever word it left over, which names the wrong thing. Only `--name` tokens with no space
 * count, so a prompt such as "- fixed the bug" or "--json is the flag" is still a prompt.
 */
export const unknownFlag = (usage: string, args: ReadonlyArray<string>): string | undefined => {
  const known = new Set([...(usage.match(/--[a-z][a-z-]*/g) ?? []), ...BUILT_IN_FLAGS])
  for (const a of flagZone(args)) {
    const m = FLAG_TOKEN.exec(a)
    if (m && !known.has(m[1]!)) return m[1]
  }
  return undefined
}

/** A flag that takes a value (`[--kind text]` in the usage) given none, for a message that says so. */
export const flagWithoutValue = (usage: string, args: ReadonlyArray<string>): string | undefined => {
  const valued = new Set([...usage.matchAll(/\[(--[a-z][a-z-]*) [^\]]+\]/g)].map((m) => m[1]!))
  const head = flagZone(args)
  for (let i = 0; i < head.length; i++) {
    const next = head[i + 1]
    if (valued.has(head[i]!) && (next === undefined || FLAG_TOKEN.test(next))) return head[i]
  }
  return undefined
}

/** A better one-line reason for a refused command line, when its flags explain it. */
const clearerUsage = (command: AnyCommand, name: string, args: ReadonlyArray<string>) => {
  const usage = usageOf(command)
  const bare = flagWithoutValue(usage, args)
  if (bare !== undefined) return new UsageError({ message: `${bare} needs a value — \`lich ${name} --help\` says what it takes` })
  const stray = unknownFlag(usage, args)
  return stray === undefined ? undefined : unknownFlagError(name, stray)
}

const unknownFlagError = (name: string, flag: string) =>
  new UsageError({ message: `unknown flag ${quote(flag)} for lich ${name} — \`lich ${name} --help\` lists the flags it takes (put a word that starts with -- after a lone --)` })

const wantsHelp = (args: ReadonlyArray<string>): boolean => flagZone(args).some((a) => a === "--help" || a === "-h")

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
  return Effect.catchIf(cli(["node", "lich", name, ...args]), (e) => messageOf(e).tag === "Usage", (e) => Effect.fail(clearerUsage(command, name, args) ?? e))
}

/** @effect/cli prints help with escapes even when piped; agents read it, so strip them there. */
const withPlainStdout = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.suspend(() => {
    if (!plain()) return self
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: Array<never>) =>
      write(typeof chunk === "string" ? stripAnsi(chunk) : chunk, ...rest)) as typeof process.stdout.write
    return Effect.ensuring(self, Effect.sync(() => { process.stdout.write = write }))
  })

const messageOf = (error: unknown): { tag: string; message: string } => {
  if (error && typeof error === "object") {
    const e = error as { _tag?: string; message?: unknown; error?: { _tag?: string } }
    if (e._tag === "ValidationError" || (typeof e._tag === "string" && "error" in e && e.error)) {
      return { tag: "Usage", message: validationText(error) }
    }
    if (typeof e.message === "string") return { tag: e._tag ?? "Failed", message: e.message }
  }
  return { tag: "Failed", message: String(error) }
}

/** @effect/cli's validation errors carry a HelpDoc; flatten it to the one line we print. */
const validationText = (error: unknown): string => {
  const doc = (error as { error?: unknown }).error
  const words: Array<string> = []
  const walk = (node: unknown): void => {
    if (node && typeof node === "object") {
      const n = node as Record<string, unknown>
      if (typeof n.value === "string") words.push(n.value)
      for (const k of ["value", "left", "right", "blocks", "span", "paragraph", "spans", "header", "definitions"]) {
        const v = n[k]
        if (Array.isArray(v)) v.forEach(walk)
        else if (v && typeof v === "object") walk(v)
      }
    }
  }
  walk(doc)
  return stripAnsi(words.join(" ").replace(/\s+/g, " ").trim()) || "invalid arguments"
}

/** Runs `lich <name> <args…>`; bin.ts has already checked that `name` is in the table. */
/**
 * @effect/cli prints a validation error's help text on stderr before failing; the failure then
 * reaches the caller as our one `lich: …` line, so its own copy is dropped (one line per failure).
 */
const withoutCliErrorPrinting = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Console.consoleWith((c) => Effect.withConsole(self, Object.assign(Object.create(c) as Console.Console, { error: () => Effect.void })))

/** A defect (a bug, or a throw no one typed) is still one line: its message, never its stack. */
const defectLine = (cause: Cause.Cause<unknown>): string => {
  const e = Cause.squash(cause)
  return `lich failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`
}

export const run = (name: string, args: ReadonlyArray<string>, version: string) => {
  const program = withoutCliErrorPrinting(withPlainStdout(runCommand(name, args, version))).pipe(Effect.provide(environment))
  Effect.runPromiseExit(program).then((exit) => {
    if (Exit.isSuccess(exit)) return
    const failure = Cause.failureOption(exit.cause)
    const { tag, message } = failure._tag === "Some" ? messageOf(failure.value) : { tag: "Failed", message: defectLine(exit.cause) }
    Effect.runSync(failLine(message))
    process.exitCode = exitCodeFor(tag)
  })
}
