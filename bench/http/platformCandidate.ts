/**
 * The candidate: the same routes on @effect/platform's HttpRouter, the Host/Origin/token checks as one
 * HttpMiddleware, and bodies read by the platform's request (`text` under MaxBodySize), handed to the
 * node server through NodeHttpServer.makeHandler so a hand-written upgrade path could stay beside it.
 * Exported, not started: runPlatform.ts starts it, and the size bench bundles it beside the server.
 */

import * as http from "node:http"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Effect, Option } from "effect"
import { hostAllowed, originAllowed, tokenMatches } from "../../apps/server/src/http/auth.js"
import { MAX_RPC_BODY } from "../../apps/server/src/http/rpc.js"
import { BENCH_TOKEN } from "./benchArgs.js"
import { rpc } from "./benchGroup.js"

const text = (status: number, body: string) => HttpServerResponse.text(body, { status, contentType: "text/plain; charset=utf-8" })

const guard = (port: number) =>
  HttpMiddleware.make((app) =>
    Effect.gen(function* () {
      const req = yield* HttpServerRequest.HttpServerRequest
      if (!hostAllowed(req.headers.host, port)) return text(403, "forbidden host")
      if (!originAllowed(req.headers.origin, port)) return text(403, "forbidden origin")
      const url = new URL(req.url, "http://127.0.0.1")
      if (!tokenMatches(url.searchParams.get("token"), BENCH_TOKEN)) return text(401, "invalid token")
      return yield* app
    })
  )

const rpcRoute = Effect.gen(function* () {
  const { method } = yield* HttpRouter.params
  const req = yield* HttpServerRequest.HttpServerRequest
  const body = yield* req.text
  const reply = yield* rpc(method ?? "", body)
  return HttpServerResponse.unsafeJson(reply.body, { status: reply.status })
}).pipe(
  HttpIncomingMessage.withMaxBodySize(Option.some(MAX_RPC_BODY)),
  Effect.catchTag("RequestError", () =>
    Effect.succeed(HttpServerResponse.unsafeJson({ error: "request body over 1 MiB" }, { status: 413 }))
  )
)

const router = HttpRouter.empty.pipe(
  HttpRouter.post("/rpc/:method", rpcRoute),
  HttpRouter.get("/ping", HttpServerResponse.empty({ status: 204 }))
)
const app = router.pipe(Effect.catchTag("RouteNotFound", () => Effect.succeed(text(404, "not found"))))

/** Listens on 127.0.0.1:`port` (0 = any free one) and answers with the port it got. */
export const platformListener = (port: number) =>
  Effect.gen(function* () {
    const server = http.createServer()
    yield* Effect.async<void>((resume) => {
      server.listen({ port, host: "127.0.0.1" }, () => resume(Effect.void))
    })
    const bound = (server.address() as { port: number }).port
    const handler = yield* NodeHttpServer.makeHandler(guard(bound)(app))
    server.on("request", handler)
    return bound
  })
