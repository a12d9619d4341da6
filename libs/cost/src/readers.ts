/**
 * What the ledger needs of a provider to count a session's spend: where its transcripts are and how
 * one chunk of complete lines moves the count. The readers themselves live with each provider's
 * integration (libs/integrations), beside what lich writes for that provider; the ledger only runs
 * them, so adding a provider's cost is one reader there and never a change here.
 */
import type { CostedSession } from "@lich/store"
import type { ScanState } from "./lines.js"
import type { Pricer } from "./pricing.js"
import type { Transcript } from "./transcripts.js"

export interface CostReader {
  /**
   * priced: lich's arithmetic over token counts (the catalogue); reported: the provider's own
   * computed figure, summed from its transcript as it stands.
   */
  readonly source: "priced" | "reported"
  /** The session's transcripts, one ledger row each; [] when none exists (yet). */
  readonly transcripts: (s: CostedSession) => ReadonlyArray<Transcript>
  /** Runs over one chunk that starts at `s.offset`, counting only complete lines. */
  readonly scan: (chunk: Buffer, s: ScanState, price: Pricer) => ScanState
}

/**
 * A provider that keeps its own running total per conversation in a database of its own (Crush):
 * read whole at each scan, since a total is not a log to resume in.
 */
export interface TotalReader {
  readonly source: "reported"
  /** The conversation's total so far and when it last moved; undefined while there is none. */
  readonly total: (s: CostedSession) => { readonly costUsd: number; readonly activityAt: number } | undefined
}

/** By provider kind; a kind with no reader counts only through figures reported as events. */
export type CostReaders = Readonly<Partial<Record<string, CostReader | TotalReader>>>
