/**
 * The CLI's later bundles, reached from the first (dist/cli.cjs): through bin/lich's loader in the
 * shipped CLI (each bundle with its own V8 code cache), from sources in the tests. The build keeps
 * these requires out of the first bundle (scripts/build.mjs, `later-bundles-apart`), where the
 * loader is always there to take them.
 *
 * - dist/commands.cjs (effectCommands.ts): every command on Effect, and its runner.
 * - dist/plugin.cjs (pluginList.ts): `lich plugin`'s list, the one plain command that reads files
 *   instead of calling the backend; apart so its readers (jsonc-parser, five status readers) are
 *   not in the bundle every other call reads, and its code cache holds them compiled.
 */
import type * as EffectCommands from "./effectCommands.js"
import type * as PluginList from "./pluginList.js"

type Load = (name: string) => unknown

const loader = (): Load | undefined => (globalThis as { __lichLoad?: Load }).__lichLoad

export const effectBundle = (): typeof EffectCommands => (loader()?.("commands") ?? require("./effectCommands.js")) as typeof EffectCommands

export const pluginBundle = (): typeof PluginList => (loader()?.("plugin") ?? require("./pluginList.js")) as typeof PluginList
