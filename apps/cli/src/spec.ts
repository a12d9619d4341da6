/**
 * What a command is, as data: its flags, its arguments, its words for `lich help`, and the handler
 * that runs it. commands/index.ts holds one row of this per command, and everything else is read
 * off those rows — the parser (parse.ts), the usage line and `--help` page (render/help.ts), and
 * `lich help` — so a flag is declared once and parsed, listed and documented from that one place.
 * Imports no `effect`: bin.ts reads the table on every call.
 */
import type { ExitCode } from "./exitCodes.js"

/** A flag: `--name` alone (boolean), or `--name <value>` / `--name=<value>`. */
export type FlagKind = "boolean" | "text" | "integer" | { readonly choices: ReadonlyArray<string> }

export interface FlagSpec {
  readonly name: string
  readonly kind: FlagKind
  readonly about: string
}

/** Positional words: `min` to `max` of them (max Infinity: any number), bound to `key`. */
export interface ArgSpec {
  readonly key: string
  /** As the usage line shows it: `<session>`, `[<ticket>]`, `[<session>] <label>`. */
  readonly usage: string
  readonly min: number
  readonly max: number
  readonly about?: string
}

/** A parsed command line: each flag by its camelCase name and each argument by its key. */
export interface Values {
  readonly flag: (name: string) => boolean
  readonly text: (name: string) => string
  readonly int: (name: string) => number
  /** An argument of at most one word: the word, or "" when it was left out. */
  readonly arg: (key: string) => string
  /** An argument of several words, in order. */
  readonly args: (key: string) => ReadonlyArray<string>
  /** Whether an optional argument was given at all ("" given is given). */
  readonly has: (key: string) => boolean
}

/**
 * What a plain command ends in, written by bin.ts: text for stdout and an exit code (and, after it,
 * a failure line: `open` prints the session it opened and then why its task did not reach it),
 * nothing at all, or one failure line. Plain commands run without Effect (docs/ceilings.md, "CLI
 * cold start").
 */
export type Ending =
  | { readonly _tag: "out"; readonly text: string; readonly code: ExitCode; readonly fail?: string }
  /** Nothing to print (`errands --json` with no errands prints no line). */
  | { readonly _tag: "quiet"; readonly code: ExitCode }
  | { readonly _tag: "fail"; readonly message: string; readonly code: ExitCode }

/**
 * The handlers of the second bundle (effectCommands.ts), by name: the commands that still run on
 * Effect — the MCP server, doctor and rage (local work that dwarfs a cold start), and plugin's
 * install, update and remove (its installers are Effect code in libs/integrations; `lich plugin`'s
 * list is a plain row, which hands those three to this bundle). effectCommands.ts implements exactly these.
 */
export type EffectHandlerName = "mcp" | "doctor" | "rage" | "plugin"

/** A handler, required on first use so a call evaluates only its own command's modules. */
export type Run =
  | { readonly plain: () => (v: Values) => Promise<Ending> }
  /** A handler of the second bundle (effectCommands.ts), by name: it returns an Effect main.ts runs. */
  | { readonly effect: EffectHandlerName }

export interface CommandSpec {
  readonly name: string
  /** The one line `lich help` lists it with. */
  readonly summary: string
  /** The paragraph its `--help` page opens with. */
  readonly about: string
  readonly flags: ReadonlyArray<FlagSpec>
  readonly args: ReadonlyArray<ArgSpec>
  /** A group (`theme list|switch`): its flags are every subcommand's too. */
  readonly subcommands?: ReadonlyArray<CommandSpec>
  /** Absent on a group, whose subcommands run. */
  readonly run?: Run
  /** A command of lich's own, beyond the contract: `lich help` says so. */
  readonly own?: boolean
}

/** `no-wait` → `noWait`: the name a handler reads a flag by. */
export const flagKey = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** A row's handler that runs without Effect; `load` require()s its module. */
export const plain = (load: () => (v: Values) => Promise<Ending>): Run => ({ plain: load })
/** A row's handler that returns an Effect for main.ts to run, in the second bundle (effectCommands.ts). */
export const effect = (name: EffectHandlerName): Run => ({ effect: name })
