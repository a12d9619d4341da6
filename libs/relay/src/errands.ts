/**
 * `relay.Errands`: the timeline's records for `lich errands`, `lich rage`, MCP's `list_errands` and
 * the window. A project is named as every command names one (its name or its directory); an
 * unknown one is refused rather than answered with an empty list that reads as "nothing happened".
 */
import type { ErrandList, ErrandsPayload, LichError } from "@lich/contract"
import type { Workspace } from "@lich/spawn"
import { Clock, Effect } from "effect"
import type { ErrandLog } from "./errandLog.js"

export const listErrands = (ws: Workspace["Type"], log: ErrandLog["Type"], p: ErrandsPayload): Effect.Effect<ErrandList, LichError> =>
  Effect.gen(function* () {
    const projectId = p.project === "" ? "" : (yield* ws.scope(p.from, p.project)).id
    const now = yield* Clock.currentTimeMillis
    return yield* log.list({ projectId, session: p.session.trim(), since: p.sinceMs > 0 ? now - p.sinceMs : 0 }, p.limit)
  })
