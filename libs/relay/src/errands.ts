/**
 * `relay.Errands`: the timeline's records for `lich errands`, `lich rage`, MCP's `list_errands` and
 * the window. A project is named as every command names one (its name or its directory); an
 * unknown one is refused rather than answered with an empty list that reads as "nothing happened".
 * The log's pending work is flushed first, so a listing never shows an ended errand without its spend.
 */
import type { ErrandList, ErrandsPayload, LichError } from "@lich/contract"
import type { Workspace } from "@lich/spawn"
import { Clock, Effect } from "effect"
import type { ErrandLog } from "./errandLog.js"

export const listErrands = (ws: Workspace["Type"], log: ErrandLog["Type"], p: ErrandsPayload): Effect.Effect<ErrandList, LichError> =>
  Effect.gen(function* () {
    const projectId = p.project === "" ? "" : (yield* ws.scope(p.from, p.project)).id
    // What the debounce still owes (a record's spend is read there) is done first: a listing right
    // after an errand ended shows it whole.
    yield* log.flush
    const now = yield* Clock.currentTimeMillis
    return yield* log.list({ projectId, session: p.session.trim(), since: p.sinceMs > 0 ? now - p.sinceMs : 0 }, p.limit)
  })
