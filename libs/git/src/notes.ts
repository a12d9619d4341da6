/**
 * The conflict radar's one click: the session hears which of its files another live session of the
 * project is changing too, as one prompt through the relay. Only an overlap the radar reports now is
 * sent — a stale click on one already resolved is refused, not typed into an agent's prompt.
 */
import { Handed, Refused } from "@lich/contract"
import { relayCalls } from "@lich/relay"
import { Effect } from "effect"
import { Changes } from "./Changes.js"
import { handOver } from "./handover.js"
import { overlapNote } from "./prompts.js"

export const noteOverlap = (id: string, other: string) =>
  Effect.gen(function* () {
    const changes = yield* Changes
    const me = yield* changes.card(id)
    const s = yield* changes.get(id)
    const overlap = s.overlaps.find((o) => o.id === other)
    if (overlap === undefined) return yield* new Refused({ message: `"${me.label}" shares no changed file with that session now` })
    const theirs = yield* changes.get(other)
    const sent = yield* handOver(yield* relayCalls, id, overlapNote({ other: overlap.label, branch: theirs.branch, files: overlap.files }))
    return new Handed({ id, label: me.label, ticket: sent.ticket })
  })
