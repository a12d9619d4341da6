/**
 * What lich needs of a provider to keep its account's plan windows: which account its sessions run
 * on, and — for a provider that writes its windows into its own records (Codex's rollouts) — a
 * reader that returns the newest reading since the last call. A provider whose CLI reports windows
 * as they move (Claude Code through mod-usage) needs only the account. The readers live with each
 * provider's integration (libs/integrations), as the cost readers do.
 */
import type { PlanWindow } from "@lich/contract"
import type { CostedSession } from "@lich/store"

export interface WindowReading {
  readonly windows: ReadonlyArray<PlanWindow>
  /** when the provider recorded it, ms */
  readonly at: number
}

export interface WindowReader {
  /** `<provider>:<config directory>`: every session of the kind in this lich runs on it. */
  readonly account: string
  /** The newest reading recorded since the last call for this session; undefined when none is new. */
  readonly read?: (s: CostedSession) => WindowReading | undefined
}

/** By provider kind; a kind without one has no plan windows lich can know. */
export type WindowReaders = Readonly<Partial<Record<string, WindowReader>>>
