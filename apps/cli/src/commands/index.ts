/** Every subcommand with the one-line summary `lich help` lists it with, in that order. */
import { close, rename } from "./close.js"
import { mcp } from "./mcp.js"
import { open } from "./open.js"
import { sessions, whoami } from "./sessions.js"
import { quit, version } from "./version.js"
import { colorFolder, file, folders, renameFolder, worktrees } from "./workspace.js"
import { native } from "./native.js"
import { theme } from "./theme.js"

export const table = [
  { name: "sessions", command: sessions, summary: "list the live sessions you can address" },
  { name: "whoami", command: whoami, summary: "print the session this command runs in" },
  { name: "open", command: open, summary: "open a new session and start it" },
  { name: "close", command: close, summary: "close a session and settle its checkout" },
  { name: "rename", command: rename, summary: "rename a session" },
  { name: "worktrees", command: worktrees, summary: "list a project's worktrees, their state and sessions" },
  { name: "folders", command: folders, summary: "list a project's sidebar folders and their sessions" },
  { name: "file", command: file, summary: "move a session into a sidebar folder" },
  { name: "rename-folder", command: renameFolder, summary: "rename a sidebar folder (or take it apart)" },
  { name: "color-folder", command: colorFolder, summary: "paint the sessions in a folder one color" },
  { name: "mcp", command: mcp, summary: "serve the session commands as MCP tools over stdio" },
  { name: "theme", command: theme, summary: "list the installed themes, or switch the one in use" },
  { name: "native", command: native, summary: "open the native window on the running lich" },
  { name: "version", command: version, summary: "print this build's version and the running lich's" },
  { name: "quit", command: quit, summary: "end the running lich and every session in it" }
] as const

export const commandNames: ReadonlyArray<string> = [...table.map((c) => c.name), "help"]
