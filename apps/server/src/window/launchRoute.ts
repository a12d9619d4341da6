/**
 * `POST /launch {"code": …}`: the one route that answers without the token, because it is how the
 * page gets it. A wrong, spent or stale code is a 403 and tells nothing more.
 */
import { Effect } from "effect"
import type { WindowShape } from "./Window.js"

export const launchRoute = (window: WindowShape, body: string) =>
  Effect.gen(function* () {
    let code: unknown
    try {
      code = (JSON.parse(body) as { code?: unknown }).code
    } catch {
      return { status: 400, body: { error: "the body must be {\"code\": \"…\"}" } }
    }
    if (typeof code !== "string" || code === "") return { status: 400, body: { error: "the body must be {\"code\": \"…\"}" } }
    const token = yield* window.redeem(code)
    return token === undefined
      ? { status: 403, body: { error: "this launch code is spent or expired — open the window again with lich" } }
      : { status: 200, body: { token } }
  })
