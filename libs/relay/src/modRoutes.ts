/**
 * The mod's two routes the relay answers: `GET /mod/status`, the footer line's view of a session's
 * errands (modStatus.ts), and `POST /mod/answer`, a worker's final message answering its subagent
 * errand. They read the relay's actor, so they live with it; the server only mounts them beside the
 * channel's own routes (libs/mod).
 */
import { type ModReply, parseAnswer, parseSessionQuery } from "@lich/mod"
import { Terminals } from "@lich/terminal"
import { Effect, Either } from "effect"
import { RelayCore } from "./core.js"
import { modStatus } from "./modStatus.js"
import { workerAnswer } from "./subagent.js"

const GONE = "no such session is running in this lich"

export const relayModRoutes = Effect.gen(function* () {
  const core = yield* RelayCore
  const terminals = yield* Terminals

  /** A worker's final message: answers its one open subagent errand; anything else is ignored (204). */
  const answer = Effect.fn("Relay.modAnswer")(function* (raw: string) {
    const a = parseAnswer(raw)
    if (Either.isLeft(a)) return { status: 400, text: a.left }
    if (!(yield* terminals.isLive(a.right.sessionId))) return { status: 404, text: GONE }
    yield* workerAnswer(core, a.right.sessionId, a.right.text)
    return { status: 204 }
  })

  /** Read-only: a session with no process has no footer to draw (404). */
  const status = Effect.fn("Relay.modStatus")(function* (query: URLSearchParams) {
    const id = parseSessionQuery(query)
    if (Either.isLeft(id)) return { status: 400, body: id.left } satisfies ModReply
    if (!(yield* terminals.isLive(id.right))) return { status: 404, body: GONE } satisfies ModReply
    return { status: 200, body: yield* modStatus(core, id.right) } satisfies ModReply
  })

  return { answer, status }
})
