/**
 * Starting the backend. A lich already answering on this machine is not fought for its port: this
 * start says so and exits 0. A stale runtime file (dead pid, nothing answering) is cleaned up. Then
 * the store, the PTYs and the listener come up, runtime.json is written (0600), and the backend
 * serves until `lich quit` or a signal; ending closes every PTY and removes the runtime file.
 */

import * as os from "node:os"
import * as path from "node:path"
import { rpcGroups } from "@lich/contract"
import type { EventHub } from "@lich/events"
import { Changes } from "@lich/git"
import { Hooks, hookPaths } from "@lich/hooks"
import { Links } from "@lich/hosts"
import { layClaudePlugin } from "@lich/integrations"
import { keptToken } from "@lich/ptyhost"
import { dataDir, dbFile, lockFile, logFile, newToken, readRuntime, Singleton } from "@lich/singleton"
import { Terminals } from "@lich/terminal"
import { Effect, Scope } from "effect"
import { farSockets } from "./http/farSockets.js"
import { listen, type Routes } from "./http/Listener.js"
import { modRoutes } from "./http/modRoutes.js"
import { serveRpc } from "./http/rpc.js"
import { eventsSocket, terminalSocket } from "./http/sockets.js"
import { Lifecycle } from "./Lifecycle.js"
import { appLayer } from "./layers.js"
import { LogFileLive, levelOf } from "./log/LogFile.js"
import { findBrowser } from "./window/browser.js"
import { launchRoute } from "./window/launchRoute.js"
import { openWindowOn } from "./window/remote.js"
import { Window, WindowError } from "./window/Window.js"

declare const __LICH_VERSION__: string
export const serverVersion = (): string => (typeof __LICH_VERSION__ === "string" ? __LICH_VERSION__ : "0.0.0-dev")

export interface AppOptions {
  readonly window: boolean
  readonly shell: string
  readonly browserFlags: ReadonlyArray<string>
}

/** Printed for whoever started lich. */
const say = (line: string) => Effect.sync(() => process.stdout.write(`${line}\n`))
/**
 * Printed, and kept in lich.log (token masked there) for whoever debugs it. Only where the log file
 * is the logger (inside serve): elsewhere Effect's default logger would print the line a second time.
 */
const sayAndLog = (line: string) => Effect.zipRight(say(line), Effect.logInfo(line))

export const windowUrl = (port: number, token: string) => `http://127.0.0.1:${port}/?token=${token}`

/**
 * What the startup line prints: a one-time launch link (60 s, one use), never the token — stdout is
 * often a terminal log, a CI transcript or a service journal, and the token there outlives the run.
 */
export const launchUrl = (port: number, code: string) => `http://127.0.0.1:${port}/?launch=${code}`

const serve = (port: number, token: string, o: AppOptions, portScope: Scope.Scope) =>
  Effect.gen(function* () {
    const lifecycle = yield* Lifecycle
    const hooks = yield* Hooks
    const window = yield* Window
    const changes = yield* Changes
    const mod = yield* modRoutes
    const routes: Routes<EventHub | Terminals> = {
      rpc: (tag, body) =>
        Effect.map(serveRpc(rpcGroups, tag, body), (r) => ({
          ...r,
          after: tag === "system.Quit" && r.status === 200 ? lifecycle.quit : undefined
        })),
      // Each /events connection is an attached window: `lich focus` opens one when none is.
      // An arriving window is owed the reads asked while none watched (libs/git viewers.ts).
      events: (ws) => window.track(Effect.zipRight(changes.catchUp, eventsSocket(ws))),
      terminal: terminalSocket,
      far: farSockets(yield* Links),
      post: new Map([...hookPaths.map((p) => [p, (body: string, plugin: string) => hooks.handle(p, body, plugin)] as const), ...mod.post]),
      get: mod.get,
      postLimits: mod.postLimits,
      launch: (body) => launchRoute(window, body)
    }
    yield* listen({ port, token, staticRoot: path.join(__dirname, "shell") }, routes, portScope)
    yield* Singleton.register(process.env, { port, token, version: serverVersion() })
    yield* sayAndLog(`lich ${serverVersion()} is running on port ${port} (pid ${process.pid}).`)
    yield* sayAndLog(`Window: ${launchUrl(port, yield* window.launchCode)} (one use, within a minute; \`lich\` opens another)`)
    if (o.window) {
      yield* window
        .open({ shell: o.shell, flags: o.browserFlags })
        .pipe(
          Effect.catchAll((e) => sayAndLog(`lich: the window did not open: ${e.message} — lich keeps running; run lich again to retry`))
        )
    }
    yield* lifecycle.awaitQuit
    yield* sayAndLog("lich is quitting: ending every session.")
    yield* (yield* Terminals).closeAll()
  })

export const program = (o: AppOptions) =>
  Effect.gen(function* () {
    const env = process.env
    const port = yield* Singleton.listenPort(env)
    const probe = yield* Singleton.probe(env)
    if (probe.state === "running" && o.window) {
      // A second launch opens a window on the lich that runs; its sessions are all there.
      yield* openWindowOn(probe.runtime.port, probe.runtime.token, o.shell, o.browserFlags)
      return yield* say(`lich is already running (pid ${probe.runtime.pid}, port ${probe.runtime.port}) — opened a window on it.`)
    }
    if (o.window) {
      // Refuse before anything starts: a backend nobody can see is not what bare `lich` asked for.
      const browser = findBrowser(o.shell, env.PATH ?? "")
      if (!browser.ok) return yield* new WindowError({ message: browser.reason })
    }
    if (probe.state === "running") {
      return yield* say(`lich is already running (pid ${probe.runtime.pid}, port ${probe.runtime.port}) — this start leaves it be.`)
    }
    yield* Singleton.configDir(env)
    yield* Effect.scoped(ownTheConfigDir(port, o))
  })

/** Another start holds the lock: it is running, or about to be, whatever port it was given. */
const alreadyRunning = Effect.sync(() => {
  let r: ReturnType<typeof readRuntime>
  try {
    r = readRuntime(process.env)
  } catch {
    r = undefined
  }
  return r ? `pid ${r.pid}, port ${r.port}` : `another start holds ${lockFile(process.env)}`
}).pipe(Effect.flatMap((who) => say(`lich is already running (${who}) — this start leaves it be.`)))

/**
 * One backend per config dir: the lock decides (not the port), and is held until this one ends.
 * The port is let go after everything else, the lock included (its scope is made first, so it
 * closes last): `lich quit` returns once the port is free, and by then every session, the PTY host
 * and the store have ended, and a start straight after finds the config dir free.
 */
const ownTheConfigDir = (port: number, o: AppOptions) =>
  Effect.gen(function* () {
    const env = process.env
    const portScope = yield* Effect.acquireRelease(Scope.make(), (scope, exit) => Scope.close(scope, exit))
    if (!(yield* Singleton.lock(env))) return yield* alreadyRunning
    // Holding the lock, a runtime file naming a live pid is a wedged or foreign leftover: cleanStale
    // removes it only when its lich does not answer.
    yield* Singleton.cleanStale(env)
    // Sessions a PTY host kept from the last backend carry its token: keep it, so they still reach us.
    const token = (yield* Effect.promise(() => keptToken(env))) ?? newToken()
    const plugin = yield* Effect.try(() => layClaudePlugin(path.join(__dirname, "..", "hooks"), dataDir(env))).pipe(
      Effect.tapError((e) => Effect.logWarning(`Claude Code sessions start without lich's plugin: ${String(e.error)}`)),
      Effect.option
    )
    const config = {
      version: serverVersion(),
      port,
      token,
      lichBin: env.LICH_SELF ?? path.join(__dirname, "..", "bin", "lich"),
      env: { ...env },
      dataDir: dataDir(env),
      home: env.HOME ?? os.homedir(),
      claudePlugin: plugin._tag === "Some" ? plugin.value : undefined
    }
    yield* Effect.scoped(serve(port, token, o, portScope)).pipe(
      Effect.provide(appLayer(config, dbFile(env))),
      // Outermost, so the layers' own start-up logs land in lich.log too.
      Effect.provide(LogFileLive(logFile(env), token, levelOf(env.LICH_LOG_LEVEL)))
    )
  })
