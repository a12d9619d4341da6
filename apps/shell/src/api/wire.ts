/**
 * The shapes the window reads off the wire, each named after the procedure or stream that carries
 * it and derived from the contract's procedure map: none is written out here, so none can drift.
 */
import type { LichEventEncoded, SuccessOf } from "@lich/contract"

export type WindowStateWire = SuccessOf<"system.State">
export type ThemeList = SuccessOf<"system.Themes">
export type Theme = ThemeList["themes"][number]
export type Provider = SuccessOf<"desk.Providers">[number]
export type RecentProject = SuccessOf<"desk.Recent">[number]
export type Parked = SuccessOf<"desk.History">[number]
export type SettingsView = SuccessOf<"desk.GetSettings">
/** One provider's lich plugin install (Settings › lich plugin). */
export type PluginInstallWire = SuccessOf<"plugin.States">[number]
export type Completion = SuccessOf<"desk.Complete">
export type Checkout = SuccessOf<"spawn.Worktrees">[number]
/** One frame of `/events`. */
export type LichEventWire = LichEventEncoded
/** One session's checkout as the backend last read it (`git.Changes`, and each `session-git` frame). */
export type SessionGitWire = SuccessOf<"git.Changes">
export type FileChangeWire = SessionGitWire["committed"][number]
export type StandingWire = NonNullable<SessionGitWire["standing"]>
export type PrWire = NonNullable<SessionGitWire["pr"]>
export type ReadWire = SessionGitWire["read"]
export type OverlapWire = SessionGitWire["overlaps"][number]
export type FileDiffWire = SuccessOf<"git.Diff">
export type DiffSideWire = FileDiffWire["old"]
export type ReviewStateWire = SuccessOf<"git.Review">
export type ReviewCommentWire = ReviewStateWire["comments"][number]
export type ReviewRoundWire = ReviewStateWire["reviews"][number]
export type GhStatusWire = SuccessOf<"git.Gh">
export type PrDraftWire = SuccessOf<"git.PrDraft">
export type PrListItemWire = SuccessOf<"git.PrList">[number]
