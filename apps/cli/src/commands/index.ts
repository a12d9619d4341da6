/**
 * Every subcommand with the one-line summary `lich help` lists it with, in that order.
 *
 * To add a command, append one row: `{ name, command: () => require("./file.js").export, summary }`.
 * `command` is a thunk that require()s its module instead of an import at the top: esbuild keeps a
 * require()d module in a lazy initialiser, so `lich help` evaluates none of them and each command
 * evaluates only its own module graph (cold start: docs/ceilings.md). A plain imported Command
 * still works (main.ts accepts both), it just puts that module back on every call.
 */
export const table = [
  { name: "sessions", command: () => require("./sessions.js").sessions, summary: "list the live sessions you can address" },
  { name: "whoami", command: () => require("./sessions.js").whoami, summary: "print the session this command runs in" },
  { name: "send", command: () => require("./relay.js").send, summary: "hand a session a task and wait for its answer" },
  { name: "wait", command: () => require("./relay.js").wait, summary: "wait on a ticket, or collect every result waiting for you" },
  { name: "reply", command: () => require("./relay.js").reply, summary: "answer the session that sent you a task" },
  {
    name: "control",
    command: () => require("./control.js").control,
    summary: "drive a running Claude Code session: prompt, abort, model, effort, slash command"
  },
  { name: "ask", command: () => require("./control.js").ask, summary: "ask a running Claude Code session a side question" },
  { name: "insert", command: () => require("./insert.js").insert, summary: "paste text at a session's prompt without sending it" },
  { name: "focus", command: () => require("./insert.js").focus, summary: "bring the window to a session's card" },
  { name: "open", command: () => require("./open.js").open, summary: "open a new session and start it" },
  { name: "close", command: () => require("./close.js").close, summary: "close a session and settle its checkout" },
  { name: "rename", command: () => require("./close.js").rename, summary: "rename a session" },
  {
    name: "worktrees",
    command: () => require("./workspace.js").worktrees,
    summary: "list a project's worktrees, their state and sessions"
  },
  { name: "folders", command: () => require("./workspace.js").folders, summary: "list a project's sidebar folders and their sessions" },
  { name: "file", command: () => require("./workspace.js").file, summary: "move a session into a sidebar folder" },
  { name: "rename-folder", command: () => require("./workspace.js").renameFolder, summary: "rename a sidebar folder (or take it apart)" },
  { name: "color-folder", command: () => require("./workspace.js").colorFolder, summary: "paint the sessions in a folder one color" },
  { name: "theme", command: () => require("./theme.js").theme, summary: "list the installed themes, or switch the one in use" },
  { name: "native", command: () => require("./native.js").native, summary: "open the native window on the running lich" },
  { name: "mcp", command: () => require("./mcp.js").mcp, summary: "serve the session commands as MCP tools over stdio" },
  { name: "cost", command: () => require("./cost.js").cost, summary: "what the sessions lich remembers have cost, per project" },
  { name: "doctor", command: () => require("./doctor.js").doctor, summary: "say whether lich would start here, and what would stop it" },
  { name: "rage", command: () => require("./rage.js").rage, summary: "collect a bug report from this machine into a tar.gz" },
  {
    name: "hosts",
    command: () => require("./hosts.js").hosts,
    summary: "the other machines lich reaches over ssh, and their state (lich's own, beyond the contract)"
  },
  {
    name: "plugin",
    command: () => require("./plugin.js").plugin,
    summary:
      "lich's plugin for oh-my-pi, Crush, Cursor, Kiro and Antigravity: list, install, update, remove (lich's own, beyond the contract)"
  },
  { name: "version", command: () => require("./version.js").version, summary: "print this build's version and the running lich's" },
  { name: "quit", command: () => require("./version.js").quit, summary: "end the running lich and every session in it" }
] as const

export const commandNames: ReadonlyArray<string> = [...table.map((c) => c.name), "help"]
