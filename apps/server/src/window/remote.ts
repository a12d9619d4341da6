/**
 * A second `lich` asking the running one to open a window: one `system.OpenWindow` through the
 * loopback client (libs/singleton), behind the runtime file's token, as every caller of lich does.
 */

import { parseRpcEnvelope } from "@lich/contract"
import { Loopback } from "@lich/singleton"
import { Effect } from "effect"
import { WindowError } from "./Window.js"

/** 10 s: the running lich starts a browser process; it answers once the process is spawned. */
const OPEN_TIMEOUT_MS = 10_000

/** What to tell the person: the envelope's own words, or the status when the body is none (a bare 401). */
const failureOf = (o: Loopback.Outcome): string =>
  o._tag === "reply"
    ? (parseRpcEnvelope(o.body).error ?? `the running lich answered ${o.status}`)
    : `could not reach the running lich: ${o.message}`

export const openWindowOn = (port: number, token: string, shell: string, flags: ReadonlyArray<string>): Effect.Effect<void, WindowError> =>
  Effect.flatMap(
    Effect.promise((signal) =>
      Loopback.call({ port, token }, "/rpc/system.OpenWindow", {
        body: JSON.stringify({ shell, flags }),
        timeoutMs: OPEN_TIMEOUT_MS,
        signal
      })
    ),
    (outcome) =>
      outcome._tag === "reply" && outcome.status === 200 ? Effect.void : Effect.fail(new WindowError({ message: failureOf(outcome) }))
  )
