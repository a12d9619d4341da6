/**
 * lich's plugin for the harnesses that cannot be told about lich on their own command line
 * (oh-my-pi, Crush, Cursor CLI, Kiro CLI, Antigravity): what an install writes into that
 * harness's own files, and how Remove takes out exactly that.
 *
 * An installer is pure: it reads the files it would touch through a `Files` reader and answers a
 * `Plan` — the writes, deletions and commands to carry out — or a one-line refusal, before anything
 * is written. apply.ts carries a plan out, each write atomic (a temporary file renamed over the
 * target). Nothing is installed unless a person asks: no start-up step, no repair behind anyone's back.
 */
import { PluginProviderId } from "@lich/contract"
import type { Either } from "effect"

/** The contract's list: the window, the CLI and the installers name the same five. */
export const pluginProviders = PluginProviderId.literals
export type PluginProvider = PluginProviderId
export const isPluginProvider = (s: string): s is PluginProvider => (pluginProviders as ReadonlyArray<string>).includes(s)

/** What an install is made from and for. */
export interface PluginContext {
  readonly home: string
  /** The environment the harness runs in (lich's sessions inherit the backend's). */
  readonly env: Readonly<Record<string, string | undefined>>
  /** The lich binary the registrations name (`<lich> mcp`). */
  readonly lichBin: string
  /** The plugin release this lich carries (hooks/.claude-plugin/plugin.json). */
  readonly version: string
  /** The report scripts of that release (hooks/hooks). */
  readonly scriptsSource: string
  /** `<config>/lich/plugin`: lich's own copies of the scripts and what each install recorded. */
  readonly ownDir: string
}

/** The files an installer reads: whole text, undefined for a file that does not exist. */
export interface Files {
  readonly read: (path: string) => string | undefined
  /** Whether a folder is there: what an install would create is remembered, so Remove can take it out. */
  readonly isDir: (path: string) => boolean
}

export type Step =
  | { readonly _tag: "Write"; readonly path: string; readonly text: string; readonly mode?: number }
  | { readonly _tag: "Delete"; readonly path: string }
  /** A directory lich owns whole (Antigravity's plugin folder, lich's script copies). */
  | { readonly _tag: "DeleteDir"; readonly path: string }
  /** A folder lich created, taken out only if nothing is left in it (the user may have put files there since). */
  | { readonly _tag: "DeleteEmptyDir"; readonly path: string }
  /** The harness's own command (Antigravity's `agy mcp add`); `optional` ones may fail. */
  | { readonly _tag: "Run"; readonly argv: ReadonlyArray<string>; readonly optional?: boolean }

export type Plan = ReadonlyArray<Step>

/** What is installed now, read off the files. */
export interface Installed {
  /** The plugin release the install carries; "" when nothing of lich's is there. */
  readonly version: string
  /** The lich binary its registration names; "" when it names none. */
  readonly lichBin: string
  /** Where it is, for a person: the files an install writes. */
  readonly where: ReadonlyArray<string>
}

export interface Installer {
  readonly id: PluginProvider
  readonly status: (ctx: PluginContext, files: Files) => Installed
  readonly install: (ctx: PluginContext, files: Files) => Either.Either<Plan, string>
  readonly remove: (ctx: PluginContext, files: Files) => Either.Either<Plan, string>
}

// Plain (no contract, no Effect), so `lich plugin` lists without Effect (read.ts); re-exported here.
export { isCurrent, TOOLS_MIN_VERSION, versionAtLeast } from "./versions.js"
