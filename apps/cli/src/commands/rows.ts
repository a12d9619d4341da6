/**
 * The command table's rows after the relay's (index.ts holds the table and says how a row works):
 * driving a session, opening and closing them, the sidebar, and lich itself. Plain data.
 */
import { type CommandSpec, plain } from "../spec.js"
import { bool, host, json, one, project, session, sessionAnd, text } from "./flags.js"
import { lichRows } from "./rowsLich.js"

const claudeSession = one("session", "label, roster name or lich id of a Claude Code session")
const folder = one("folder")

export const rows: ReadonlyArray<CommandSpec> = [
  {
    name: "control",
    summary: "drive a running Claude Code session: prompt, abort, model, effort, slash command",
    about: "Drive a running Claude Code session from outside its terminal: a prompt, an abort, its model or effort, a slash command.",
    flags: [project, json],
    args: [
      claudeSession,
      one("action", "one of prompt, abort, model, effort, command"),
      {
        key: "words",
        usage: "[<value>...]",
        min: 0,
        max: Infinity,
        about: "the prompt, model, effort level, or slash command and its arguments"
      }
    ],
    run: plain(() => (require("./control.js") as typeof import("./control.js")).control)
  },
  {
    name: "ask",
    summary: "ask a running Claude Code session a side question",
    about: "Ask a running Claude Code session a side question; it answers from its conversation, which the question never enters.",
    flags: [project, json],
    args: [claudeSession, { key: "question", usage: "<question>...", min: 1, max: Infinity }],
    run: plain(() => (require("./control.js") as typeof import("./control.js")).ask)
  },
  {
    name: "insert",
    summary: "paste text at a session's prompt without sending it",
    about: "Paste text at a session's prompt and leave it there: nothing presses Enter.",
    flags: [
      project,
      text("session", "the target: label, roster name or lich id"),
      { name: "timeout", kind: "integer", about: "seconds to wait for the session to be at its prompt (default 10)" },
      json
    ],
    args: [{ key: "text", usage: "[<text> | -]", min: 0, max: 1, about: "the text; left out or -, it is read from stdin" }],
    run: plain(() => (require("./insert.js") as typeof import("./insert.js")).insert)
  },
  {
    name: "focus",
    summary: "bring the window to a session's card",
    about: "Bring the lich window to the front with a session's card open.",
    flags: [project, json],
    args: [session],
    run: plain(() => (require("./insert.js") as typeof import("./insert.js")).focus)
  },
  {
    name: "open",
    summary: "open a new session and start it",
    about: "Open a new session, start it, and print the two names it answers to.",
    flags: [
      project,
      text("kind", "what the session runs: claude, codex, antigravity, opencode, omp, crush, cursor, kiro or shell"),
      text("worktree", "the branch of a git worktree to open the session in (created when missing)"),
      text("base", "the branch a new --worktree branch starts from (default: the project's current branch)"),
      text("model", "the model the provider starts on, passed through unchecked"),
      text("effort", "the reasoning effort the provider starts at, passed through unchecked"),
      bool("ultracode", "turn Claude Code's ultracode on"),
      text("folder", "the sidebar folder to file the new session under"),
      text("prompt", "a task to hand the new session as soon as its agent is up (waits 20 s, then a ticket)"),
      bool("private", "with --prompt: keep the result to its ticket, as send --private"),
      bool("subagent", "with --prompt: open it as this session's subagent worker, in this checkout (experimental)"),
      host,
      json
    ],
    args: [],
    run: plain(() => (require("./open.js") as typeof import("./open.js")).open)
  },
  {
    name: "close",
    summary: "close a session and settle its checkout",
    about: "Close a session and settle what happens to the checkout it was the last one in.",
    flags: [
      project,
      {
        name: "worktree",
        kind: { choices: ["keep", "remove"] },
        about: "what happens to the checkout when this is its last session: keep it (and park the session) or remove it"
      },
      bool("force", "remove a checkout even with uncommitted work"),
      json
    ],
    args: [session],
    run: plain(() => (require("./close.js") as typeof import("./close.js")).close)
  },
  {
    name: "rename",
    summary: "rename a session",
    about: "Rename a session: the name on its card, which is also the name it is addressed by.",
    flags: [project, json],
    args: [sessionAnd("label")],
    run: plain(() => (require("./close.js") as typeof import("./close.js")).rename)
  },
  {
    name: "worktrees",
    summary: "list a project's worktrees, their state and sessions",
    about: "List a project's git worktrees: whether each holds uncommitted work, and which sessions are open in it.",
    flags: [project, json],
    args: [],
    run: plain(() => (require("./workspace.js") as typeof import("./workspace.js")).worktrees)
  },
  {
    name: "folders",
    summary: "list a project's sidebar folders and their sessions",
    about: "List a project's sidebar folders and the sessions filed under each.",
    flags: [project, json],
    args: [],
    run: plain(() => (require("./workspace.js") as typeof import("./workspace.js")).folders)
  },
  {
    name: "file",
    summary: "move a session into a sidebar folder",
    about: "Move a session into a sidebar folder; '' takes it out of the one it is in.",
    flags: [project, json],
    args: [sessionAnd("folder")],
    run: plain(() => (require("./workspace.js") as typeof import("./workspace.js")).file)
  },
  {
    name: "rename-folder",
    summary: "rename a sidebar folder (or take it apart)",
    about: "Rename a folder across every session filed under it (onto a taken name merges the two).",
    flags: [project, json],
    args: [folder, { key: "to", usage: "<new-name>", min: 1, max: 1, about: "'' takes the folder apart" }],
    run: plain(() => (require("./workspace.js") as typeof import("./workspace.js")).renameFolder)
  },
  {
    name: "color-folder",
    summary: "paint the sessions in a folder one color",
    about: "Paint every session filed under a folder one color of the palette.",
    flags: [project, json],
    args: [folder, one("color", "red, orange, amber, green, teal, blue, violet or pink; '' hands the cards back to the theme")],
    run: plain(() => (require("./workspace.js") as typeof import("./workspace.js")).colorFolder)
  },
  {
    name: "theme",
    summary: "list the installed themes, or switch the one in use",
    about: "List the installed themes, or switch the one in use.",
    flags: [json],
    args: [],
    subcommands: [
      {
        name: "list",
        summary: "list the installed themes",
        about: "List the installed themes, system first, with each one's scheme and the one in use marked.",
        flags: [json],
        args: [],
        run: plain(() => (require("./theme.js") as typeof import("./theme.js")).list)
      },
      {
        name: "switch",
        summary: "switch the theme in use",
        about: "Make a theme the one in use; every open window repaints at once.",
        flags: [json],
        args: [one("theme", "a theme's id, or system")],
        run: plain(() => (require("./theme.js") as typeof import("./theme.js")).switchTheme)
      }
    ]
  },
  ...lichRows
]
