/**
 * The PTY adapter that keeps PTYs in the PTY host rather than in the backend, so they outlive it.
 * Terminals and everything above it see the same `PtyAdapter`; what changes is where the PTY lives.
 *
 * A host is started on first need (the first spawn) and reused for as long as it lives. At start a
 * backend adopts what a running host kept: it lists the host's PTYs and attaches to each, the host
 * replaying its ring first. A host that dies is noticed by its connection closing: every PTY it
 * held is reported ended (its process is killed, should it have survived the hang-up), and the next
 * spawn starts a new host. When the backend's scope closes (quit, SIGTERM) the host is told to end
 * every PTY and exit; a backend that is killed says nothing, and the host goes on.
 */
import type { ChildProcess } from "node:child_process"
import type { Env } from "@lich/singleton"
import { type KeptPty, NodePtyLayer, PtyAdapter, type PtyProcess, PtySpawnError, type PtySpawnOptions } from "@lich/terminal"
import { Effect, Exit, Layer, Runtime } from "effect"
import { type Connection, open } from "./connection.js"
import { ensureSecret, launchHost } from "./launch.js"
import { MAX_SOCKET_PATH_BYTES, socketPath } from "./protocol.js"

export interface HostPtyOptions {
  readonly env: Env
  /** The host's bundle, dist/ptyhost.cjs. */
  readonly script: string
  /** The backend's token: a host it starts keeps it for the backend that comes after. */
  readonly token: string
}

/** 5 s: the host gives its PTYs 1 s after SIGHUP, then SIGKILL; past this it is wedged and left. */
const SHUTDOWN_TIMEOUT_MS = 5_000
/** What a PTY whose host died reports: killed, as it was (by the hang-up, or by us after it). */
const HOST_DIED = { exitCode: 0, signal: 9 } as const

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The host is gone (it died, or it was killed): its PTYs hung up with it. Ends each for Terminals. */
const hostDied = (conn: Connection, warn: (line: string) => void) => {
  const held = [...conn.procs.values()]
  conn.procs.clear()
  if (held.length > 0) warn(`the PTY host died: its ${held.length} session(s) ended with it`)
  for (const p of held) {
    try {
      process.kill(p.pid, "SIGKILL")
    } catch {
      // already gone with the hang-up, as it should be
    }
    p.end(HOST_DIED)
  }
}

const spawnOn = (conn: Connection, so: PtySpawnOptions) =>
  Effect.gen(function* () {
    const { id = "", file, args, cwd, env, cols, rows } = so
    const answer = yield* Effect.promise(() => conn.request({ t: "spawn", id, file, args, cwd, env, cols, rows }))
    const proc = answer.t === "spawned" ? conn.procs.get(answer.h) : undefined
    if (proc !== undefined) return proc as PtyProcess
    const failed = answer.t === "failed" ? answer : { reason: "host", message: `cannot start ${file}: the PTY host went away` }
    return yield* new PtySpawnError({ file, cwd, reason: failed.reason, message: failed.message })
  })

/** Lists what the host kept and attaches to each: the ring comes first on each one's data. */
const attachAll = (conn: Connection, hello: { readonly pid: number; readonly version: string }) =>
  Effect.gen(function* () {
    const listing = yield* Effect.promise(() => conn.list())
    const kept: ReadonlyArray<KeptPty> = listing.map((l) => ({ id: l.id, proc: conn.attach(l.h, l.pid) }))
    if (kept.length > 0)
      yield* Effect.logInfo(`re-attached ${kept.length} session(s) kept by the PTY host (pid ${hello.pid}, lich ${hello.version})`)
    return kept
  })

/**
 * Quit or a signal: the host ends every PTY and exits. Its connection closes with its process (it
 * exits right after the bye), so a host this backend only adopted is gone once `shutdown` returns;
 * one it started is also waited for as its child, which reaps it.
 */
const letGo = async (conn: Connection | undefined, launched: ChildProcess | undefined, exit: Exit.Exit<unknown, unknown>) => {
  // A backend that failed (not quit, not a signal) says nothing: the host keeps its sessions.
  if (Exit.isFailure(exit) && !Exit.isInterrupted(exit)) return conn?.detach()
  await conn?.shutdown(SHUTDOWN_TIMEOUT_MS)
  if (launched === undefined || launched.exitCode !== null || launched.signalCode !== null) return
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SHUTDOWN_TIMEOUT_MS)
    launched.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/**
 * The backend's one connection to the host: made when a spawn needs it (launching the host when none
 * runs), adopted when one runs already, and forgotten when it closes — a close the backend did not
 * ask for is the host dying, and every PTY it held ends with it (hostDied).
 */
const hostLink = (o: HostPtyOptions, secret: string, warn: (line: string) => void, lock: Effect.Semaphore) => {
  const link: { current: Connection | undefined; launched: ChildProcess | undefined } = { current: undefined, launched: undefined }
  const keep = (conn: Connection) => {
    conn.onClose = () => {
      if (link.current === conn) link.current = undefined
      if (!conn.leaving) hostDied(conn, warn)
    }
    link.current = conn
    return conn
  }
  const connect = Effect.tryPromise(() => open(socketPath(o.env), secret, o.token))
  const ensure = lock.withPermits(1)(
    Effect.gen(function* () {
      if (link.current !== undefined && !link.current.closed) return link.current
      let found = yield* connect
      if (found === undefined) {
        link.launched = (yield* Effect.tryPromise(() => launchHost(o.env, o.script))).child
        found = yield* connect
      }
      if (found === undefined) return yield* Effect.fail(new Error("the PTY host started but does not answer"))
      return keep(found.conn)
    })
  )
  return { link, keep, connect, ensure }
}

const make = (o: HostPtyOptions) =>
  Effect.gen(function* () {
    const runtime = yield* Effect.runtime<never>()
    const warn = (line: string) => void Runtime.runFork(runtime)(Effect.logWarning(line))
    const secret = yield* Effect.try(() => ensureSecret(o.env)).pipe(Effect.orDie)
    const lock = yield* Effect.makeSemaphore(1)
    const { link, keep, connect, ensure } = hostLink(o, secret, warn, lock)

    // Once per session start, not per byte: the process it returns writes and reads untraced.
    const spawn = Effect.fn("HostPty.spawn")(
      function* (so: PtySpawnOptions) {
        return yield* spawnOn(yield* ensure, so)
      },
      (started, so) =>
        Effect.catchIf(
          started,
          (e): e is Error => !(e instanceof PtySpawnError),
          (e) =>
            Effect.fail(new PtySpawnError({ file: so.file, cwd: so.cwd, reason: "host", message: `cannot start ${so.file}: ${reason(e)}` }))
        )
    )

    // Connects only to a host that runs already: with none, there is nothing to adopt, and starting
    // one for nothing would be a process for nothing.
    const adopt: Effect.Effect<ReadonlyArray<KeptPty>> = lock
      .withPermits(1)(
        Effect.flatMap(connect, (found) => (found === undefined ? Effect.succeed([]) : attachAll(keep(found.conn), found.hello)))
      )
      .pipe(
        Effect.catchAll((e) => Effect.as(Effect.logWarning(`the PTY host's sessions could not be re-attached: ${reason(e)}`), [])),
        Effect.withSpan("HostPty.adopt")
      )

    yield* Effect.addFinalizer((exit) => Effect.promise(() => letGo(link.current, link.launched, exit)))
    return PtyAdapter.of({ spawn, adopt })
  })

export const HostPtyLayer = (o: HostPtyOptions): Layer.Layer<PtyAdapter> => Layer.scoped(PtyAdapter, make(o))

/**
 * The backend's PTY adapter: the host, unless LICH_PTY_HOST=off asks for PTYs inside the backend
 * (then they end with it, as before the host) or the config dir's path is too long for a socket.
 */
export const ptyLayer = (o: HostPtyOptions): Layer.Layer<PtyAdapter> => {
  if (o.env.LICH_PTY_HOST === "off") return NodePtyLayer
  const socket = socketPath(o.env)
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    return Layer.provideMerge(
      NodePtyLayer,
      Layer.effectDiscard(Effect.logWarning(`sessions run inside the backend: ${socket} is longer than a Unix socket path may be`))
    )
  }
  return HostPtyLayer(o)
}
