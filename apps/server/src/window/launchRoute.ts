/**
 * `POST /launch {"code": …}`: the one route that answers without the token, because it is how the
 * page gets it. A wrong, spent or stale code is a 403 and tells nothing more.
 */
import { rpcEnvelope } from "@lich/contract"
import { Effect, Option, Schema } from "effect"
import type { WindowShape } from "./Window.js"

const decodeLaunch = Schema.decodeUnknownOption(Schema.parseJson(Schema.Struct({ code: Schema.NonEmptyString })))

export const launchRoute = (window: WindowShape, body: string) =>
  Effect.gen(function* () {
    const launch = decodeLaunch(body)
    if (Option.isNone(launch)) return { status: 400, body: rpcEnvelope('the body must be {"code": "…"}') }
    const token = yield* window.redeem(launch.value.code)
    return token === undefined
      ? { status: 403, body: rpcEnvelope("this launch code is spent or expired — open the window again with lich") }
      : { status: 200, body: { token } }
  })
