/**
 * The `git.` procedures: what the dock and the card ask of a session's checkout, and the actions that
 * land its work. Served at `/rpc/git.<Method>`; git and gh run in the backend only, never the page.
 * `id` is always an open session's id. Nothing here is a CLI command (issue 23, item 4).
 */
import * as Rpc from "@effect/rpc/Rpc"
import { Schema } from "effect"
import { DiffSection, FileDiff, GhStatus, Pr, SessionGit } from "./gitChanges.js"
import { Committed, Merged, PrDraft, PrListItem, Rebased } from "./gitLanding.js"
import { Handed, Review, ReviewComment, ReviewState } from "./gitReview.js"
import { error } from "./rpcFields.js"
import { Opened } from "./session.js"

const id = Schema.String

/** The session's last read (made now when there is none yet). */
export const GitChanges = Rpc.make("Changes", { payload: { id }, success: SessionGit, error })
/** Every open session's last read: what a window takes on load, before the events. */
export const GitAll = Rpc.make("All", { payload: {}, success: Schema.Array(SessionGit), error })
/** Reads the checkout again now (after a fetch in a terminal lich cannot see, say). */
export const GitRefresh = Rpc.make("Refresh", { payload: { id }, success: SessionGit, error })
/** One file's two sides, bounded: a side over the cap is `too-large` and never read. */
export const GitDiff = Rpc.make("Diff", { payload: { id, path: Schema.String, section: DiffSection }, success: FileDiff, error })

export const CommentPayload = Schema.Struct({
  id,
  path: Schema.String,
  section: DiffSection,
  side: Schema.Literal("old", "new"),
  startLine: Schema.Number,
  endLine: Schema.Number,
  text: Schema.String
})
export type CommentPayload = typeof CommentPayload.Type

export const GitReview = Rpc.make("Review", { payload: { id }, success: ReviewState, error })
export const GitComment = Rpc.make("Comment", { payload: CommentPayload, success: ReviewComment, error })
export const GitEditComment = Rpc.make("EditComment", {
  payload: { commentId: Schema.String, text: Schema.String },
  success: ReviewComment,
  error
})
export const GitDropComment = Rpc.make("DropComment", { payload: { commentId: Schema.String }, success: Schema.Struct({}), error })
/** Every draft comment of the session, to the session, as one prompt through the relay. */
export const GitSendReview = Rpc.make("SendReview", { payload: { id }, success: Review, error })
/**
 * Asks another session to review this one's diff. reviewer: a session id, or "" to pick a live one of
 * another kind in the project (or open one of `kind`, "" = the first installed kind other than the author's).
 */
export const GitAskReview = Rpc.make("AskReview", {
  payload: { id, reviewer: Schema.String, kind: Schema.String },
  success: Review,
  error
})
/** The conflict radar's one click: tells `id` that `other` changes the same files. */
export const GitNoteOverlap = Rpc.make("NoteOverlap", { payload: { id, other: Schema.String }, success: Handed, error })

/** message "" asks the session's agent for one through the relay, then commits with its answer. */
export const GitCommit = Rpc.make("Commit", { payload: { id, message: Schema.String }, success: Committed, error })
export const GitRebase = Rpc.make("Rebase", { payload: { id }, success: Rebased, error })
/** Hands the agent the rebase as a task naming the files that would conflict. */
export const GitSendConflicts = Rpc.make("SendConflicts", { payload: { id }, success: Handed, error })
/** mode "" = the project's setting `git.merge` (ff by default). */
export const GitMerge = Rpc.make("Merge", {
  payload: { id, mode: Schema.Literal("", "ff", "merge", "squash") },
  success: Merged,
  error
})

export const GitGh = Rpc.make("Gh", { payload: {}, success: GhStatus, error })
export const GitPrDraft = Rpc.make("PrDraft", { payload: { id }, success: PrDraft, error })
/** Pushes the branch (`-u origin`) and opens the pull request against the base. */
export const GitOpenPr = Rpc.make("OpenPr", {
  payload: { id, title: Schema.String, body: Schema.String, draft: Schema.Boolean },
  success: Pr,
  error
})
/** The failing checks, with their names and log tails, to the agent as one prompt. */
export const GitSendChecks = Rpc.make("SendChecks", { payload: { id }, success: Handed, error })
/** project: an open project's id. */
export const GitPrList = Rpc.make("PrList", { payload: { project: Schema.String }, success: Schema.Array(PrListItem), error })
/** Fetches the PR's branch and opens a worktree session of `kind` on it. */
export const GitCheckoutPr = Rpc.make("CheckoutPr", {
  payload: { project: Schema.String, number: Schema.Number, kind: Schema.String },
  success: Opened,
  error
})
