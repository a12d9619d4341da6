// One backend per config dir, decided by a lock rather than by the port.
//
// Two backends started together with different LICH_LISTEN_PORTs both bind, both open lich.db
// and fight over it while runtime.json names one; with the same port the loser reads the bind
// failure as an error. The lock is an exclusive SQLite transaction held open on `lich.lock`
// (`lich-dev.lock` under LICH_DEV) for the life of the backend: an OS file lock (fcntl), so it is
// released by the kernel when the process ends however it ends — SIGKILL and power loss leave no
// stale lock to clean up, unlike a pid file. SQLite is already how the backend keeps its state, so
// this costs no new dependency. Server only: the CLI never takes it, and the package is free of
// side effects, so the CLI's bundle leaves this module (and better-sqlite3) out.

import * as fs from "node:fs"
import * as path from "node:path"
import Database from "better-sqlite3"
import { configDir, type Env, ensureConfigDir, isDev } from "./paths.js"

/** `lich.lock`, or `lich-dev.lock` under LICH_DEV: beside the database it protects. */
export const lockFile = (env: Env = process.env): string => path.join(configDir(env), `lich${isDev(env) ? "-dev" : ""}.lock`)

/** A held lock; `release` ends the transaction and closes the handle (the process ending does too). */
export interface HeldLock {
  readonly file: string
  readonly release: () => void
}

export type LockAttempt = { readonly _tag: "held"; readonly lock: HeldLock } | { readonly _tag: "taken"; readonly file: string }

/**
 * Takes this config dir's lock, or reports it taken by another process. Never waits: a second
 * backend has nothing to wait for. Throws only when the lock file cannot be made or opened at all
 * (no config dir, no permission), with a message naming the file.
 */
export const acquireLock = (env: Env = process.env): LockAttempt => {
  ensureConfigDir(env)
  const file = lockFile(env)
  let db: Database.Database
  try {
    db = new Database(file)
    fs.chmodSync(file, 0o600)
    // 0 ms: a held lock means another backend owns this dir; asking again later would not change that.
    db.pragma("busy_timeout = 0")
  } catch (error) {
    throw new Error(`cannot open the lock file ${file}: ${(error as Error).message}`, { cause: error })
  }
  // Nothing is ever written; the transaction exists for its lock. A journal kept in memory leaves no
  // lich.lock-journal beside it (reading the mode is refused with SQLITE_BUSY while another holds it).
  try {
    db.pragma("journal_mode = MEMORY")
    db.exec("BEGIN EXCLUSIVE")
  } catch (error) {
    db.close()
    if ((error as { code?: string }).code === "SQLITE_BUSY") return { _tag: "taken", file }
    throw new Error(`cannot lock ${file}: ${(error as Error).message}`, { cause: error })
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    try {
      db.exec("ROLLBACK")
    } finally {
      db.close()
    }
  }
  return { _tag: "held", lock: { file, release } }
}
