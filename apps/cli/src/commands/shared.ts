/** Flags and helpers several commands share, so each is spelled and described once. */
import { Args, Options } from "@effect/cli"
import { type FromId, fromId } from "@lich/contract"
import { Effect } from "effect"
import { json as printJson, stdout } from "../output.js"
import { Usage } from "../usage.js"

export const jsonFlag = Options.boolean("json").pipe(Options.withDescription("print one JSON line instead of prose"))

export const projectFlag = Options.text("project").pipe(
  Options.withDescription("the project, by name or by the absolute path of its directory"),
  Options.withDefault("")
)

/**
 * `--host <name>`: the session is on another host's lich, reached over ssh (lich's own, beyond the
 * contract; docs/hosts.md). "" is this machine.
 */
export const hostFlag = Options.text("host").pipe(
  Options.withDescription("a host added with lich hosts add: the session is on that machine's lich (lich's own, beyond the contract)"),
  Options.withDefault("")
)

/** LICH_SESSION_ID of the calling process: "" outside a session, which is passed on, not refused. */
export const sender = (): FromId => fromId(process.env.LICH_SESSION_ID)

/** Prints `value` as JSON or as the prose `render` makes of it. */
export const print = <A>(asJson: boolean, value: A, render: (a: A) => string) => (asJson ? printJson(value) : stdout(render(value)))

/** Timeouts for calls that may run git (fetch, worktree add/remove). */
export const SPAWN_TIMEOUT_MS = 60_000

/** A call's answer printed as --json asks: the shape most commands end in. */
export const printed = <A, E, R>(asJson: boolean, answer: Effect.Effect<A, E, R>, render: (a: A) => string) =>
  Effect.flatMap(answer, (a) => print(asJson, a, render))

/** The flags and the `[session] <word>` arguments of a command that acts on one session. */
export const sessionWordArgs = (word: string) => ({
  project: projectFlag,
  json: jsonFlag,
  words: Args.text({ name: `[session] ${word}` }).pipe(Args.between(1, 2))
})

/**
 * `[session] word`: with two words the first names the session; with one, the session is the one
 * this runs in, and outside a lich session there is none, which `alone` says as a usage line.
 */
export const sessionAnd = (words: ReadonlyArray<string>, alone: string) =>
  Effect.gen(function* () {
    const [a, b] = words
    const target = b === undefined ? "" : a!
    if (target === "" && sender() === "") return yield* new Usage({ message: alone })
    return { target, word: b === undefined ? a! : b }
  })
