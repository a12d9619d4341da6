/**
 * `lich native`: hands the running lich to the native window, `lich-native`, found beside this lich
 * or at $LICH_NATIVE. The window itself is another program; this command only finds it, makes sure a
 * backend runs, and starts it detached with the backend's coordinates in its environment. A plain
 * command (spec.ts).
 */

import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { coordinates } from "@lich/singleton"
import { exitCodes } from "../exitCodes.js"
import type { Ending } from "../spec.js"

/** The native window is missing, or the backend it needs would not start. Exit 1. */
const refused = (message: string): Ending => ({ _tag: "fail", message, code: exitCodes.Refused })

const executable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

/** $LICH_NATIVE when set, else `lich-native` beside the lich binary; undefined when neither is there. */
export const findNative = (env: NodeJS.ProcessEnv, self: string, isExecutable = executable): string | undefined => {
  const candidates = [...(env.LICH_NATIVE ? [env.LICH_NATIVE] : []), path.join(path.dirname(self), "lich-native")]
  return candidates.find(isExecutable)
}

/** 15 s: a cold backend opens its store and binds its port in well under a second. */
const BACKEND_START_MS = 15_000

/** Starts `lich --no-window` detached and resolves once it says it runs: undefined, or why it did not. */
const startBackend = (self: string) =>
  new Promise<string | undefined>((resolve) => {
    const child = spawn(process.execPath, [self, "--no-window"], { detached: true, stdio: ["ignore", "pipe", "ignore"] })
    let seen = ""
    const timer = setTimeout(() => done("lich --no-window did not start within 15 s"), BACKEND_START_MS)
    const done = (why?: string) => {
      clearTimeout(timer)
      child.stdout!.removeAllListeners("data")
      child.stdout!.destroy()
      child.unref()
      resolve(why)
    }
    child.stdout!.on("data", (d: Buffer) => {
      seen += d.toString("utf8")
      if (/is running on port|already running/.test(seen)) done()
    })
    child.once("exit", (code) => done(`lich --no-window exited (${code}) before it ran`))
  })

export const native = async (): Promise<Ending> => {
  const self = process.env.LICH_SELF ?? process.argv[1] ?? "lich"
  const file = findNative(process.env, self)
  if (file === undefined) {
    return refused(
      `the native window is not installed: no lich-native beside ${self}${process.env.LICH_NATIVE ? ` nor at LICH_NATIVE=${process.env.LICH_NATIVE}` : " and LICH_NATIVE is not set"}`
    )
  }
  if (!coordinates(process.env)) {
    const why = await startBackend(self)
    if (why !== undefined) return refused(why)
  }
  const c = coordinates(process.env)
  if (!c) return refused("lich started but left no runtime file to find it by")
  const child = spawn(file, [], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, LICH_PORT: String(c.port), LICH_TOKEN: c.token }
  })
  child.unref()
  return { _tag: "out", text: `Opening the native window on lich (port ${c.port}).`, code: exitCodes.answered }
}
