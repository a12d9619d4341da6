/**
 * The sandbox's view of this machine: what a path is, where bubblewrap is, and a command wrapped in
 * it. Kept apart from bwrap.ts so the rules stay pure and this stays small.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { bwrapArgs, type ConfineInput, type PathKind } from "./bwrap.js"

export const lookPath = (p: string): PathKind => {
  try {
    const st = fs.lstatSync(p)
    if (st.isSymbolicLink()) return { _tag: "symlink", target: fs.readlinkSync(p) }
    return st.isDirectory() ? { _tag: "dir" } : { _tag: "file" }
  } catch {
    return { _tag: "missing" }
  }
}

/** bubblewrap on PATH, or undefined: Linux only — no other platform has a backend here yet. */
export const findBwrap = (env: Readonly<Record<string, string | undefined>>): string | undefined => {
  if (process.platform !== "linux") return undefined
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue
    const candidate = path.join(dir, "bwrap")
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {
      // not here; keep looking
    }
  }
  return undefined
}

/** Symlinks resolved, so a bind names the directory it means rather than a link to it. */
export const realDir = (p: string): string => {
  try {
    return fs.realpathSync(p)
  } catch {
    return p
  }
}

export interface Command {
  readonly file: string
  readonly args: ReadonlyArray<string>
}

/** The same command, run under bubblewrap with the input's view of the machine. */
export const confine = (bwrap: string, input: ConfineInput, command: Command): Command => ({
  file: bwrap,
  args: [...bwrapArgs(input, lookPath), command.file, ...command.args]
})
