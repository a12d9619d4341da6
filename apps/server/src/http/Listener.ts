/**
 * The one loopback listener: static window files at `/` (no token), and behind the token `/ping`,
 * `/rpc/*`, the `/events` and `/ws` sockets and a host's (upgrade.ts), the hook endpoints and the mod's routes. It binds 127.0.0.1
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
import type { ListenerOptions, Routes } from "./routes.js"
import { MAX_RPC_BODY } from "./rpc.js"
import { serveStatic } from "./static.js"
import { parseUrl, upgrade } from "./upgrade.js"

export class BindError extends Data.TaggedError("BindError")<{ readonly port: number; readonly code: string; readonly message: string }> {}

export type { FarJoin, ListenerOptions, Routes } from "./routes.js"

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

const isProtected = (p: string) => p === "/ping" || p === "/events" || p === "/ws" || p.startsWith("/rpc/") || p.startsWith("/hosts/")

export class ListenPort extends Context.Tag("lich/server/ListenPort")<ListenPort, number>() {}
