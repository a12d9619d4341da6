/**
 * One-time launch codes: what the browser's URL carries instead of the token. The page trades its
 * code for the token once (POST /launch) and keeps the token in sessionStorage. A code works once and
 * for 60 s — long enough for a cold Chromium to load the page, short enough that a code read from
 * /proc after the fact is already spent or stale.
 */

import * as crypto from "node:crypto"
import { Clock, Effect, Ref } from "effect"

/** 60 s: a cold Chromium start with a fresh profile takes a few seconds; anything past a minute is not a launch. */
export const CODE_TTL_MS = 60_000

export const makeLaunchCodes = Effect.gen(function* () {
  const codes = yield* Ref.make(new Map<string, number>())

  const issue = Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const code = crypto.randomBytes(16).toString("hex")
    yield* Ref.update(codes, (m) => {
      const next = new Map([...m].filter(([, at]) => now - at < CODE_TTL_MS))
      next.set(code, now)
      return next
    })
    return code
  })

  /** true once for a code issued less than 60 s ago; the code is gone after any attempt. */
  const redeem = (code: string) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      return yield* Ref.modify(codes, (m) => {
        const at = m.get(code)
        if (at === undefined) return [false, m] as const
        const next = new Map(m)
        next.delete(code)
        return [now - at < CODE_TTL_MS, next] as const
      })
    })

  return { issue, redeem }
})
