/**
 * Entry of the second CLI bundle (dist/commands.cjs): every command whose handler runs on Effect,
 * and the runner (main.ts). The first bundle (bin.ts: the table, the parser, help and the hot
 * commands) loads this one only when such a command runs (effectBundle.ts), so a hot call reads,
 * compiles and evaluates none of it: measured, the size of what a call loads was ~11 ms of CPU of a
 * cold call (docs/ceilings.md). Each handler is a thunk that require()s its module, so a command
 * still evaluates only its own module graph.
 */
import type { EffectHandlerName, Values } from "./spec.js"

export { run } from "./main.js"

type Handler = (v: Values) => unknown

export const handlers = {
  control: () => (require("./commands/control.js") as typeof import("./commands/control.js")).control,
  ask: () => (require("./commands/control.js") as typeof import("./commands/control.js")).ask,
  insert: () => (require("./commands/insert.js") as typeof import("./commands/insert.js")).insert,
  focus: () => (require("./commands/insert.js") as typeof import("./commands/insert.js")).focus,
  open: () => (require("./commands/open.js") as typeof import("./commands/open.js")).open,
  close: () => (require("./commands/close.js") as typeof import("./commands/close.js")).close,
  rename: () => (require("./commands/close.js") as typeof import("./commands/close.js")).rename,
  worktrees: () => (require("./commands/workspace.js") as typeof import("./commands/workspace.js")).worktrees,
  folders: () => (require("./commands/workspace.js") as typeof import("./commands/workspace.js")).folders,
  file: () => (require("./commands/workspace.js") as typeof import("./commands/workspace.js")).file,
  renameFolder: () => (require("./commands/workspace.js") as typeof import("./commands/workspace.js")).renameFolder,
  colorFolder: () => (require("./commands/workspace.js") as typeof import("./commands/workspace.js")).colorFolder,
  themeList: () => (require("./commands/theme.js") as typeof import("./commands/theme.js")).list,
  themeSwitch: () => (require("./commands/theme.js") as typeof import("./commands/theme.js")).switchTheme,
  native: () => (require("./commands/native.js") as typeof import("./commands/native.js")).native,
  mcp: () => (require("./commands/mcp.js") as typeof import("./commands/mcp.js")).mcp,
  cost: () => (require("./commands/cost.js") as typeof import("./commands/cost.js")).cost,
  errands: () => (require("./commands/errands.js") as typeof import("./commands/errands.js")).errands,
  doctor: () => (require("./commands/doctor.js") as typeof import("./commands/doctor.js")).doctor,
  rage: () => (require("./commands/rage.js") as typeof import("./commands/rage.js")).rage,
  hosts: () => (require("./commands/hosts.js") as typeof import("./commands/hosts.js")).hosts,
  plugin: () => (require("./commands/plugin.js") as typeof import("./commands/plugin.js")).plugin,
  version: () => (require("./commands/version.js") as typeof import("./commands/version.js")).version,
  quit: () => (require("./commands/version.js") as typeof import("./commands/version.js")).quit,
  // The hot commands' `--host` twins (commands/hostRelay.ts).
  hostSessions: () => (require("./commands/hostRelay.js") as typeof import("./commands/hostRelay.js")).sessions,
  hostSend: () => (require("./commands/hostRelay.js") as typeof import("./commands/hostRelay.js")).send,
  hostWait: () => (require("./commands/hostRelay.js") as typeof import("./commands/hostRelay.js")).wait
} satisfies Record<EffectHandlerName, () => Handler>
