/**
 * What the window reads off the machine for a person choosing: directories under a typed path (for
 * the open-project field, ~ expanded, because a person types it), which provider binaries are
 * installed, a repository's branches (for a worktree's base) and a checkout's uncommitted files
 * (what a forced removal would lose). Read-only; nothing here writes.
 */

import * as fs from "node:fs"
import * as nodePath from "node:path"
import { Branches, Completion, DirEntry, DirtyFiles, Failed, ProviderFound } from "@lich/contract"
import { type ProviderId, provider, providerIds, resolveBinary } from "@lich/providers"
import { Effect } from "effect"
import { git } from "./git.js"
import { expandHome } from "./projects.js"

/** 50: a field's suggestion list, not a file manager; the person types on to narrow it. */
export const MAX_ENTRIES = 50

/** Splits "~/src/li" into the directory to list ("/home/u/src") and the prefix to match ("li"). */
export const splitTyped = (typed: string, home: string): { dir: string; prefix: string } | undefined => {
  const raw = typed.trim() === "" ? "~/" : typed.trim()
  const path = expandHome(raw, home)
  if (!nodePath.isAbsolute(path)) return undefined
  // "~" and "~/" expand without the slash that says "list inside it".
  if (raw.endsWith("/") || raw === "~") return { dir: path.endsWith("/") ? path : `${path}/`, prefix: "" }
  return { dir: nodePath.dirname(path), prefix: nodePath.basename(path) }
}

export const complete = (typed: string, home: string): Completion => {
  const split = splitTyped(typed, home)
  if (!split) return new Completion({ dir: "", entries: [] })
  let names: Array<fs.Dirent>
  try {
    names = fs.readdirSync(split.dir, { withFileTypes: true })
  } catch {
    return new Completion({ dir: "", entries: [] })
  }
  // Dot-directories only when the person typed the dot: ~/.cache is rarely a project.
  const hidden = split.prefix.startsWith(".")
  const entries = names
    .filter((d) => (d.isDirectory() || (d.isSymbolicLink() && isDir(nodePath.join(split.dir, d.name)))) && d.name.startsWith(split.prefix))
    .filter((d) => hidden || !d.name.startsWith("."))
    .map((d) => d.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_ENTRIES)
    .map((name) => new DirEntry({ name, path: nodePath.join(split.dir, name) }))
  return new Completion({ dir: split.dir, entries })
}

const isDir = (p: string) => {
  try {
    return fs.statSync(p).isDirectory()
  } catch {
    return false
  }
}

const isExecutable = (p: string) => {
  try {
    fs.accessSync(p, fs.constants.X_OK)
    return fs.statSync(p).isFile()
  } catch {
    return false
  }
}

export const findOnPath = (binary: string, pathVar: string): string => {
  if (binary.includes("/")) return isExecutable(binary) ? binary : ""
  for (const dir of pathVar.split(nodePath.delimiter)) {
    if (dir !== "" && isExecutable(nodePath.join(dir, binary))) return nodePath.join(dir, binary)
  }
  return ""
}

/** Where each CLI comes from, for the line a missing one shows. */
const INSTALL: Partial<Record<ProviderId, string>> = {
  claude: "npm install -g @anthropic-ai/claude-code",
  codex: "npm install -g @openai/codex",
  opencode: "npm install -g opencode-ai"
}

export const providersFound = (
  settings: ReadonlyMap<string, string>,
  env: Readonly<Record<string, string | undefined>>,
  rungs: ReadonlyMap<string, string> = new Map()
) =>
  providerIds
    .filter((id) => id !== "shell")
    .map((id) => {
      const p = provider(id)
      const binary = resolveBinary(id, { setting: settings.get(id), env })
      const found = findOnPath(binary, env.PATH ?? "")
      const install = INSTALL[id] ?? `install ${p.name} so "${p.defaultBinary}" is on PATH`
      return new ProviderFound({
        id,
        name: p.name,
        binary,
        path: found,
        install: `${install}, or set its binary in Settings › Providers`,
        models: p.modelFlag !== undefined,
        efforts: p.effort !== undefined,
        rung: rungs.get(id) ?? "off"
      })
    })

const gitFailed = (what: string) => (e: { detail: string }) => new Failed({ message: `${what}: ${e.detail}` })

export const branchesOf = (dir: string) =>
  Effect.gen(function* () {
    const refs = yield* git(dir, ["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/remotes"]).pipe(
      Effect.mapError(gitFailed(`listing the branches of ${dir} failed`))
    )
    // A detached HEAD is already "" with exit 0; a failure here, in a repository whose refs were just
    // read, is one the person opening the branch list should hear, as the refs' failure is.
    const current = yield* git(dir, ["branch", "--show-current"]).pipe(
      Effect.mapError(gitFailed(`reading the current branch of ${dir} failed`))
    )
    const branches = refs
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.endsWith("/HEAD"))
    return new Branches({ current: current.trim(), branches })
  })

/** `git status --porcelain` paths: what is in no commit in that checkout. */
export const dirtyFiles = (dir: string) =>
  git(dir, ["status", "--porcelain"]).pipe(
    Effect.map(
      (s) =>
        new DirtyFiles({
          path: dir,
          files: s
            .split("\n")
            .filter((l) => l.trim() !== "")
            .map((l) => l.slice(3))
        })
    ),
    Effect.mapError(gitFailed(`reading the status of ${dir} failed`))
  )
