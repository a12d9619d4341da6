// The server's view of the singleton files: thin Effect wrappers over paths.ts, runtime.ts
// and probe.ts, so the backend composes them without try/catch and the runtime file's
// lifetime is tied to a Scope. The CLI must not import this file: it pulls in `effect`,
// which the CLI's cold start cannot afford for three file reads.

import { Data, Effect } from "effect"
import type * as Scope from "effect/Scope"
import { acquireLock } from "./lock.js"
import { type Env, ensureConfigDir, listenPort as resolveListenPort } from "./paths.js"
import { cleanStale as clean, PING_TIMEOUT_MS, type Probe, probeRunning } from "./probe.js"
import { type Runtime, removeRuntime, writeRuntime } from "./runtime.js"

/** A singleton file or setting the backend cannot start without. */
export class SingletonError extends Data.TaggedError("SingletonError")<{
  readonly reason: "ListenPort" | "ConfigDir" | "RuntimeFile" | "Lock"
  readonly message: string
  readonly cause?: unknown
}> {}

const messageOf = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

/** The port to bind: LICH_LISTEN_PORT, else 47821; fails on a value that is not a port. */
export const listenPort = (env: Env = process.env): Effect.Effect<number, SingletonError> =>
  Effect.try({
    try: () => resolveListenPort(env),
    catch: (cause) => new SingletonError({ reason: "ListenPort", message: messageOf(cause), cause })
  })

/** Creates the config dir with mode 0700 (tightening an existing one) and yields its path. */
export const configDir = (env: Env = process.env): Effect.Effect<string, SingletonError> =>
  Effect.try({
    try: () => ensureConfigDir(env),
    catch: (cause) => new SingletonError({ reason: "ConfigDir", message: `cannot create the config dir: ${messageOf(cause)}`, cause })
  })

/** What the runtime file says: running, stale (an unclean exit's leftover) or none. */
export const probe = (env: Env = process.env, timeoutMs: number = PING_TIMEOUT_MS): Effect.Effect<Probe, SingletonError> =>
  Effect.tryPromise({
    try: () => probeRunning(env, timeoutMs),
    catch: (cause) => new SingletonError({ reason: "RuntimeFile", message: messageOf(cause), cause })
  })

/** Removes a stale runtime file; yields whether there was one (an unclean-exit notice). */
export const cleanStale = (env: Env = process.env, timeoutMs: number = PING_TIMEOUT_MS): Effect.Effect<boolean, SingletonError> =>
  Effect.tryPromise({
    try: () => clean(env, timeoutMs),
    catch: (cause) => new SingletonError({ reason: "RuntimeFile", message: messageOf(cause), cause })
  })

/**
 * Records this process as the running lich for the life of the Scope: writes the runtime
 * file (0600, atomically) with `process.pid`, and removes it when the Scope closes — only
 * if it still names this pid. Call it once the listener is up, so a reader that finds the
 * file can reach it.
 */
export const register = Effect.fn("Singleton.register")(function* (
  env: Env,
  coordinates: { readonly port: number; readonly token: string; readonly version: string }
): Effect.fn.Return<Runtime, SingletonError, Scope.Scope> {
  const runtime: Runtime = { ...coordinates, pid: process.pid }
  yield* Effect.acquireRelease(
    Effect.try({
      try: () => writeRuntime(env, runtime),
      catch: (cause) => new SingletonError({ reason: "RuntimeFile", message: `cannot write the runtime file: ${messageOf(cause)}`, cause })
    }),
    // Best effort on the way out: a file left behind reads as stale at the next launch.
    () => Effect.try(() => removeRuntime(env, runtime.pid)).pipe(Effect.ignore)
  )
  return runtime
})

/**
 * Holds this config dir's lock for the life of the Scope: `true` when this process now owns the
 * dir, `false` when another backend does (it is starting or running; this one must not). The lock
 * is released when the Scope closes, and by the kernel if the process dies first.
 */
export const lock = (env: Env = process.env): Effect.Effect<boolean, SingletonError, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.try({
      try: () => acquireLock(env),
      catch: (cause) => new SingletonError({ reason: "Lock", message: messageOf(cause), cause })
    }),
    (attempt) => Effect.sync(() => (attempt._tag === "held" ? attempt.lock.release() : undefined))
  ).pipe(Effect.map((attempt) => attempt._tag === "held"))
