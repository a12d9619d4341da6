/**
 * The one parser: a command line read against its command's row (spec.ts). Every command goes
 * through it, so a flag parses, refuses and shows in `--help` the same way everywhere. Every refusal
 * is one line naming the actual mistake — agents read it and act on it. Imports no `effect`.
 *
 * The rules: flags go anywhere before `--` and nothing after it is one; a flag is a `--name` or
 * `--name=value` token with no space in it, so a prompt such as "--json is the flag" or "- fixed it"
 * is still a prompt; `--help` or `-h` before `--` asks for the page; a valued flag takes the next
 * token unless that is a flag itself.
 */
import { usageLine } from "./render/help.js"
import { quote } from "./safeText.js"
import { type ArgSpec, type CommandSpec, type FlagSpec, flagKey, type Values } from "./spec.js"

export type Parsed =
  | { readonly _tag: "run"; readonly spec: CommandSpec; readonly path: string; readonly values: Values }
  | { readonly _tag: "help"; readonly spec: CommandSpec; readonly path: string }
  | { readonly _tag: "usage"; readonly message: string }

/** A `--name` or `--name=value` token with no space in it: a flag, never a prompt. */
export const FLAG_TOKEN = /^(--[A-Za-z][\w-]*)(?:=(.*))?$/s

const usage = (message: string): Parsed => ({ _tag: "usage", message })

/** The arguments before `--`, where flags are read. */
const flagZone = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const end = args.indexOf("--")
  return end < 0 ? args : args.slice(0, end)
}

const orList = (names: ReadonlyArray<string>) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`

type Raw = string | number | boolean

/** One valued flag's value, checked against its kind; a string is the refusal. */
const checkedValue = (f: FlagSpec, value: string): { ok: Raw } | { no: string } => {
  if (f.kind === "text") return { ok: value }
  if (f.kind === "integer")
    return /^-?\d+$/.test(value) ? { ok: Number(value) } : { no: `--${f.name} takes a whole number, not ${quote(value)}` }
  if (f.kind === "boolean") return { no: `--${f.name} takes no value` }
  return f.kind.choices.includes(value) ? { ok: value } : { no: `--${f.name} takes ${orList(f.kind.choices)}, not ${quote(value)}` }
}

const defaultOf = (f: FlagSpec): Raw => (f.kind === "boolean" ? false : f.kind === "integer" ? 0 : "")

interface Split {
  readonly flags: Map<string, Raw>
  readonly words: ReadonlyArray<string>
}

/** Flags out of the words, each checked; the first mistake as a line. */
const splitFlags = (spec: CommandSpec, path: string, args: ReadonlyArray<string>): Split | string => {
  const flags = new Map<string, Raw>()
  const words: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === "--") {
      words.push(...args.slice(i + 1))
      break
    }
    const m = FLAG_TOKEN.exec(a)
    if (!m) {
      words.push(a)
      continue
    }
    const f = spec.flags.find((x) => `--${x.name}` === m[1])
    if (!f) return `unknown flag ${quote(m[1]!)} for lich ${path} — \`lich ${path} --help\` lists the flags it takes`
    if (flags.has(f.name)) return `--${f.name} is given twice — give it once`
    let raw = m[2]
    if (f.kind === "boolean" && raw === undefined) {
      flags.set(f.name, true)
      continue
    }
    if (f.kind === "boolean") {
      if (raw !== "true" && raw !== "false") return `--${f.name} takes no value`
      flags.set(f.name, raw === "true")
      continue
    }
    if (raw === undefined) {
      const next = args[i + 1]
      if (next === undefined || next === "--" || FLAG_TOKEN.test(next))
        return `--${f.name} needs a value — \`lich ${path} --help\` says what it takes`
      raw = next
      i++
    }
    const v = checkedValue(f, raw)
    if ("no" in v) return v.no
    flags.set(f.name, v.ok)
  }
  return { flags, words }
}

/** The words dealt to the arguments in order, each taking what the ones after it leave. */
const bindArgs = (spec: CommandSpec, path: string, words: ReadonlyArray<string>): Map<string, Array<string>> | string => {
  const bound = new Map<string, Array<string>>()
  const line = `usage: lich ${usageLine(spec, path)}`
  // Too few words: the required arguments are filled in order, so the first one left empty is named.
  let need = 0
  for (const a of spec.args) {
    need += a.min
    if (need > words.length) return `${path} needs ${a.usage} — ${line}`
  }
  let at = 0
  for (let k = 0; k < spec.args.length; k++) {
    const a: ArgSpec = spec.args[k]!
    const later = spec.args.slice(k + 1).reduce((n, x) => n + x.min, 0)
    const take = Math.min(a.max, Math.max(0, words.length - at - later))
    bound.set(a.key, words.slice(at, at + take))
    at += take
  }
  if (at < words.length) return `${path} takes no more arguments, but got ${quote(words[at]!)} — ${line}`
  return bound
}

const valuesOf = (spec: CommandSpec, flags: Map<string, Raw>, bound: Map<string, Array<string>>): Values => {
  const byKey = new Map<string, Raw>(spec.flags.map((f) => [flagKey(f.name), flags.get(f.name) ?? defaultOf(f)]))
  const get = (key: string) => {
    if (!byKey.has(key)) throw new Error(`lich ${spec.name} has no flag ${key}`)
    return byKey.get(key)
  }
  const words = (key: string) => {
    const w = bound.get(key)
    if (w === undefined) throw new Error(`lich ${spec.name} has no argument ${key}`)
    return w
  }
  return {
    flag: (k) => get(k) === true,
    text: (k) => String(get(k)),
    int: (k) => Number(get(k)),
    arg: (k) => words(k)[0] ?? "",
    args: (k) => words(k),
    has: (k) => words(k).length > 0
  }
}

/** A group's subcommand, with the group's flags added to its own; or the refusal. */
const subcommand = (group: CommandSpec, args: ReadonlyArray<string>): { spec: CommandSpec; rest: Array<string> } | string => {
  const subs = group.subcommands!.map((s) => s.name)
  const zone = flagZone(args)
  const i = zone.findIndex((a) => !a.startsWith("-"))
  if (i < 0) return `${group.name} needs a subcommand (${orList(subs)}) — \`lich ${group.name} --help\` says what each does`
  const sub = group.subcommands!.find((s) => s.name === zone[i])
  if (!sub) return `unknown subcommand ${quote(zone[i]!)} for lich ${group.name} — it takes ${orList(subs)}`
  const own = new Set(sub.flags.map((f) => f.name))
  const spec = { ...sub, flags: [...group.flags.filter((f) => !own.has(f.name)), ...sub.flags] }
  return { spec, rest: [...args.slice(0, i), ...args.slice(i + 1)] }
}

/** `lich <spec.name> <args…>` read against its row. */
export const parse = (spec: CommandSpec, args: ReadonlyArray<string>): Parsed => {
  const wantsHelp = flagZone(args).some((a) => a === "--help" || a === "-h")
  let leaf = spec
  let rest = [...args]
  let path = spec.name
  if (spec.subcommands) {
    const picked = subcommand(spec, args)
    if (typeof picked === "string") return wantsHelp ? { _tag: "help", spec, path } : usage(picked)
    leaf = picked.spec
    rest = picked.rest
    path = `${spec.name} ${leaf.name}`
  }
  if (wantsHelp) return { _tag: "help", spec: leaf, path }
  const split = splitFlags(leaf, path, rest)
  if (typeof split === "string") return usage(split)
  const bound = bindArgs(leaf, path, split.words)
  if (typeof bound === "string") return usage(bound)
  return { _tag: "run", spec: leaf, path, values: valuesOf(leaf, split.flags, bound) }
}
