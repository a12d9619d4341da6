/**
 * `lich help`, each command's usage line and its `--help` page: all read off the command table's
 * rows (spec.ts), so what help shows is what the parser takes. Pure.
 */
import type { CommandSpec, FlagSpec } from "../spec.js"

/** Appended to the summary of a command beyond the contract, where `lich help` lists it. */
export const OWN = "(lich's own, beyond the contract)"

const flagUsage = (f: FlagSpec): string => {
  if (f.kind === "boolean") return `[--${f.name}]`
  if (typeof f.kind === "string") return `[--${f.name} ${f.kind}]`
  return `[--${f.name} ${f.kind.choices.join(" | ")}]`
}

/** `send [--project text] [--timeout integer] [--private] [--json] <session> <prompt>` */
export const usageLine = (spec: CommandSpec, path = spec.name): string => {
  const parts = [path, ...spec.flags.map(flagUsage)]
  if (spec.subcommands) parts.push(spec.subcommands.map((s) => s.name).join(" | "))
  parts.push(...spec.args.map((a) => a.usage))
  return parts.join(" ")
}

const table = (rows: ReadonlyArray<readonly [string, string]>): Array<string> => {
  const width = Math.max(...rows.map(([l]) => l.length))
  return rows.map(([l, r]) => `  ${l.padEnd(width)}  ${r}`.trimEnd())
}

/** `lich <command> --help`: the usage line, what it does, then each flag, argument and subcommand. */
export const commandHelp = (spec: CommandSpec, path = spec.name): string => {
  const rows: Array<readonly [string, string]> = [
    ...spec.flags.map((f) => [flagUsage(f).slice(1, -1), f.about] as const),
    ...spec.args.map((a) => [a.usage, a.about ?? ""] as const),
    ...(spec.subcommands ?? []).map((s) => [usageLine(s), s.about] as const)
  ]
  return [`usage: lich ${usageLine(spec, path)}`, "", spec.about, ...(rows.length > 0 ? ["", ...table(rows)] : [])].join("\n")
}

/** `lich help`: every command with its one-line summary, `help` among them. */
export const renderHelp = (version: string, rows: ReadonlyArray<CommandSpec>): string =>
  [
    `lich ${version} — run coding agents side by side, and let them hand each other work.`,
    "",
    "usage: lich <command> [flags] [args]",
    "       lich [--no-window] [--shell <path>] [-- <browser flags>]   start lich",
    "",
    "commands:",
    ...table(rows.map((r) => [r.name, r.own ? `${r.summary} ${OWN}` : r.summary] as const)),
    "",
    "Run `lich <command> --help` for a command's flags. Commands that print data take --json: one JSON line instead of prose."
  ].join("\n")
