/**
 * The command table: every command lich takes, as data (spec.ts) — its flags, its arguments, the
 * line `lich help` lists it with, the paragraph its `--help` opens with, and its handler. The one
 * parser (parse.ts), `lich help` and every `--help` page are read off these rows, so a flag is
 * declared here once. Rows are in the order `lich help` lists them.
 *
 * Handlers come in two kinds (cold start: docs/ceilings.md). A `plain` row's handler is a thunk that
 * require()s its module and runs without Effect: every command that calls the backend, each
 * procedure it calls named in wire/procedures.ts (its reply is read with shapes derived from the
 * contract). An `effect` row names its handler in the second bundle (effectCommands.ts), which
 * returns an Effect that main.ts runs; that bundle is loaded only for such a command (mcp, doctor,
 * rage, and plugin's install/update/remove, which its plain row hands over). To add a command, add a row here (or in rows.ts) and its handler (for an `effect`
 * row: its name in spec.ts `EffectHandlerName` and effectCommands.ts).
 */
import { type CommandSpec, plain } from "../spec.js"
import { bool, host, json, one, project, waitTimeout } from "./flags.js"
import { rows } from "./rows.js"

export const table: ReadonlyArray<CommandSpec> = [
  {
    name: "sessions",
    summary: "list the live sessions you can address",
    about:
      "List the live sessions you can address: label, project, provider, roster name and the state each last reported; --host: those on another host.",
    flags: [json, host],
    args: [],
    run: plain(() => (require("./sessions.js") as typeof import("./sessions.js")).sessions)
  },
  {
    name: "whoami",
    summary: "print the session this command runs in",
    about: "Print the session this command runs in, with its lich id.",
    flags: [json],
    args: [],
    run: plain(() => (require("./sessions.js") as typeof import("./sessions.js")).whoami)
  },
  {
    name: "send",
    summary: "hand a session a task and wait for its answer",
    about: "Type a task at another session's prompt, submit it, and wait for its answer.",
    flags: [
      project,
      waitTimeout,
      bool("private", "keep the result to its ticket: no note at your prompt, not returned by a ticketless wait"),
      host,
      json
    ],
    args: [one("session", "label, roster name or lich id of the target"), one("prompt", "the task, typed at the target's prompt")],
    run: plain(() => (require("./relay.js") as typeof import("./relay.js")).send)
  },
  {
    name: "wait",
    summary: "wait on a ticket, or collect every result waiting for you",
    about: "Wait again on a ticket, or with none collect every result waiting for this session.",
    flags: [waitTimeout, bool("no-wait", "collect what is ready without holding the line (takes no ticket)"), host, json],
    args: [{ key: "ticket", usage: "[<ticket>]", min: 0, max: 1, about: "the ticket send handed back" }],
    run: plain(() => (require("./relay.js") as typeof import("./relay.js")).wait)
  },
  {
    name: "reply",
    summary: "answer the session that sent you a task",
    about: "Hand an answer to the session waiting on a ticket (or the one request open against this session).",
    flags: [],
    args: [
      { key: "words", usage: "[<ticket>] <answer>", min: 1, max: 2, about: "the ticket (left out: the one request open), then the answer" }
    ],
    run: plain(() => (require("./relay.js") as typeof import("./relay.js")).reply)
  },
  ...rows
]

/** `lich help` itself: listed with the others (its handler is bin.ts's own). */
export const helpRow: CommandSpec = {
  name: "help",
  summary: "list the commands, or print one command's usage and flags",
  about: "List every command with its summary; with a command, print its usage line, its flags and its arguments.",
  flags: [],
  args: [{ key: "command", usage: "[<command>]", min: 0, max: 1, about: "a command's name" }]
}

export const commands: ReadonlyArray<CommandSpec> = [...table, helpRow]
export const commandNames: ReadonlyArray<string> = commands.map((c) => c.name)
