/**
 * The one loopback listener: static window files at `/` (no token), and behind the token `/ping`,
 * `/rpc/*`, the `/events` and `/ws` sockets, the hook endpoints and the mod's routes. It binds 127.0.0.1
 * only — never another interface (which backend owns a config dir is its lock's to say, not the port's). Hand-written on
 * node:http rather than @effect/platform's HttpRouter: measured in bench/http-server.mjs, the reasons
 * are in docs/ceilings.md ("The backend's HTTP server").
 */

import * as http from "node:http"
import type { Duplex } from "node:stream"
import { rpcEnvelope } from "@lich/contract"
import { Context, Data, Effect, type Fiber, Runtime, Scope } from "effect"
import { type WebSocket, WebSocketServer } from "ws"
import { hostAllowed, originAllowed, tokenMatches } from "./auth.js"
import { MAX_RPC_BODY } from "./rpc.js"
import { serveStatic } from "./static.js"

export class BindError extends Data.TaggedError("BindError")<{ readonly port: number; readonly code: string; readonly message: string }> {}

export interface Routes<R> {
  /** `after` runs once the reply has been written: quit answers before it ends anything. */
  readonly rpc: (
    tag: string,
    body: string
  ) => Effect.Effect<{ status: number; body: unknown; after?: Effect.Effect<void> | undefined }, never, R>
  readonly events: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  readonly terminal: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  /**
   * `/hosts/<name>/events` and `/hosts/<name>/ws`: a host's sockets through its forward, made ready
   * (the far socket open) before the window's handshake is answered.
   */
  readonly far?: (host: string, path: "/events" | "/ws") => Effect.Effect<FarJoin, never, R>
  /** Hook endpoints: path → handler of the raw body and the `X-Lich-Plugin` header ("" when absent). */
  readonly post: ReadonlyMap<string, (body: string, plugin: string) => Effect.Effect<{ status: number; text?: string }, never, R>>
  /** Hook routes over GET (the mod's long poll and status): path → handler of the query and `X-Lich-Plugin`. */
  readonly get?: ReadonlyMap<
    string,
    (query: URLSearchParams, plugin: string) => Effect.Effect<{ status: number; body?: unknown }, never, R>
  >
  /** Hook bodies allowed past MAX_HOOK_BODY, by path (an ack carries a side answer). */
  readonly postLimits?: ReadonlyMap<string, number>
  /** `POST /launch`: trades a one-time launch code for the token, so it is served without one. */
  readonly launch?: (body: string) => Effect.Effect<{ status: number; body: unknown }, never, R>
}

/** A far socket made ready: joined to the window's once upgraded, or let go if the window left meanwhile. */
export interface FarJoin {
  readonly join: (ws: WebSocket) => void
  readonly abandon: () => void
}

export interface ListenerOptions {
  readonly port: number
  readonly token: string
  readonly staticRoot: string
}

/** 1 MiB: a terminal frame or paste larger than this is not a keystroke. */
const MAX_WS_PAYLOAD = 1024 * 1024
/** 4 KiB for hook bodies: a state report is a few hundred bytes. */
export const MAX_HOOK_BODY = 4 * 1024
/** 256 bytes: a launch code is 32 hex characters in a one-key object. */
const MAX_LAUNCH_BODY = 256

/** What a route answers; `after` runs once the reply has been written. "answered": it wrote its own. */
type Answer = { readonly status: number; readonly body?: unknown; readonly after?: Effect.Effect<void> | undefined } | "answered"

const NOT_ALLOWED: Answer = { status: 405, body: "method not allowed" }

/**
 * A POST route that needs its body first. The body is read before the request's fiber starts, not
 * by a fiber suspended on it: the suspended read cost a warm call 15–30 % (docs/ceilings.md).
 */
interface BodyRoute<R> {
  readonly limit: number
  readonly tooLarge: unknown
  readonly then: (body: string) => Effect.Effect<Answer, never, R>
}
type Route<R> = Effect.Effect<Answer, never, R> | BodyRoute<R>

const readBody = (req: http.IncomingMessage, limit: number) =>
  new Promise<string | undefined>((resolve) => {
    const chunks: Array<Buffer> = []
    let size = 0
    // Past the limit the rest is read and dropped rather than the socket destroyed: a client that
    // is reset mid-send never reads the 413 that says why (bench/http-server.mjs shows the difference).
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size <= limit) chunks.push(c)
    })
    req.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString("utf8")))
    req.on("error", () => resolve(undefined))
  })

/** A POST route: `then` of the body when it is within `limit`, else a 413 saying `tooLarge`. */
const withBody = <R>(
  req: http.IncomingMessage,
  limit: number,
  tooLarge: unknown,
  then: (body: string) => Effect.Effect<Answer, never, R>
): Route<R> => (req.method !== "POST" ? Effect.succeed(NOT_ALLOWED) : { limit, tooLarge, then })

/** `self`, unless the client goes away first: then it is interrupted and nothing is sent. */
const whileConnected = <R>(res: http.ServerResponse, self: Effect.Effect<Answer, never, R>) =>
  Effect.raceFirst(
    self,
    Effect.async<Answer>((resume) => {
      const gone = () => resume(Effect.succeed("answered"))
      res.once("close", gone)
      return Effect.sync(() => res.off("close", gone))
    })
  )

const send = (res: http.ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    res.writeHead(status).end()
    return
  }
  const text = typeof body === "string" ? body : JSON.stringify(body)
  res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json" }).end(text)
}

/** Everything past the Host and Origin checks: the static files, then the token, then the routes. */
const dispatch = <R>(o: ListenerOptions, routes: Routes<R>, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Route<R> => {
  const p = url.pathname
  if (req.method === "GET" && !isProtected(p) && !routes.post.has(p) && !routes.get?.has(p)) {
    return Effect.sync((): Answer => {
      serveStatic(o.staticRoot, p, res)
      return "answered"
    })
  }
  if (p === "/launch" && routes.launch) return withBody(req, MAX_LAUNCH_BODY, rpcEnvelope("body too large"), routes.launch)
  if (!tokenMatches(url.searchParams.get("token"), o.token)) return Effect.succeed({ status: 401, body: "invalid token" })
  if (p === "/ping") return Effect.succeed({ status: 204 })
  if (p.startsWith("/rpc/"))
    return withBody(req, MAX_RPC_BODY, rpcEnvelope("request body over 1 MiB"), (body) => routes.rpc(p.slice(5), body))
  const plugin = String(req.headers["x-lich-plugin"] ?? "")
  const poll = routes.get?.get(p)
  // A long poll whose client went away is interrupted, not left parked for its full 25 s.
  if (poll)
    return req.method === "GET"
      ? whileConnected(
          res,
          Effect.suspend(() => poll(url.searchParams, plugin))
        )
      : Effect.succeed(NOT_ALLOWED)
  const hook = routes.post.get(p)
  if (!hook) return Effect.succeed({ status: 404, body: "not found" })
  const limit = routes.postLimits?.get(p) ?? MAX_HOOK_BODY
  return withBody(req, limit, `body over ${limit / 1024} KiB`, (body) =>
    Effect.map(hook(body, plugin), (r) => ({ status: r.status, body: r.text }))
  )
}

/** The request target, or the refusal of a malformed one, a foreign Host or a foreign Origin. */
const admit = (o: ListenerOptions, req: http.IncomingMessage): URL | Answer => {
  const url = parseUrl(req.url)
  if (!url) return { status: 400, body: "malformed URL" }
  if (!hostAllowed(req.headers.host, o.port)) return { status: 403, body: "forbidden host" }
  if (!originAllowed(req.headers.origin, o.port)) return { status: 403, body: "forbidden origin" }
  return url
}

/**
 * Sends what a route answered. A request that failed inside lich answers in words; the cause (and
 * any stack) goes to the log only.
 */
const respond = <R>(
  runFork: (e: Effect.Effect<void>) => unknown,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  reply: Effect.Effect<Answer, never, R>
) => {
  return reply.pipe(
    Effect.flatMap((a) =>
      Effect.sync(() => {
        if (a === "answered") return
        if (a.after) res.once("finish", () => runFork(a.after!))
        send(res, a.status, a.body)
      })
    ),
    Effect.catchAllCause((cause) =>
      Effect.zipRight(
        Effect.logError(`${req.method} ${(req.url ?? "").split("?")[0]} failed`, cause),
        Effect.sync(() => {
          if (!res.headersSent) send(res, 500, rpcEnvelope("lich failed to answer this request — the log says why"))
        })
      )
    )
  )
}

/** One fiber per request (after its body, when it has one): node:http's callback is where lich's Effect world begins. */
const onRequest =
  <R>(o: ListenerOptions, routes: Routes<R>, runFork: <A, E>(e: Effect.Effect<A, E, R>) => Fiber.RuntimeFiber<A, E>) =>
  (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const admitted = admit(o, req)
    const route = admitted instanceof URL ? dispatch(o, routes, req, res, admitted) : Effect.succeed(admitted)
    if (!("limit" in route)) return void runFork(respond(runFork, req, res, route))
    // Suspended, so a handler that throws while building its Effect is a 500, not an unhandled rejection.
    void readBody(req, route.limit).then((body) =>
      runFork(
        respond(
          runFork,
          req,
          res,
          body === undefined ? Effect.succeed<Answer>({ status: 413, body: route.tooLarge }) : Effect.suspend(() => route.then(body))
        )
      )
    )
  }

interface UpgradeDeps<R> {
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
const upgrade =
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

const bind = (server: http.Server, port: number) =>
  Effect.async<void, BindError>((resume) => {
    server.once("error", (e: NodeJS.ErrnoException) => resume(Effect.fail(new BindError({ port, code: e.code ?? "", message: e.message }))))
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => resume(Effect.void))
  })

/**
 * Binds and serves. Serving stops when the current scope closes (every socket and connection ended,
 * a new one destroyed as it arrives); the port itself is let go when `portScope` closes, which main
 * makes the last thing a backend lets go: `lich quit` returns once nothing listens, and must find
 * every session, the PTY host, the store and the lock already gone. Without it, both end together.
 */
export const listen = <R>(o: ListenerOptions, routes: Routes<R>, portScope?: Scope.Scope) =>
  Effect.gen(function* () {
    const runFork = Runtime.runFork(yield* Effect.runtime<R>())
    const sockets = new Set<WebSocket>()
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_PAYLOAD })
    const server = http.createServer(onRequest(o, routes, runFork))
    server.on("upgrade", upgrade({ o, routes, runFork, wss, sockets }))
    yield* bind(server, o.port)
    const letGo = Effect.async<void>((resume) => void server.close(() => resume(Effect.void)))
    yield* Effect.addFinalizer(() =>
      Effect.suspend(() => {
        // Still bound, no longer served: what it served is being taken down after this.
        server.on("connection", (socket: Duplex) => socket.destroy())
        for (const ws of sockets) ws.terminate()
        wss.close()
        server.closeAllConnections()
        return portScope === undefined ? letGo : Scope.addFinalizer(portScope, letGo)
      })
    )
    const address = server.address()
    return typeof address === "object" && address ? address.port : o.port
  })

/** The request target as a URL, or undefined when it is not one (`http://[`, a bad escape in a host). */
const parseUrl = (target: string | undefined): URL | undefined => {
  try {
    return new URL(target ?? "/", "http://127.0.0.1")
  } catch {
    return undefined
  }
}

const isProtected = (p: string) => p === "/ping" || p === "/events" || p === "/ws" || p.startsWith("/rpc/") || p.startsWith("/hosts/")

export class ListenPort extends Context.Tag("lich/server/ListenPort")<ListenPort, number>() {}
