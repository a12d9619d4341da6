/** Flags and helpers several commands share, so each is spelled and described once. */
import { Options } from "@effect/cli"
import { json as printJson, stdout } from "../output.js"

export const jsonFlag = Options.boolean("json").pipe(Options.withDescription("print one JSON line instead of prose"))

export const projectFlag = Options.text("project").pipe(
  Options.withDescription("the project, by name or by the absolute path of its directory"),
  Options.withDefault("")
)

/** LICH_SESSION_ID of the calling process: "" outside a session, which is passed on, not refused. */
export const sender = (): string => process.env.LICH_SESSION_ID ?? ""

/** Prints `value` as JSON or as the prose `render` makes of it. */
export const print = <A>(asJson: boolean, value: A, render: (a: A) => string) =>
  asJson ? printJson(value) : stdout(render(value))

/** Timeouts for calls that may run git (fetch, worktree add/remove). */
export const SPAWN_TIMEOUT_MS = 60_000

