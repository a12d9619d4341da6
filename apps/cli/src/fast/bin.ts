/**
 * Entry of the fast bundle (dist/fast.cjs), which bin/lich loads instead of the CLI bundle for the
 * words listed there (`sessions`, `whoami`). Agents call these constantly, and the full path spends
 * most of a cold call evaluating Effect and @effect/cli before its request goes out (docs/ceilings.md,
 * "CLI cold start"); this one parses its few command lines by hand and evaluates no Effect. For
 * anything it does not handle — another flag, `--help`, a failure it does not word — it loads the
 * CLI bundle through bin/lich's loader, and that runs the command from the start as if this bundle
 * had never been there.
 */

import type { Result } from "./result.js"
import { sessions, whoami } from "./sessions.js"
import { ignoreEpipe } from "./streams.js"
import { failText, outText, plain, stripAnsi } from "./text.js"

declare const __lichLoad: ((name: string) => unknown) | undefined

const commands: Readonly<Record<string, (args: ReadonlyArray<string>) => Promise<Result>>> = { sessions, whoami }

const full = () => {
  const load = (globalThis as { __lichLoad?: typeof __lichLoad }).__lichLoad
  if (!load) throw new Error("lich must be started through bin/lich")
  load("cli")
}

const finish = (r: Result) => {
  if (r._tag === "fallback") return full()
  ignoreEpipe()
  if (r._tag === "out") {
    const text = outText(r.text)
    process.stdout.write(plain() ? stripAnsi(text) : text)
  } else {
    process.stderr.write(failText(r.message))
    process.exitCode = r.code
  }
}

const [word = "", ...args] = process.argv.slice(2)
const command = commands[word]
if (command === undefined) full()
else command(args).then(finish, full)
