/**
 * Entry of the second CLI bundle (dist/commands.cjs): the commands whose handler runs on Effect
 * (spec.ts `EffectHandlerName` says which and why), and the runner (main.ts). The first bundle
 * (bin.ts: the table, the parser, help and the plain commands) loads this one only when such a
 * command runs (bundles.ts), so a plain call reads, compiles and evaluates none of it:
 * measured, the size of what a call loads was ~11 ms of CPU of a cold call (docs/ceilings.md). Each handler is a thunk that require()s its module, so a command
 * still evaluates only its own module graph.
 */
import type { EffectHandlerName, Values } from "./spec.js"

export { run } from "./main.js"

type Handler = (v: Values) => unknown

export const handlers = {
  mcp: () => (require("./commands/mcp.js") as typeof import("./commands/mcp.js")).mcp,
  doctor: () => (require("./commands/doctor.js") as typeof import("./commands/doctor.js")).doctor,
  rage: () => (require("./commands/rage.js") as typeof import("./commands/rage.js")).rage,
  plugin: () => (require("./commands/pluginActions.js") as typeof import("./commands/pluginActions.js")).pluginAction
} satisfies Record<EffectHandlerName, () => Handler>
