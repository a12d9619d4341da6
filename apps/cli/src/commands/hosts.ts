/**
 * `lich hosts [--json]`, `lich hosts add <name> <ssh-destination> [--lich <path>]`, `lich hosts
 * remove <name>`, `lich hosts connect <name> [--start]`: the other machines lich reaches over ssh —
 * a command of lich's own, beyond the contract (docs/cli.md, docs/hosts.md). And `lich hosts hello
 * [--start]`, which is not for people: a lich on another machine runs it here over ssh to learn
 * this lich's port and token on the channel itself (libs/hosts hello.ts).
 *
 * One command with its words read here rather than a group of subcommands (spec.ts): a group
 * refuses to run with no subcommand, and `lich hosts` alone lists.
 */
import { HostAdd, HostConnect, HostList, HostRemove } from "@lich/contract"
import { hello, helloLine } from "@lich/hosts"
import { Data, Effect } from "effect"
import { call } from "../layers.js"
import { stdout } from "../output.js"
import { renderAdded, renderHosts, renderRemoved, renderState } from "../render/hosts.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"
import { print, printed } from "./shared.js"
import { cliVersion } from "./version.js"

/** 120 s: a connect is two ssh runs of up to 45 s each, a far start included. */
const CONNECT_TIMEOUT_MS = 120_000

/** A host that did not connect, or a far start that failed: exit 1, with the state's words. */
class HostDown extends Data.TaggedError("Refused")<{ readonly message: string }> {}

const usage = (message: string) => Effect.fail(new Usage({ message }))

const exactly = (words: ReadonlyArray<string>, n: number, form: string) =>
  words.length === n + 1 ? Effect.succeed(words.slice(1)) : usage(`${form} — lich hosts --help says more`)

/** The far side of a connect: this machine's hello line (the token inside it goes over ssh only). */
const sayHello = (start: boolean) =>
  Effect.tryPromise({
    try: () => hello({ env: process.env, version: cliVersion(), self: process.env.LICH_SELF ?? process.argv[1] ?? "lich", start }),
    catch: (e) => new HostDown({ message: (e as Error).message })
  }).pipe(Effect.flatMap((h) => stdout(helloLine(h))))

export const hosts = (v: Values) =>
  Effect.gen(function* () {
    const [json, start, lich, words] = [v.flag("json"), v.flag("start"), v.text("lich"), v.args("words")]
    const [verb = "list"] = words
    if (start && verb !== "connect" && verb !== "hello") return yield* usage("--start goes with lich hosts connect <name>")
    if (lich !== "" && verb !== "add") return yield* usage("--lich goes with lich hosts add <name> <ssh-destination>")
    switch (verb) {
      case "list":
        yield* exactly(words.length === 0 ? ["list"] : words, 0, "usage: lich hosts [--json]")
        return yield* printed(json, call("hosts", HostList, {}), renderHosts)
      case "add": {
        const [name, destination] = yield* exactly(words, 2, "usage: lich hosts add <name> <ssh-destination> [--lich <path>]")
        return yield* printed(
          json,
          call("hosts", HostAdd, { name: name!, destination: destination!, lich }, CONNECT_TIMEOUT_MS),
          renderAdded
        )
      }
      case "remove": {
        const [name] = yield* exactly(words, 1, "usage: lich hosts remove <name>")
        return yield* printed(json, call("hosts", HostRemove, { name: name! }), renderRemoved)
      }
      case "connect": {
        const [name] = yield* exactly(words, 1, "usage: lich hosts connect <name> [--start]")
        const status = yield* call("hosts", HostConnect, { name: name!, start }, CONNECT_TIMEOUT_MS)
        if (status.state !== "connected") return yield* new HostDown({ message: renderState(status) })
        return yield* print(json, status, renderState)
      }
      case "hello":
        yield* exactly(words, 0, "usage: lich hosts hello [--start]")
        return yield* sayHello(start)
      default:
        return yield* usage(`unknown subcommand "${verb}" for lich hosts — it takes add, remove, connect or nothing (the list)`)
    }
  })
