/** Helpers the commands that run on Effect share. */
import { Effect } from "effect"
import { json as printJson, stdout } from "../output.js"
import { Usage } from "../usage.js"
import { sender } from "./sender.js"

export { sender }

/** Prints `value` as JSON or as the prose `render` makes of it. */
export const print = <A>(asJson: boolean, value: A, render: (a: A) => string) => (asJson ? printJson(value) : stdout(render(value)))

/** Timeouts for calls that may run git (fetch, worktree add/remove). */
export const SPAWN_TIMEOUT_MS = 60_000

/** A call's answer printed as --json asks: the shape most commands end in. */
export const printed = <A, E, R>(asJson: boolean, answer: Effect.Effect<A, E, R>, render: (a: A) => string) =>
  Effect.flatMap(answer, (a) => print(asJson, a, render))

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
