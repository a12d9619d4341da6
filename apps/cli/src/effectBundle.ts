/**
 * The second CLI bundle (effectCommands.ts), reached from the first: through bin/lich's loader in
 * the shipped CLI, from sources in the tests. The build keeps this require out of the first bundle
 * (scripts/build.mjs, `effect-commands-apart`), where the loader is always there to take it.
 */
import type * as EffectCommands from "./effectCommands.js"

declare const __lichLoad: ((name: string) => unknown) | undefined

export const effectBundle = (): typeof EffectCommands => {
  const load = (globalThis as { __lichLoad?: typeof __lichLoad }).__lichLoad
  return (load ? load("commands") : require("./effectCommands.js")) as typeof EffectCommands
}
