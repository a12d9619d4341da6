/**
 * What a bug report says about this machine, gathered without opening the store: the instance (and
 * whether it answers), the browser, confinement, providers, plugins, the config directory one level
 * deep, and the tails of the logs. The database and the browser profile are named with their size,
 * never read — a bug report must not cost a migration nor carry a workspace.
 */

import * as fs from "node:fs"
import * as path from "node:path"
import { providers, resolveBinary } from "@lich/providers"
import { configDir, dataDir, type Env, isDev, logFile, pidAlive, readRuntime } from "@lich/singleton"
import { withOpenFile } from "../files.js"

/** 4 MiB per log: the tail is where the failure is, and an archive must stay attachable. */
export const LOG_TAIL_BYTES = 4 * 1024 * 1024

/** 5 s: a loopback RPC answers in milliseconds; a lich still silent after five is stuck, not slow. */
export const DIAGNOSTICS_TIMEOUT_MS = 5_000

export type Answer =
  | { readonly _tag: "answered"; readonly pid: number; readonly report: string }
  | { readonly _tag: "refused" }
  | { readonly _tag: "silent" }

export type Instance =
  | { readonly _tag: "none" }
  | { readonly _tag: "running"; readonly pid: number; readonly port: number; readonly report: string }
  | { readonly _tag: "silent"; readonly pid: number | undefined; readonly port: number }

export const instanceLine = (i: Instance): string =>
  i._tag === "none"
    ? "not running"
    : i._tag === "running"
      ? `running (pid ${i.pid}, port ${i.port})`
      : `recorded but not answering (pid ${i.pid ?? "unknown"}, port ${i.port})`

const safeRuntime = (env: Env) => {
  try {
    return readRuntime(env)
  } catch {
    return undefined
  }
}

/** The instance as rage sees it: asked for its diagnostics, which is also the liveness test. */
export const findInstance = async (
  env: Env,
  coordinates: { readonly port: number; readonly token: string } | undefined,
  ask: (port: number, token: string, timeoutMs: number) => Promise<Answer>
): Promise<Instance> => {
  if (coordinates === undefined) return { _tag: "none" }
  const recorded = safeRuntime(env)
  const pid = recorded?.port === coordinates.port ? recorded.pid : undefined
  const answer = await ask(coordinates.port, coordinates.token, DIAGNOSTICS_TIMEOUT_MS)
  if (answer._tag === "answered") return { _tag: "running", pid: answer.pid, port: coordinates.port, report: answer.report }
  // Nothing on the port and no such process: a leftover runtime file, not a lich.
  if (answer._tag === "refused" && (pid === undefined || !pidAlive(pid))) return { _tag: "none" }
  return { _tag: "silent", pid, port: coordinates.port }
}

export interface LogTail {
  readonly name: string
  readonly size: number
  readonly text: string
}

/** The last `limit` bytes of a file, with a line saying what was left out; undefined if absent. */
export const tail = (file: string, limit: number = LOG_TAIL_BYTES): LogTail | undefined =>
  withOpenFile(file, (fd) => {
    const size = fs.fstatSync(fd).size
    const start = Math.max(0, size - limit)
    const buf = Buffer.alloc(size - start)
    fs.readSync(fd, buf, 0, buf.length, start)
    const head = start > 0 ? `[lich rage: ${start} earlier bytes omitted, this is the tail]\n` : ""
    return { name: path.basename(file), size, text: head + buf.toString("utf8") }
  })

/** lich.log and the native window's log, each with its rotated .old. */
export const logFiles = (env: Env): ReadonlyArray<string> => {
  const main = logFile(env)
  const native = path.join(configDir(env), `lich-native${isDev(env) ? "-dev" : ""}.log`)
  return [main, `${main}.old`, native, `${native}.old`]
}

export interface DirEntry {
  readonly name: string
  readonly kind: "dir" | "file" | "link" | "other"
  readonly size: number
  readonly mode: string
  readonly note: string
}

/** Named, sized, never opened: the workspace database and the browser profile. */
const NEVER_READ = /^(lich(-dev)?\.db(-wal|-shm|-journal)?|chromium-profile(-dev)?)$/

export const listDir = (dir: string): ReadonlyArray<DirEntry> => {
  let names: Array<string>
  try {
    names = fs.readdirSync(dir).sort()
  } catch {
    return []
  }
  return names.map((name) => {
    try {
      const st = fs.lstatSync(path.join(dir, name))
      const kind = st.isDirectory() ? "dir" : st.isFile() ? "file" : st.isSymbolicLink() ? "link" : "other"
      return {
        name,
        kind,
        size: st.size,
        mode: (st.mode & 0o777).toString(8).padStart(4, "0"),
        note: NEVER_READ.test(name) ? "named, never read" : ""
      }
    } catch {
      return { name, kind: "other", size: 0, mode: "?", note: "vanished while listed" }
    }
  })
}

export interface ProviderFact {
  readonly id: string
  readonly binary: string
  readonly resolved: string | undefined
  /** Plugin copies lich laid for this provider under its data dir, newest name last. */
  readonly plugins: ReadonlyArray<string>
}

export const providerFacts = (env: Env, which: (name: string) => string | undefined): ReadonlyArray<ProviderFact> =>
  providers
    .filter((p) => p.id !== "shell")
    .map((p) => {
      const binary = resolveBinary(p.id, { env })
      return {
        id: p.id,
        binary,
        resolved: which(binary),
        plugins: listDir(path.join(dataDir(env), "plugins", p.id))
          .map((e) => e.name)
          .filter((n) => !n.startsWith("."))
      }
    })
