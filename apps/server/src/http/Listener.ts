/**
 * The one loopback listener: static window files at `/` (no token), and behind the token `/ping`,
 * `/rpc/*`, the `/events` and `/ws` sockets, the hook endpoints and the mod's routes. It binds 127.0.0.1
 * only — never another interface — and the bind itself is the single-instance lock.
 */
import { Context, Data, Effect, Runtime, type Scope } from "effect"
import * as http from "node:http"
import { WebSocketServer, type WebSocket } from "ws"
import { hostAllowed, originAllowed, tokenMatches } from "./auth.js"
import { MAX_RPC_BODY } from "./rpc.js"
import { serveStatic } from "./static.js"

export class BindError extends Data.TaggedError("BindError")<{ readonly port: number; readonly code: string; readonly message: string }> {}

export interface Routes<R> {
  /** `after` runs once the reply has been written: quit answers before it ends anything. */
  readonly rpc: (tag: string, body: string) => Effect.Effect<{ status: number; body: unknown; after?: Effect.Effect<void> | undefined }, never, R>
  readonly events: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  readonly terminal: (ws: WebSocket) => Effect.Effect<void, never, Scope.Scope | R>
  /** Hook endpoints: path → handler of the raw body and the `X-Lich-Plugin` header ("" when absent). */
  readonly post: ReadonlyMap<string, (body: string, plugin: string) => Effect.Effect<{ status: number; text?: string }, never, R>>
  /** Hook routes over GET (the mod's long poll and status): path → handler of the query and `X-Lich-Plugin`. */
  readonly get?: ReadonlyMap<string, (query: URLSearchParams, plugin: string) => Effect.Effect<{ status: number; body?: unknown }, never, R>>
  /** Hook bodies allowed past MAX_HOOK_BODY, by path (an ack carries a side answer). */
  readonly postLimits?: ReadonlyMap<string, number>
  /** `POST /launch`: trades a one-time launch code for the token, so it is served without one. */
  readonly launch?: (body: string) => Effect.Effect<{ status: number; body: unknown }, never, R>
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

const readBody = (req: http.IncomingMessage, limit: number) =>
  new Promise<string | undefined>((resolve) => {
    const chunks: Array<Buffer> = []
    let size = 0
    // Past the limit the rest is read and dropped rather than the socket destroyed: a client that
    // is reset mid-send never reads the 413 that says why.
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size <= limit) chunks.push(c)
    })
    req.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString("utf8")))
    req.on("error", () => resolve(undefined))
  })

const send = (res: http.ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    res.writeHead(status).end()
    return
  }
  const text = typeof body === "string" ? body : JSON.stringify(body)
  res.writeHead(status, { "content-type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json" }).end(text)
}

export const listen = <R>(o: ListenerOptions, routes: Routes<R>) =>
  Effect.gen(function* () {
    const rt = yield* Effect.runtime<R>()
    const runFork = Runtime.runFork(rt)
    const sockets = new Set<WebSocket>()
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_PAYLOAD })

    const onRequest = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = parseUrl(req.url)
      if (!url) return send(res, 400, "malformed URL")
      if (!hostAllowed(req.headers.host, o.port)) return send(res, 403, "forbidden host")
      if (!originAllowed(req.headers.origin, o.port)) return send(res, 403, "forbidden origin")
      if (req.method === "GET" && !isProtected(url.pathname) && !routes.post.has(url.pathname) && !routes.get?.has(url.pathname)) return serveStatic(o.staticRoot, url.pathname, res)
      if (url.pathname === "/launch" && routes.launch) {
        if (req.method !== "POST") return send(res, 405, "method not allowed")
        const body = await readBody(req, MAX_LAUNCH_BODY)
        if (body === undefined) return send(res, 413, { error: "body too large" })
        const reply = await Runtime.runPromise(rt)(routes.launch(body))
        return send(res, reply.status, reply.body)
      }
      if (!tokenMatches(url.searchParams.get("token"), o.token)) return send(res, 401, "invalid token")
      if (url.pathname === "/ping") return send(res, 204)
      if (url.pathname.startsWith("/rpc/")) {
        if (req.method !== "POST") return send(res, 405, "method not allowed")
        const body = await readBody(req, MAX_RPC_BODY)
        if (body === undefined) return send(res, 413, { error: "request body over 1 MiB" })
        const reply = await Runtime.runPromise(rt)(routes.rpc(url.pathname.slice(5), body))
        const after = reply.after
        if (after) res.once("finish", () => runFork(after))
        return send(res, reply.status, reply.body)
      }
      const plugin = String(req.headers["x-lich-plugin"] ?? "")
      const poll = routes.get?.get(url.pathname)
      if (poll) {
        if (req.method !== "GET") return send(res, 405, "method not allowed")
        // A long poll whose client went away is interrupted, not left parked for its full 25 s.
        const gone = new AbortController()
        res.once("close", () => gone.abort())
        const reply = await Runtime.runPromise(rt)(poll(url.searchParams, plugin), { signal: gone.signal })
        return send(res, reply.status, reply.body)
      }
      const hook = routes.post.get(url.pathname)
      if (hook) {
        if (req.method !== "POST") return send(res, 405, "method not allowed")
        const limit = routes.postLimits?.get(url.pathname) ?? MAX_HOOK_BODY
        const body = await readBody(req, limit)
        if (body === undefined) return send(res, 413, `body over ${limit / 1024} KiB`)
        const reply = await Runtime.runPromise(rt)(hook(body, plugin))
        return send(res, reply.status, reply.text)
      }
      return send(res, 404, "not found")
    }

    // A request that failed inside lich answers in words; the cause (and any stack) goes to the log only.
    const server = http.createServer((req, res) => {
      onRequest(req, res).catch((e) => {
        runFork(Effect.logError(`${req.method} ${(req.url ?? "").split("?")[0]} failed`, e))
        if (!res.headersSent) send(res, 500, { error: "lich failed to answer this request — the log says why" })
      })
    })
    server.on("upgrade", (req, socket, head) => {
      // A client that resets mid-handshake is its own problem: an unhandled socket error would end lich.
      socket.on("error", () => socket.destroy())
      const refuse = (status: string) => socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`)
      const url = parseUrl(req.url)
      if (!url) return refuse("400 Bad Request")
      const route = url.pathname === "/events" ? routes.events : url.pathname === "/ws" ? routes.terminal : undefined
      if (!hostAllowed(req.headers.host, o.port)) return refuse("403 Forbidden")
      if (!originAllowed(req.headers.origin, o.port)) return refuse("403 Forbidden")
      if (!route) return refuse("404 Not Found")
      if (!tokenMatches(url.searchParams.get("token"), o.token)) return refuse("401 Unauthorized")
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
    })

    yield* Effect.async<void, BindError>((resume) => {
      server.once("error", (e: NodeJS.ErrnoException) =>
        resume(Effect.fail(new BindError({ port: o.port, code: e.code ?? "", message: e.message })))
      )
      server.listen({ port: o.port, host: "127.0.0.1", exclusive: true }, () => resume(Effect.void))
    })
    yield* Effect.addFinalizer(() =>
      Effect.async<void>((resume) => {
        for (const ws of sockets) ws.terminate()
        wss.close()
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
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

const isProtected = (p: string) => p === "/ping" || p === "/events" || p === "/ws" || p.startsWith("/rpc/")

export class ListenPort extends Context.Tag("lich/server/ListenPort")<ListenPort, number>() {}
