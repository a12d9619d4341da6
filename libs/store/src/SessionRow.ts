/**
 * A session as the store holds it: one card, open or parked. Kept apart from Sessions.ts so the
 * row shape and its column mapping can be read (and reused by a future ledger) without the queries.
 * Flags are booleans here and 0/1 in SQLite; times are ms since the epoch.
 */

export interface SessionRow {
  readonly id: string
  readonly projectId: string
  readonly label: string
  /** true while the provider's auto-title may still replace the label; a rename clears it. */
  readonly labelAuto: boolean
  /** Provider id ("claude", "codex", …) or "shell". */
  readonly kind: string
  /** The checkout the session runs in; "" = the project's own directory. */
  readonly path: string
  /** The worktree branch; "" = none. */
  readonly branch: string
  /** The branch the worktree was opened from, and its commit then; "" in the project's own checkout. */
  readonly base: string
  readonly baseSha: string
  /** Sidebar folder; "" = unfiled. Matched exactly, case and spaces included. */
  readonly folder: string
  /** Card color from the palette; "" = the theme's. */
  readonly color: string
  /** false = parked: kept for resume and history, not drawn as a live card. */
  readonly isOpen: boolean
  /** Order among the project's cards. */
  readonly position: number
  /** Birth-only model and effort, repeated on every fresh conversation. */
  readonly model: string
  readonly effort: string
  readonly ultracode: boolean
  /** The session this one was opened from, and its label at that moment; "" from the command line. */
  readonly originSessionId: string
  readonly originLabel: string
  readonly confined: boolean
  /** The provider's own conversation id, for resume; "" until its session-start hook reports it. */
  readonly providerSessionId: string
  /** 0 for a top-level session; a subagent card is its caller's depth + 1. */
  readonly subagentDepth: number
  readonly pinned: boolean
  readonly createdAt: number
  /** Last activity, for `lich cost --since`. */
  readonly activityAt: number
  /** When it was parked; 0 while open. */
  readonly parkedAt: number
}

/** What `Sessions.insert` needs: the identity; everything else has the column's default. */
export type NewSession = Pick<SessionRow, "id" | "projectId" | "label"> & Partial<Omit<SessionRow, "id" | "projectId" | "label">>

/** The row as SQLite returns it. */
export interface SessionRecord {
  readonly id: string
  readonly project_id: string
  readonly label: string
  readonly label_auto: number
  readonly kind: string
  readonly path: string
  readonly branch: string
  readonly base: string
  readonly base_sha: string
  readonly folder: string
  readonly color: string
  readonly is_open: number
  readonly position: number
  readonly model: string
  readonly effort: string
  readonly ultracode: number
  readonly origin_session_id: string
  readonly origin_label: string
  readonly confined: number
  readonly provider_session_id: string
  readonly subagent_depth: number
  readonly pinned: number
  readonly created_at: number
  readonly activity_at: number
  readonly parked_at: number
}

export const fromRecord = (r: SessionRecord): SessionRow => ({
  id: r.id,
  projectId: r.project_id,
  label: r.label,
  labelAuto: r.label_auto === 1,
  kind: r.kind,
  path: r.path,
  branch: r.branch,
  base: r.base,
  baseSha: r.base_sha,
  folder: r.folder,
  color: r.color,
  isOpen: r.is_open === 1,
  position: r.position,
  model: r.model,
  effort: r.effort,
  ultracode: r.ultracode === 1,
  originSessionId: r.origin_session_id,
  originLabel: r.origin_label,
  confined: r.confined === 1,
  providerSessionId: r.provider_session_id,
  subagentDepth: r.subagent_depth,
  pinned: r.pinned === 1,
  createdAt: r.created_at,
  activityAt: r.activity_at,
  parkedAt: r.parked_at
})

const bit = (flag: boolean): number => (flag ? 1 : 0)

/** The record to insert: defaults mirror the columns', times and position come from the caller. */
export const toRecord = (row: NewSession, defaults: { readonly now: number; readonly position: number }): SessionRecord => ({
  id: row.id,
  project_id: row.projectId,
  label: row.label,
  label_auto: bit(row.labelAuto ?? true),
  kind: row.kind ?? "claude",
  path: row.path ?? "",
  branch: row.branch ?? "",
  base: row.base ?? "",
  base_sha: row.baseSha ?? "",
  folder: row.folder ?? "",
  color: row.color ?? "",
  is_open: bit(row.isOpen ?? true),
  position: row.position ?? defaults.position,
  model: row.model ?? "",
  effort: row.effort ?? "",
  ultracode: bit(row.ultracode ?? false),
  origin_session_id: row.originSessionId ?? "",
  origin_label: row.originLabel ?? "",
  confined: bit(row.confined ?? false),
  provider_session_id: row.providerSessionId ?? "",
  subagent_depth: row.subagentDepth ?? 0,
  pinned: bit(row.pinned ?? false),
  created_at: row.createdAt ?? defaults.now,
  activity_at: row.activityAt ?? row.createdAt ?? defaults.now,
  // A row born parked (an import, a test) is dated like one parked now.
  parked_at: row.parkedAt ?? (row.isOpen === false ? defaults.now : 0)
})
