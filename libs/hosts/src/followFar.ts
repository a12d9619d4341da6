/**
 * The follower of one errand sent to another host: it asks the far lich for the errand's outcome
 * until it is in, across drops (waiting for the link to come back) and a far restart (the link made
 * again), files it here with CrossHost.settle, and acknowledges it there so the far side forgets it.
 */
import { HostAck, HostOutcome, Ticket } from "@lich/contract"
import type { CrossHostShape, FarFollow } from "@lich/relay"
import { Duration, Effect, Either, Option } from "effect"
import { FarDown, farCall, type Via } from "./Far.js"
import type { LinksShape } from "./Links.js"

/** 25 s: each ask for an outcome holds the far line this long, well under the call's own 35 s. */
const OUTCOME_WAIT_S = 25
const OUTCOME_CALL_MS = 35_000
/**
 * 1 s: after a call the link failed under, before asking again. The link's actor notices the ssh that
 * died at once, but a call can fail a moment before it does, and would otherwise be made again at once.
 */
const AFTER_DROP_MS = 1000

/** Asks for `f`'s outcome until it is in, files it, acknowledges it; gives up only when the errand ended here. */
export const followFar = (links: LinksShape, cross: CrossHostShape, f: FarFollow): Effect.Effect<void> =>
  Effect.gen(function* () {
    /** The forward a call last failed through, never to be taken for the link made again. */
    let failed: Via | undefined
    for (;;) {
      if (Option.isNone(yield* cross.farOf(f.ticket))) {
        // Ended here (its hour ran out): the far side may stop following it.
        const via = yield* Effect.option(links.via(f.host))
        if (Option.isSome(via)) yield* Effect.ignore(farCall(via.value, "hosts.", HostAck, { ticket: Ticket.make(f.farTicket) }))
        return
      }
      const via = yield* Effect.either(links.reconnected(f.host, failed))
      // The host was removed: nothing can answer; the errand ends here in its hour.
      if (Either.isLeft(via)) return
      const r = yield* Effect.either(
        farCall(via.right, "hosts.", HostOutcome, { ticket: Ticket.make(f.farTicket), timeout: OUTCOME_WAIT_S }, OUTCOME_CALL_MS)
      )
      if (Either.isLeft(r)) {
        const e = r.left
        // Forgotten there (its lich lost its store): nobody will answer it.
        if (!(e instanceof FarDown) && e._tag === "NotFound")
          return yield* Effect.asVoid(cross.settle(f.ticket, { status: "expired", answer: "" }))
        if (e instanceof FarDown && e.stale) {
          // The far lich restarted under the link: ask again through the link made anew.
          yield* links.refresh(f.host, via.right, e.message)
          failed = via.right
        } else yield* Effect.sleep(Duration.millis(AFTER_DROP_MS))
        continue
      }
      if (r.right.status === "pending") continue
      const { status, answer, detail } = r.right
      yield* cross.settle(f.ticket, { status, answer, ...(detail === undefined ? {} : { detail }) })
      yield* Effect.ignore(farCall(via.right, "hosts.", HostAck, { ticket: Ticket.make(f.farTicket) }))
      return
    }
  })
