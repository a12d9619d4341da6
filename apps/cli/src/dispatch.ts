/**
 * What argv means before any command parser sees it. Bare `lich`, `--no-window`, `--shell <path>`
 * and `-- <chromium flags>` start the app; a known word is a command; any other word is refused
 * with a guess — a typo must never open a window.
 */
import { quote } from "./safeText.js"

export type Dispatch =
  | { readonly _tag: "app"; readonly window: boolean; readonly shell: string; readonly browserFlags: ReadonlyArray<string> }
  | { readonly _tag: "command"; readonly name: string; readonly args: ReadonlyArray<string> }
  | { readonly _tag: "help"; readonly topic: string }
  | { readonly _tag: "unknown"; readonly word: string; readonly suggestion: string }
  | { readonly _tag: "usage"; readonly message: string }

/** Edit distance: "did you mean" is offered below 4, where a guess is still likely the intent. */
export const levenshtein = (a: string, b: string): number => {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1))
      prev = cur
    }
  }
  return row[b.length]!
}

const MAX_SUGGESTION_DISTANCE = 4

export const suggest = (word: string, names: ReadonlyArray<string>): string => {
  let best = ""
  let bestD = MAX_SUGGESTION_DISTANCE
  for (const n of names) {
    const d = levenshtein(word.toLowerCase(), n)
    if (d < bestD) {
      best = n
      bestD = d
    }
  }
  return best
}

export const dispatch = (argv: ReadonlyArray<string>, names: ReadonlyArray<string>): Dispatch => {
  const first = argv[0]
  if (first === undefined || (first.startsWith("-") && !["--help", "-h", "--version"].includes(first))) {
    return appArgs(argv)
  }
  if (first === "--help" || first === "-h") return { _tag: "help", topic: "" }
  if (first === "--version") return { _tag: "command", name: "version", args: [] }
  if (first === "help") return { _tag: "help", topic: argv[1] ?? "" }
  if (names.includes(first)) return { _tag: "command", name: first, args: argv.slice(1) }
  return { _tag: "unknown", word: first, suggestion: suggest(first, names) }
}

const appArgs = (argv: ReadonlyArray<string>): Dispatch => {
  let window = true
  let shell = ""
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === "--") return { _tag: "app", window, shell, browserFlags: argv.slice(i + 1) }
    if (a === "--no-window") window = false
    else if (a === "--shell") {
      const v = argv[++i]
      if (v === undefined || v === "") return { _tag: "usage", message: "--shell needs the path of a browser: lich --shell <path>" }
      shell = v
    } else if (a.startsWith("--shell=")) shell = a.slice("--shell=".length)
    else
      return {
        _tag: "usage",
        message: `unknown flag ${quote(a)} — lich takes --no-window, --shell <path>, or -- <browser flags>; run \`lich help\` for the commands`
      }
  }
  return { _tag: "app", window, shell, browserFlags: [] }
}

export const unknownCommandLine = (d: { word: string; suggestion: string }): string =>
  `unknown command ${quote(d.word)}${d.suggestion === "" ? "." : ` — did you mean "${d.suggestion}"?`} Run \`lich help\` for the list.`
