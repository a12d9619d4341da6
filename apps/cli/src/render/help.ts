/** `lich help`: every command with its one-line summary. Per-command help is generated from flags. */
export const renderHelp = (version: string, rows: ReadonlyArray<{ name: string; summary: string }>): string => {
  const width = Math.max(...rows.map((r) => r.name.length))
  return [
    `lich ${version} — run coding agents side by side, and let them hand each other work.`,
    "",
    "usage: lich <command> [flags] [args]",
    "       lich [--no-window] [--shell <path>] [-- <browser flags>]   start lich",
    "",
    "commands:",
    ...rows.map((r) => `  ${r.name.padEnd(width)}  ${r.summary}`),
    "",
    "Run `lich <command> --help` for a command's flags. Commands that print data take --json: one JSON line instead of prose."
  ].join("\n")
}
