// Is the lich the runtime file names actually running?
//
// A leftover runtime.json is what an unclean exit leaves behind, and a second launch that
// cannot bind its port has to tell "a live lich holds it" (focus it, exit 0) from "a stray
// process holds it" (a real error). Only lich answers /ping behind its token, so a 204
// proves both that the process is alive and that it is lich. On the CLI's cold-start
// path: the loopback client (loopback.ts), never `effect`.

import { call } from "./loopback.js"
import type { Env } from "./paths.js"
import { type Runtime, readRuntime, removeRuntime } from "./runtime.js"

/** What the runtime file says about a running lich. */
export type Probe =
  | { readonly state: "running"; readonly runtime: Runtime }
  | { readonly state: "stale"; readonly runtime: Runtime }
  | { readonly state: "none" }

/**
 * 1 s: a loopback GET answers in microseconds, so one that takes a second means the
 * recorded lich is gone or wedged. The Go lich used the same bound.
 */
export const PING_TIMEOUT_MS = 1000

/**
 * Whether a process with this pid exists. Signal 0 checks without signalling; EPERM means
 * it exists but belongs to someone else, which is still alive. A pid that is not a
 * positive integer is never alive: kill(0) or kill(-1) would address process groups.
 */
export const pidAlive = (pid: number): boolean => {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * Whether a lich listener on 127.0.0.1:port answers `GET /ping?token=` with 204 within
 * timeoutMs. Never rejects: refused, reset, slow or any other status is false.
 */
export const ping = async (port: number, token: string, timeoutMs: number = PING_TIMEOUT_MS): Promise<boolean> => {
  const outcome = await call({ port, token }, "/ping", { method: "GET", timeoutMs })
  return outcome._tag === "reply" && outcome.status === 204
}

/**
 * What the runtime file for this environment says: `none` when there is no (well-formed)
 * file; `running` when its pid is alive and its port answers its token; `stale` when the
 * pid is dead or nothing answers — the leftover of an unclean exit, or a wedged lich.
 */
export const probeRunning = async (env: Env = process.env, timeoutMs: number = PING_TIMEOUT_MS): Promise<Probe> => {
  const runtime = readRuntime(env)
  if (runtime === undefined) return { state: "none" }
  if (!pidAlive(runtime.pid)) return { state: "stale", runtime }
  return (await ping(runtime.port, runtime.token, timeoutMs)) ? { state: "running", runtime } : { state: "stale", runtime }
}

/**
 * Removes the runtime file when it is stale, and only the one that was probed (another
 * lich may have written its own meanwhile). Returns whether it removed one.
 */
export const cleanStale = async (env: Env = process.env, timeoutMs: number = PING_TIMEOUT_MS): Promise<boolean> => {
  const probe = await probeRunning(env, timeoutMs)
  return probe.state === "stale" && removeRuntime(env, probe.runtime.pid)
}
