/**
 * The lich command. Resolves what argv means, runs one command against the backend found through
 * the environment or runtime.json, and turns every failure into one `lich: …` line and an exit code
 * from the one table. App launches hand over to the server bundle, which the CLI never loads.
 */
import { CliConfig, Command } from "@effect/cli"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import { Cause, Effect, Exit, Layer } from "effect"
import * as path from "node:path"
import { commandNames, table } from "./commands/index.js"
import { cliVersion } from "./commands/version.js"
import { dispatch, unknownCommandLine } from "./dispatch.js"
import { exitCodeFor } from "./exitCodes.js"
import { failLine, plain, stdout, stripAnsi } from "./output.js"
import { renderHelp } from "./render/help.js"

const environment = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer, CliConfig.layer({ showBuiltIns: false }))

const runCommand = (name: string, args: ReadonlyArray<string>) => {
  const entry = table.find((c) => c.name === name)!
  const root = Command.make("lich").pipe(Command.withSubcommands([entry.command as Command.Command<string, never, unknown, unknown>]))
  const cli = Command.run(root, { name: "lich", version: cliVersion(), executable: "lich" })
  return cli(["node", "lich", name, ...args])
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

export const main = (argv: ReadonlyArray<string>, startApp: (o: { window: boolean; shell: string; browserFlags: ReadonlyArray<string> }) => void) => {
  const d = dispatch(argv, commandNames)
  switch (d._tag) {
    case "app":
      return startApp(d)
    case "unknown":
      process.stderr.write(`lich: ${unknownCommandLine(d)}\n`)
      process.exitCode = 1
      return
    case "usage":
      process.stderr.write(`lich: ${d.message}\n`)
      process.exitCode = 1
      return
    case "help":
      if (d.topic === "") {
        process.stdout.write(renderHelp(cliVersion(), table) + "\n")
        return
      }
      if (!commandNames.includes(d.topic) || d.topic === "help") {
        process.stderr.write(`lich: ${unknownCommandLine({ word: d.topic, suggestion: "" })}\n`)
        process.exitCode = 1
        return
      }
      return run(d.topic, ["--help"])
    case "command":
      return run(d.name, d.args)
  }
}

const run = (name: string, args: ReadonlyArray<string>) => {
  const program = withPlainStdout(runCommand(name, args)).pipe(Effect.provide(environment))
  Effect.runPromiseExit(program).then((exit) => {
    if (Exit.isSuccess(exit)) return
    const failure = Cause.failureOption(exit.cause)
    const { tag, message } = failure._tag === "Some" ? messageOf(failure.value) : { tag: "Failed", message: Cause.pretty(exit.cause) }
    Effect.runSync(failLine(message))
    process.exitCode = exitCodeFor(tag)
  })
}

export { stdout }
void path
