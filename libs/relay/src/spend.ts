/**
 * The relay's seam to the cost ledger: what a session has spent so far, read when an errand's task
 * goes in and again when it ends, so the timeline can say what the errand cost its target. The
 * server wires it over libs/cost (apps/server/src/layers.ts); without it a record carries no spend.
 */
import type { ErrandSpend } from "@lich/contract"
import { Context, type Effect } from "effect"

export interface SpendMeterShape {
  /** The session's spend so far, read fresh (its transcripts scanned first); unpriced when lich cannot price it. */
  readonly read: (sessionId: string) => Effect.Effect<ErrandSpend>
}

export class SpendMeter extends Context.Tag("lich/relay/SpendMeter")<SpendMeter, SpendMeterShape>() {}
