/**
 * A command group (`lich theme list|switch`) named with no subcommand, or an unknown one. Left to
 * @effect/cli, the first prints the group's whole help page and exits 0, the second a sentence about
 * "lich"; either way a script cannot tell it asked for nothing. Refused here with one line naming the
 * subcommands the group takes, before the parser runs.
 */
const orList = (names: ReadonlyArray<string>) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`

/** The refusal for `lich <group> <args…>`, or undefined when the args name one of `subs`. */
export const subcommandRefusal = (group: string, subs: ReadonlyArray<string>, args: ReadonlyArray<string>): string | undefined => {
  if (subs.length === 0) return undefined
  const word = args.find((a) => !a.startsWith("-"))
  if (word === undefined) return `${group} needs a subcommand (${orList(subs)}) — \`lich ${group} --help\` says what each does`
  if (!subs.includes(word)) return `unknown subcommand "${word}" for lich ${group} — it takes ${orList(subs)}`
  return undefined
}
