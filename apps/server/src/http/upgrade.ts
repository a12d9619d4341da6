/**
 * The Listener's socket handshakes: `/events` and `/ws`, and a host's `/hosts/<name>/events` and
 * `/hosts/<name>/ws` (farSockets.ts), each past the same Host, Origin and token checks as a request.
 */
import type * as http from "node:http"
import type { Duplex } from "node:stream"
import { Effect, type Fiber } from "effect"
import type { WebSocket, WebSocketServer } from "ws"
import { hostAllowed, originAllowed, tokenMatches } from "./auth.js"
import type { FarJoin, ListenerOptions, Routes } from "./routes.js"

export interface UpgradeDeps<R> {
  readonly o: ListenerOptions
  readonly routes: Routes<R>
  readonly runFork: <A, E>(e: Effect.Effect<A, E, R>) => Fiber.RuntimeFiber<A, E>
  readonly wss: WebSocketServer
  readonly sockets: Set<WebSocket>
}

/** A host's name as the contract spells it, then its socket: what `/hosts/<name>/<socket>` routes to. */
const FAR_SOCKET = /^\/hosts\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})(\/events|\/ws)$/

const socketRoute = <R>(routes: Routes<R>, pathname: string) =>
  pathname === "/events" ? routes.events : pathname === "/ws" ? routes.terminal : undefined

const farRoute = <R>(routes: Routes<R>, pathname: string) => {
  const far = FAR_SOCKET.exec(pathname)
  return far && routes.far ? routes.far(far[1]!, far[2] as "/events" | "/ws") : undefined
}

/** A host's socket: the far one opened first, then the window's handshake answered and the two joined. */
const upgradeFar = <R>(
  d: UpgradeDeps<R>,
  ready: Effect.Effect<FarJoin, never, R>,
  req: http.IncomingMessage,
  socket: Duplex,
  head: Buffer
) =>
  d.runFork(
    Effect.map(ready, (far) => {
      if (socket.destroyed) return far.abandon()
      socket.once("close", far.abandon)
      d.wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off("close", far.abandon)
        ws.on("error", () => ws.terminate())
        d.sockets.add(ws)
        ws.once("close", () => d.sockets.delete(ws))
        far.join(ws)
      })
    })
  )

/** `/events` and `/ws`: the same checks as a request, answered with a bare status line when refused. */
export const upgrade =
  <R>({ o, routes, runFork, wss, sockets }: UpgradeDeps<R>) =>
  (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets mid-handshake is its own problem: an unhandled socket error would end lich.
    socket.on("error", () => socket.destroy())
    const refuse = (status: string) => socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`)
    const url = parseUrl(req.url)
    if (!url) return refuse("400 Bad Request")
    const route = socketRoute(routes, url.pathname)
    const far = route ? undefined : farRoute(routes, url.pathname)
    if (!hostAllowed(req.headers.host, o.port)) return refuse("403 Forbidden")
    if (!originAllowed(req.headers.origin, o.port)) return refuse("403 Forbidden")
    if (!route && !far) return refuse("404 Not Found")
    if (!tokenMatches(url.searchParams.get("token"), o.token)) return refuse("401 Unauthorized")
    if (far) return void upgradeFar({ o, routes, runFork, wss, sockets }, far, req, socket, head)
    if (!route) return
    wss.handleUpgrade(req, socket, head, (ws) => {
      // A protocol error (a frame over 1 MiB, invalid UTF-8, an unmasked frame, a reserved opcode,
      // RSV1, a fragmented ping, a 2^63 length) is emitted here and then closes this socket — with
      // no listener it was an uncaught exception that ended lich and every session in it.
      ws.on("error", (e: Error & { code?: string }) => runFork(Effect.logWarning(`${url.pathname} socket closed: ${e.code ?? e.message}`)))
      sockets.add(ws)
      const fiber = runFork(Effect.scoped(route(ws)))
      ws.once("close", () => {
        sockets.delete(ws)
        runFork(fiber.interruptAsFork(fiber.id()))
      })
    })
  }

/** The request target as a URL, or undefined when it is not one (`http://[`, a bad escape in a host). */
export const parseUrl = (target: string | undefined): URL | undefined => {
  try {
    return new URL(target ?? "/", "http://127.0.0.1")
  } catch {
    return undefined
  }
}
