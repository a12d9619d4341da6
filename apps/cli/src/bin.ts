/**
 * Entry of the CLI bundle (dist/cli.cjs): what argv means, decided without evaluating Effect.
 * Agents call lich constantly, so help, a refused word and an app launch never pay for Effect's
 * module top-levels, and a command's modules are evaluated only when it runs: main.js (the
 * @effect/cli runner) and each command are require()d, which esbuild turns into lazy initialisers
 * (measured in docs/ceilings.md, "CLI cold start"). Keep value imports here free of `effect`:
 * one would put all of it back on every path. App launches load the server bundle beside this one
 * through the loader bin/lich handed us, so a command never pays for the backend's modules.
 */
import { commandNames, table } from "./commands/index.js"
import { dispatch, unknownCommandLine } from "./dispatch.js"
import { exitCodes } from "./exitCodes.js"
import { ignoreEpipe } from "./fast/streams.js"
import { renderHelp } from "./render/help.js"
import { oneLine } from "./safeText.js"

declare const __lichLoad: ((name: string) => { startApp: (o: unknown) => void }) | undefined
declare const __LICH_VERSION__: string

// Read here as well as in commands/version.ts: importing that module would evaluate Effect.
const version = typeof __LICH_VERSION__ === "string" ? __LICH_VERSION__ : "0.0.0-dev"

const run = (name: string, args: ReadonlyArray<string>) => (require("./main.js") as typeof import("./main.js")).run(name, args, version)

const refuse = (line: string) => {
  process.stderr.write(`lich: ${oneLine(line)}\n`)
  process.exitCode = exitCodes.Usage
}

ignoreEpipe()

const argv = process.argv.slice(2)
const d = dispatch(argv, commandNames)
switch (d._tag) {
  case "app": {
    const load = (globalThis as { __lichLoad?: typeof __lichLoad }).__lichLoad
    if (!load) throw new Error("lich must be started through bin/lich")
    load("server").startApp(d)
    break
  }
  case "unknown":
    refuse(unknownCommandLine(d))
    break
  case "usage":
    refuse(d.message)
    break
  case "help":
    if (d.topic === "") process.stdout.write(`${renderHelp(version, table)}\n`)
    else if (!commandNames.includes(d.topic) || d.topic === "help") refuse(unknownCommandLine({ word: d.topic, suggestion: "" }))
    else run(d.topic, ["--help"])
    break
  case "command":
    run(d.name, d.args)
    break
}
