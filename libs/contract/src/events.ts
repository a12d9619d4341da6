/**
 * The one event union the backend pushes on `/events`. Several windows may attach; each frame is one
 * JSON object whose `_tag` names the event. Payload keys follow the original's event names so a
 * plugin author reading either side sees the same words.
 */
import { Schema } from "effect"
import { AccountWindows, PlanWindow } from "./budget.js"
import { ErrandRecord } from "./errands.js"
import { SessionGit } from "./gitChanges.js"
import { ReviewState } from "./gitReview.js"
import { HostState } from "./hosts.js"
import { StatusState } from "./ids.js"
import { Session } from "./session.js"

export const ProjectSummary = Schema.Struct({ id: Schema.String, name: Schema.String, path: Schema.String })

/** A card to adopt without focusing: the row is written and the PTY is started already. */
export const SessionOpened = Schema.TaggedStruct("session-opened", { session: Session })
/** Always before the first session-opened of a project the window did not hold. */
export const ProjectOpened = Schema.TaggedStruct("project-opened", { project: ProjectSummary })
export const SessionClosed = Schema.TaggedStruct("session-closed", {
  id: Schema.String,
  projectId: Schema.String,
  activeId: Schema.String
})
export const SessionTitle = Schema.TaggedStruct("session-title", { id: Schema.String, label: Schema.String })
/** state: what the hook reported (compacting included), or lich's own `interrupted` (limits.ts). */
export const SessionStatus = Schema.TaggedStruct("session-status", {
  id: Schema.String,
  state: StatusState,
  tool: Schema.String,
  detail: Schema.String,
  reason: Schema.String
})
/** The PTY's process ended; code absent when the OS gave none. */
export const SessionExit = Schema.TaggedStruct("session-exit", {
  id: Schema.String,
  code: Schema.optional(Schema.Number)
})
/** Folder and colour are written per card; the window regroups and tints from this. */
export const SessionFolder = Schema.TaggedStruct("session-folder", {
  id: Schema.String,
  folder: Schema.String,
  color: Schema.String
})
export const SessionRelay = Schema.TaggedStruct("session-relay", {
  id: Schema.String,
  peer: Schema.String,
  direction: Schema.Literal("out", "in", ""),
  ticket: Schema.String
})
export const SessionRelayStalled = Schema.TaggedStruct("session-relay-stalled", {
  id: Schema.String,
  targetId: Schema.String,
  target: Schema.String
})
/** Errand records that changed since the last such event (the relay gathers a burst into one). */
export const ErrandRecords = Schema.TaggedStruct("errand-records", { records: Schema.Array(ErrandRecord) })
export const SessionInbox = Schema.TaggedStruct("session-inbox", { id: Schema.String, count: Schema.Number })
export const SessionFocus = Schema.TaggedStruct("session-focus", { id: Schema.String, projectId: Schema.String })
export const SessionAgent = Schema.TaggedStruct("session-agent", { id: Schema.String, agent: Schema.String })
export const SessionTouched = Schema.TaggedStruct("session-touched", { id: Schema.String })
/**
 * What a session's provider measured of itself (Claude Code's mod-usage): the context window in use
 * and the cost so far, for the card and the cost ledger. percent is 0–100; tokens and costUsd are
 * absent when the provider did not say; conversationId is the provider's own conversation the figures
 * belong to (a /clear starts another).
 */
export const SessionUsage = Schema.TaggedStruct("session-usage", {
  id: Schema.String,
  conversationId: Schema.String,
  window: Schema.Number,
  tokens: Schema.optional(Schema.Number),
  percent: Schema.optional(Schema.Number),
  costUsd: Schema.optional(Schema.Number),
  /** the plan's windows as the provider reported them with this reading (the plan gauge's source) */
  rateLimits: Schema.optional(Schema.Array(PlanWindow))
})
/** An account's plan windows read again (Claude Code's mod-usage, Codex's rollout): the footer's gauge. */
export const PlanWindowsEvent = Schema.TaggedStruct("plan-windows", { account: AccountWindows })
/**
 * New work into a project was refused by one of its caps: the card and a toast say so. line is the
 * refusal's words, as the sender got them.
 */
export const BudgetRefusedEvent = Schema.TaggedStruct("budget-refused", {
  projectId: Schema.String,
  project: Schema.String,
  line: Schema.String
})
/**
 * A session's checkout read again (after a touch, a commit, a ref moving, a fetch): the card's marks
 * and the dock's lists, whole. A client keeps the highest `rev` per session.
 */
export const SessionGitEvent = Schema.TaggedStruct("session-git", { git: SessionGit })
/** A session's comments or review rounds changed: the dock's review, whole. */
export const SessionReviewEvent = Schema.TaggedStruct("session-review", { review: ReviewState })
export const ThemeChanged = Schema.TaggedStruct("theme-changed", { id: Schema.String })
/** A project tab was closed from a window; its sessions were parked first (each with its own session-closed). */
export const ProjectClosedEvent = Schema.TaggedStruct("project-closed", { id: Schema.String })

/** A host's link changed: connecting, connected, dropped, refused (libs/contract/src/hosts.ts). */
export const HostStatusEvent = Schema.TaggedStruct("host-status", {
  name: Schema.String,
  destination: Schema.String,
  state: HostState,
  message: Schema.String,
  version: Schema.String
})

/**
 * A host was removed (from any window's Settings, the CLI, or anything else calling hosts.Remove):
 * every open window drops its section at once. One added needs no event of its own: its first
 * host-status names it.
 */
export const HostRemovedEvent = Schema.TaggedStruct("host-removed", { name: Schema.String })

export const LichEvent = Schema.Union(
  SessionOpened,
  ProjectOpened,
  SessionClosed,
  SessionTitle,
  SessionStatus,
  SessionExit,
  SessionFolder,
  SessionRelay,
  SessionRelayStalled,
  ErrandRecords,
  SessionInbox,
  SessionFocus,
  SessionAgent,
  SessionTouched,
  SessionUsage,
  PlanWindowsEvent,
  BudgetRefusedEvent,
  SessionGitEvent,
  SessionReviewEvent,
  ThemeChanged,
  ProjectClosedEvent,
  HostStatusEvent,
  HostRemovedEvent
)
export type LichEvent = typeof LichEvent.Type
