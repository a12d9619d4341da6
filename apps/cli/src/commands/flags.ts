/** Flags and arguments several commands share, so each is spelled and described once. Plain data. */
import { DEFAULT_WAIT_SECONDS, MAX_WAIT_SECONDS } from "@lich/contract"
import type { ArgSpec, FlagSpec } from "../spec.js"

export const json: FlagSpec = { name: "json", kind: "boolean", about: "print one JSON line instead of prose" }

export const project: FlagSpec = {
  name: "project",
  kind: "text",
  about: "the project, by name or by the absolute path of its directory"
}

/** `--host <name>`: the session is on another host's lich, reached over ssh (docs/hosts.md). "" is this machine. */
export const host: FlagSpec = {
  name: "host",
  kind: "text",
  about: "a host added with lich hosts add: the session is on that machine's lich (lich's own, beyond the contract)"
}

export const waitTimeout: FlagSpec = {
  name: "timeout",
  kind: "integer",
  about: `seconds to hold the line for the answer (default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS})`
}

export const text = (name: string, about: string): FlagSpec => ({ name, kind: "text", about })
export const bool = (name: string, about: string): FlagSpec => ({ name, kind: "boolean", about })

/** One required word. */
export const one = (key: string, about?: string): ArgSpec => ({ key, usage: `<${key}>`, min: 1, max: 1, ...(about ? { about } : {}) })

export const session = one("session", "label, roster name or lich id")

/** `[session] <word>`: with two words the first names the session; with one, it is the caller's own. */
export const sessionAnd = (word: string): ArgSpec => ({ key: "words", usage: `[<session>] <${word}>`, min: 1, max: 2 })
