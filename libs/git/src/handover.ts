/**
 * Handing an agent something through the relay, as the person at the desk (the sender is "", the
 * command line's seat): one prompt, one ticket, through the same delivery every `lich send` takes —
 * the Claude Code mod where there is one, the prompt otherwise (docs/relay.md: a review is an errand
 * like any other). The hand-off returns the ticket at once; whoever wants the answer waits on it apart.
 */
import { callRpc, type FromId, type LichError, type RelayResult, RelayRpcs, Ticket } from "@lich/contract"
import type { RelayCalls } from "@lich/relay"
import { type Context, Effect } from "effect"

/** 0.05 s: long enough for the relay to open the errand and name its ticket, short enough that a click answers at once. */
const HAND_OVER_HOLD_S = 0.05
/** 30 min: the relay's longest hold; the loop holds again until the errand ends (an hour at most). */
const ANSWER_HOLD_S = 1800

export const handOver = (relay: Context.Context<RelayCalls>, targetId: string, prompt: string): Effect.Effect<RelayResult, LichError> =>
  callRpc(RelayRpcs, "relay.Send", {
    from: "" as FromId,
    target: targetId,
    project: "",
    prompt,
    timeout: HAND_OVER_HOLD_S,
    private: false,
    via: "window"
  }).pipe(Effect.provide(relay))

/** The errand's outcome once it is in: answered, or one of the ways an errand ends without an answer. */
export const outcomeOf = (relay: Context.Context<RelayCalls>, ticket: string): Effect.Effect<RelayResult, LichError> =>
  Effect.flatMap(
    callRpc(RelayRpcs, "relay.Wait", { from: "" as FromId, ticket: Ticket.make(ticket), timeout: ANSWER_HOLD_S }).pipe(
      Effect.provide(relay)
    ),
    (r) => (r.status === "pending" ? outcomeOf(relay, ticket) : Effect.succeed(r))
  )
