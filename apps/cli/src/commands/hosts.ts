/**
 * `lich hosts [--json]`, `lich hosts add <name> <ssh-destination> [--lich <path>]`, `lich hosts
 * remove <name>`, `lich hosts connect <name> [--start]`: the other machines lich reaches over ssh —
 * a command of lich's own, beyond the contract (docs/cli.md, docs/hosts.md). And `lich hosts hello
 * [--start]`, which is not for people: a lich on another machine runs it here over ssh to learn
 * this lich's port and token on the channel itself (libs/hosts hello.ts). A plain command (spec.ts).
 *
 * One command with its words read here rather than a group of subcommands (spec.ts): a group
 * refuses to run with no subcommand, and `lich hosts` alone lists.
 */
import { hello, helloLine } from "@lich/hosts"
import { cliVersion } from "../cliVersion.js"
import { exitCodes } from "../exitCodes.js"
import { renderAdded, renderHosts, renderRemoved, renderState } from "../render/hosts.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended, usageEnding } from "./ending.js"

/** 120 s: a connect is two ssh runs of up to 45 s each, a far start included. */
const CONNECT_TIMEOUT_MS = 120_000

/** A host that did not connect, or a far start that failed: exit 1, with the state's words. */
const refused = (message: string): Ending => ({ _tag: "fail", message, code: exitCodes.Refused })

/** The words after the verb, when there are exactly `n` of them. */
const exactly = (words: ReadonlyArray<string>, n: number): ReadonlyArray<string> | undefined =>
  words.length === n + 1 ? words.slice(1) : undefined
const usage = (form: string) => usageEnding(`${form} — lich hosts --help says more`)

/** The far side of a connect: this machine's hello line (the token inside it goes over ssh only). */
const sayHello = async (start: boolean): Promise<Ending> => {
  try {
    const self = process.env.LICH_SELF ?? process.argv[1] ?? "lich"
    const h = await hello({ env: process.env, version: cliVersion(), self, start })
    return { _tag: "out", text: helloLine(h), code: exitCodes.answered }
  } catch (e) {
    return refused((e as Error).message)
  }
}

const connect = async (name: string, start: boolean, json: boolean): Promise<Ending> => {
  const status = await callPlain("hosts.Connect", { name, start }, CONNECT_TIMEOUT_MS)
  if (status.ok && status.value.state !== "connected") return refused(renderState(status.value))
  return ended(status, json, renderState)
}

export const hosts = async (v: Values): Promise<Ending> => {
  const [json, start, lich, words] = [v.flag("json"), v.flag("start"), v.text("lich"), v.args("words")]
  const [verb = "list"] = words
  if (start && verb !== "connect" && verb !== "hello") return usageEnding("--start goes with lich hosts connect <name>")
  if (lich !== "" && verb !== "add") return usageEnding("--lich goes with lich hosts add <name> <ssh-destination>")
  switch (verb) {
    case "list":
      if (!exactly(words.length === 0 ? ["list"] : words, 0)) return usage("usage: lich hosts [--json]")
      return ended(await callPlain("hosts.List", {}), json, renderHosts)
    case "add": {
      const [name, destination] = exactly(words, 2) ?? []
      if (name === undefined) return usage("usage: lich hosts add <name> <ssh-destination> [--lich <path>]")
      return ended(await callPlain("hosts.Add", { name, destination: destination!, lich }, CONNECT_TIMEOUT_MS), json, renderAdded)
    }
    case "remove": {
      const [name] = exactly(words, 1) ?? []
      if (name === undefined) return usage("usage: lich hosts remove <name>")
      return ended(await callPlain("hosts.Remove", { name }), json, renderRemoved)
    }
    case "connect": {
      const [name] = exactly(words, 1) ?? []
      return name === undefined ? usage("usage: lich hosts connect <name> [--start]") : connect(name, start, json)
    }
    case "hello":
      return exactly(words, 0) ? sayHello(start) : usage("usage: lich hosts hello [--start]")
    default:
      return usageEnding(`unknown subcommand "${verb}" for lich hosts — it takes add, remove, connect or nothing (the list)`)
  }
}
