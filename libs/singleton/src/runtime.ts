// The runtime file: the running lich's loopback coordinates, and how a caller finds them.
//
// The backend writes runtime.json once its listener is up and removes it on a clean exit;
// the CLI, install.sh and a second launch read it to reach the lich running on this
// machine. The file is only a pointer — the port bind is the single-instance lock — so
// this module never locks anything. It is on the CLI's cold-start path: plain node:fs,
// never `effect`.

import * as crypto from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { type Env, ensureConfigDir, parsePort, runtimeFile } from "./paths.js"

/** The running lich as runtime.json records it. */
export interface Runtime {
  readonly port: number
  readonly token: string
  readonly pid: number
  readonly version: string
}

/** Where a caller's coordinates came from: its session's environment, or the runtime file. */
export interface Coordinates {
  readonly port: number
  readonly token: string
  readonly source: "env" | "runtime"
}

/** 0600: the token is a loopback credential and the file outlives the process's sessions. */
const FILE_MODE = 0o600

/** 16 bytes: the Go lich's token length; 128 bits is past guessing over loopback. */
const TOKEN_BYTES = 16

/** A fresh per-launch token: 16 random bytes as hex. It lives in memory and this file only. */
export const newToken = (): string => crypto.randomBytes(TOKEN_BYTES).toString("hex")

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const isPid = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0

/**
 * The file's contents as a Runtime, or undefined when they do not name a reachable lich.
 * A missing `version` reads as "": the Go lich wrote `{pid,port,token}` only, and a CLI
 * that ignored its file would report no lich running while one is.
 */
const decode = (text: string): Runtime | undefined => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!isObject(value)) return undefined
  const { port, token, pid, version = "" } = value
  if (!Number.isInteger(port) || parsePort(String(port)) === undefined) return undefined
  if (typeof token !== "string" || token === "") return undefined
  if (!isPid(pid) || typeof version !== "string") return undefined
  return { port: port as number, token, pid, version }
}

/** Why the runtime file cannot be read, in words that say what to do about it. */
export const unreadable = (file: string, code: string | undefined): string =>
  code === "EISDIR"
    ? `${file} is a directory, where lich keeps the running instance's coordinates in a file — remove it (rmdir) and try again`
    : code === "EACCES" || code === "EPERM"
      ? `${file} cannot be read or replaced (permission denied) — give your user back ${path.dirname(file)} (chown/chmod u+rwx) and try again`
      : `cannot read ${file} (${code ?? "unknown error"}) — check the disk and that directory, then try again`

/** The file's text, or undefined when there is no file (or no config dir) to read. */
const readText = (file: string): string | undefined => {
  try {
    return fs.readFileSync(file, "utf8")
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === "ENOENT" || code === "ENOTDIR") return undefined
    // Unreadable is not "no lich running": saying so would send the user to open a second one.
    throw new Error(unreadable(file, code), { cause: error })
  }
}

/**
 * The running lich recorded for this environment (runtime-dev.json under LICH_DEV), or
 * undefined when the file is missing or malformed. Throws only when the file exists and
 * cannot be read.
 */
export const readRuntime = (env: Env = process.env): Runtime | undefined => {
  const text = readText(runtimeFile(env))
  return text === undefined ? undefined : decode(text)
}

/**
 * Records `runtime` as this environment's running lich, creating the config dir (0700) if
 * needed. Atomic: written to a sibling temp file with mode 0600, then renamed over the old
 * one, so a reader sees the previous file or this one, never half of either. Returns the path.
 */
export const writeRuntime = (env: Env, runtime: Runtime): string => {
  ensureConfigDir(env)
  const file = runtimeFile(env)
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  const { port, token, pid, version } = runtime
  try {
    const fd = fs.openSync(tmp, "w", FILE_MODE)
    try {
      // openSync's mode only applies to a file it creates, and under the umask: set it outright.
      fs.fchmodSync(fd, FILE_MODE)
      fs.writeFileSync(fd, JSON.stringify({ pid, port, token, version }))
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(tmp, file)
  } catch (error) {
    fs.rmSync(tmp, { force: true })
    throw error
  }
  return file
}

/**
 * Removes the runtime file only if it still names `pid`: a lich exiting after another one
 * took over must not delete its successor's coordinates. Returns whether it removed it.
 * Reads the pid alone, so a file this pid wrote is removable even if the rest is damaged.
 */
export const removeRuntime = (env: Env, pid: number): boolean => {
  const file = runtimeFile(env)
  const text = readText(file)
  if (text === undefined) return false
  let named: unknown
  try {
    named = (JSON.parse(text) as { pid?: unknown } | null)?.pid
  } catch {
    return false
  }
  if (named !== pid) return false
  try {
    fs.rmSync(file, { force: true })
  } catch (error) {
    throw new Error(unreadable(file, (error as NodeJS.ErrnoException).code), { cause: error })
  }
  return true
}

/**
 * The lich a caller should talk to. LICH_PORT + LICH_TOKEN from the environment win over
 * the runtime file, and that order is load-bearing: a session belongs to the lich that
 * spawned it, and with a daily driver beside a dev build the file names only one of them.
 * Falls back to the runtime file when either variable is empty; undefined when neither
 * names a lich. Throws when the environment carries a token with a LICH_PORT that is not
 * a port — falling back then would send the message to a lich the session does not belong to.
 */
export const coordinates = (env: Env = process.env): Coordinates | undefined => {
  const portText = env.LICH_PORT ?? ""
  const token = env.LICH_TOKEN ?? ""
  if (portText !== "" && token !== "") {
    const port = parsePort(portText.trim())
    if (port === undefined) {
      throw new Error(
        `LICH_PORT is ${JSON.stringify(portText)}, which is not a port, so the lich this session ` +
          `belongs to cannot be reached — run this from a session of a running lich`
      )
    }
    return { port, token, source: "env" }
  }
  const runtime = readRuntime(env)
  return runtime === undefined ? undefined : { port: runtime.port, token: runtime.token, source: "runtime" }
}
