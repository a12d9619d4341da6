/** The command table's rows about lich itself and this machine (index.ts holds the table). Plain data. */
import { type CommandSpec, effect, plain } from "../spec.js"
import { bool, json, text } from "./flags.js"

export const lichRows: ReadonlyArray<CommandSpec> = [
  {
    name: "native",
    summary: "open the native window on the running lich",
    about: "Open the native window (experimental) on the running lich, starting one in the background if none runs.",
    flags: [],
    args: [],
    run: plain(() => (require("./native.js") as typeof import("./native.js")).native)
  },
  {
    name: "mcp",
    summary: "serve the session commands as MCP tools over stdio",
    about:
      "Serve the session commands as MCP tools over stdio, one JSON-RPC message per line. lich registers it for the providers that take it at spawn; run it yourself only to point another MCP client at lich.",
    flags: [],
    args: [],
    run: effect("mcp")
  },
  {
    name: "cost",
    summary: "what the sessions lich remembers have cost, per project",
    about: "What the sessions lich remembers have cost, at API prices, per project and in total.",
    flags: [
      text(
        "project",
        "one project, by name (case-insensitive) or the absolute path of its directory; one no session sits under is refused"
      ),
      text("provider", "one session kind: claude, codex, crush, …"),
      text("since", "sessions active within a window: 7d, 24h, 90m"),
      json,
      bool("csv", "per-project rows as CSV, no total")
    ],
    args: [],
    run: plain(() => (require("./cost.js") as typeof import("./cost.js")).cost)
  },
  {
    name: "errands",
    summary: "the relay's timeline: who asked whom, how each errand ended, how long it took, what it cost",
    about:
      "List the errands the running lich remembers, oldest first: when each went out, its ticket, sender and target, its outcome, how long it took, what the target spent on it and the prompt's first line (lich's own, beyond the contract; docs/timeline.md).",
    flags: [
      text("project", "one project, by name (case-insensitive) or the absolute path of its directory"),
      text("session", "errands this session sent or was sent: its label or id"),
      text("since", "errands sent within a window: 7d, 24h, 90m"),
      bool("json", "one JSON object per line, per errand")
    ],
    args: [],
    run: plain(() => (require("./errands.js") as typeof import("./errands.js")).errands),
    own: true
  },
  {
    name: "doctor",
    summary: "say whether lich would start here, and what would stop it",
    about: "Say whether lich would start on this machine, and what would stop it.",
    flags: [],
    args: [],
    run: effect("doctor")
  },
  {
    name: "rage",
    summary: "collect a bug report from this machine into a tar.gz",
    about: "Collect a bug report from this machine into a tar.gz; nothing is uploaded.",
    flags: [text("output", "where to write the archive (default ./lich-rage-<timestamp>.tar.gz)")],
    args: [],
    run: effect("rage")
  },
  {
    name: "hosts",
    summary: "the other machines lich reaches over ssh, and their state",
    about:
      "List the other machines lich reaches over ssh and their state; add, remove or connect one (lich's own, beyond the contract; docs/hosts.md).",
    flags: [
      json,
      bool("start", "start `lich --no-window` on the host when no lich runs there"),
      text("lich", "the lich command on the host, when it is not `lich` on that host's PATH")
    ],
    args: [{ key: "words", usage: "[add|remove|connect|hello ...]", min: 0, max: Infinity }],
    run: plain(() => (require("./hosts.js") as typeof import("./hosts.js")).hosts),
    own: true
  },
  {
    name: "plugin",
    summary: "lich's plugin for oh-my-pi, Crush, Cursor, Kiro and Antigravity: list, install, update, remove",
    about: "List lich's plugin installs per provider, or install, update or remove one (lich's own, beyond the contract).",
    flags: [json],
    args: [{ key: "words", usage: "[install|update|remove <provider>]", min: 0, max: Infinity }],
    run: plain(() => (require("./plugin.js") as typeof import("./plugin.js")).plugin),
    own: true
  },
  {
    name: "version",
    summary: "print this build's version and the running lich's",
    about: "Print this build's version, and the version of the lich it would talk to.",
    flags: [json],
    args: [],
    run: plain(() => (require("./version.js") as typeof import("./version.js")).version)
  },
  {
    name: "quit",
    summary: "end the running lich and every session in it",
    about: "End the running lich: every session's process ends with it.",
    flags: [],
    args: [],
    run: plain(() => (require("./version.js") as typeof import("./version.js")).quit)
  }
]
