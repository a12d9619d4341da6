// Where lich keeps its files, and which port it listens on.
//
// Every answer is a pure function of an environment passed in, so a test (or a second
// instance under LICH_DEV) resolves its own paths without touching process.env. This file
// is on the CLI's cold-start path: plain node:path/node:os/node:fs, never `effect`.
// It refuses to guess platform config dirs (macOS, Windows): lich runs under XDG rules.

import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"

/** An environment to resolve against; `process.env` by default. */
export type Env = Readonly<Record<string, string | undefined>>

/**
 * 47821: the port the Go lich pinned. Keeping it means install.sh, the companion plugin
 * and a user's firewall notes keep working across the rebuild.
 */
export const DEFAULT_LISTEN_PORT = 47821

/** 0700: the config dir holds the loopback token; nobody else on the machine reads it. */
const DIR_MODE = 0o700

const set = (value: string | undefined): value is string => value !== undefined && value !== ""

/** The home directory, preferring the env's HOME so a test can point it elsewhere. */
const home = (env: Env): string => (set(env.HOME) ? env.HOME : os.homedir())

/**
 * An XDG base directory: the variable when it holds an absolute path, else the fallback
 * under home. The XDG spec says a relative value is invalid and must be ignored.
 */
const xdg = (env: Env, name: string, fallback: string): string => {
  const value = env[name]
  return set(value) && path.isAbsolute(value) ? value : path.join(home(env), fallback)
}

/** `${XDG_CONFIG_HOME || ~/.config}/lich`. */
export const configDir = (env: Env = process.env): string => path.join(xdg(env, "XDG_CONFIG_HOME", ".config"), "lich")

/** `${XDG_DATA_HOME || ~/.local/share}/lich`: worktrees live under it. */
export const dataDir = (env: Env = process.env): string => path.join(xdg(env, "XDG_DATA_HOME", path.join(".local", "share")), "lich")

/**
 * Creates the config dir (and missing parents) with mode 0700, and tightens an existing
 * one to 0700: a dir made by an older build, or under a loose umask, still holds the token.
 * Returns its path.
 */
export const ensureConfigDir = (env: Env = process.env): string => {
  const dir = configDir(env)
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE })
  fs.chmodSync(dir, DIR_MODE)
  return dir
}

/**
 * LICH_DEV non-empty: a dev build runs beside the daily driver and must not share its
 * runtime file, database or log — overwriting (or, on exit, deleting) the other's
 * runtime file would strand every session of the other one.
 */
export const isDev = (env: Env = process.env): boolean => set(env.LICH_DEV)

const named = (env: Env, stem: string, ext: string): string => path.join(configDir(env), `${stem}${isDev(env) ? "-dev" : ""}.${ext}`)

/** `runtime.json`, or `runtime-dev.json` under LICH_DEV. */
export const runtimeFile = (env: Env = process.env): string => named(env, "runtime", "json")

/** `lich.db`, or `lich-dev.db` under LICH_DEV. */
export const dbFile = (env: Env = process.env): string => named(env, "lich", "db")

/** `lich.log`, or `lich-dev.log` under LICH_DEV. */
export const logFile = (env: Env = process.env): string => named(env, "lich", "log")

/** A TCP port written as digits only, 1–65535; anything else is undefined. */
export const parsePort = (text: string): number | undefined => {
  if (!/^\d{1,5}$/.test(text)) return undefined
  const port = Number(text)
  return port >= 1 && port <= 65535 ? port : undefined
}

/**
 * The port this lich binds: LICH_LISTEN_PORT, else 47821. Throws on a value that is not a
 * port, rather than falling back and binding somewhere the user did not ask for.
 *
 * Never LICH_PORT: that is the per-session variable lich injects into each PTY, so a lich
 * started inside a session would try to bind its parent's port.
 */
export const listenPort = (env: Env = process.env): number => {
  const text = env.LICH_LISTEN_PORT
  if (!set(text)) return DEFAULT_LISTEN_PORT
  const port = parsePort(text.trim())
  if (port === undefined) {
    throw new Error(
      `LICH_LISTEN_PORT is ${JSON.stringify(text)}, which is not a port: ` +
        `set it to a whole number from 1 to 65535, or unset it to use ${DEFAULT_LISTEN_PORT}`
    )
  }
  return port
}
