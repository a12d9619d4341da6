/**
 * Entry of the CLI's first bundle (dist/cli.cjs): what argv means, read against the command table
 * with the one parser, decided without evaluating Effect. Agents call lich constantly, so help, a
 * refused line, an app launch and every command that calls the backend (`plain`
 * rows) never load Effect at all; a command whose handler is an Effect runs from the second bundle
 * (dist/commands.cjs, effectCommands.ts), loaded only then (docs/ceilings.md, "CLI cold start").
 * Keep value imports here free of `effect`: the build refuses a first bundle that takes any.
 * App launches load the server bundle through the loader bin/lich handed us.
 */

import { effectBundle } from "./bundles.js"
import { cliVersion } from "./cliVersion.js"
import { commandNames, commands } from "./commands/index.js"
import { dispatch, unknownCommandLine } from "./dispatch.js"
import { exitCodes } from "./exitCodes.js"
import { parse } from "./parse.js"
import { commandHelp, renderHelp } from "./render/help.js"
import type { CommandSpec, EffectHandlerName, Ending, Values } from "./spec.js"
import { ignoreEpipe } from "./streams.js"
import { failText, outText, plain, stripAnsi } from "./text.js"

declare const __lichLoad: ((name: string) => { startApp: (o: unknown) => void }) | undefined

const out = (text: string) => {
  const t = outText(text)
  process.stdout.write(plain() ? stripAnsi(t) : t)
}

const fail = (message: string, code: number) => {
  process.stderr.write(failText(message))
  process.exitCode = code
}

/** A command on Effect: its handler and the runner are in the second bundle. */
const runEffect = (name: EffectHandlerName, values: Values) => {
  const commands = effectBundle()
  commands.run(commands.handlers[name](), values)
}

const finish = (e: Ending) => {
  if (e._tag === "fail") return fail(e.message, e.code)
  if (e._tag === "out") out(e.text)
  if (e._tag === "out" && e.fail !== undefined) fail(e.fail, e.code)
  else if (e.code !== 0) process.exitCode = e.code
}

const runParsed = (spec: CommandSpec, values: Values) => {
  const r = spec.run!
  if ("plain" in r) {
    r.plain()(values).then(
      (e) => finish(e),
      (e: unknown) => fail(`lich failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`, 1)
    )
  } else runEffect(r.effect, values)
}

const command = (name: string, args: ReadonlyArray<string>): void => {
  const p = parse(commands.find((c) => c.name === name)!, args)
  if (p._tag === "usage") return fail(p.message, exitCodes.Usage)
  if (p._tag === "help") return out(commandHelp(p.spec, p.path))
  // `help` is a row of the table like any other (so `lich help` lists it), answered here.
  if (p.spec.name === "help" && p.path === "help") return help(p.values.arg("command"))
  runParsed(p.spec, p.values)
}

const help = (topic: string): void => {
  if (topic === "") return out(renderHelp(cliVersion(), commands))
  if (topic === "--help" || topic === "-h") return command("help", ["--help"])
  if (!commandNames.includes(topic)) return fail(unknownCommandLine({ word: topic, suggestion: "" }), exitCodes.Usage)
  command(topic, ["--help"])
}

ignoreEpipe()

const d = dispatch(process.argv.slice(2), commandNames)
switch (d._tag) {
  case "app": {
    const load = (globalThis as { __lichLoad?: typeof __lichLoad }).__lichLoad
    if (!load) throw new Error("lich must be started through bin/lich")
    load("server").startApp(d)
    break
  }
  case "unknown":
    fail(unknownCommandLine(d), exitCodes.Usage)
    break
  case "usage":
    fail(d.message, exitCodes.Usage)
    break
  case "help":
    help(d.topic)
    break
  case "command":
    command(d.name, d.args)
    break
}
