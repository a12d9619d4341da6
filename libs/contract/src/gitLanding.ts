/**
 * What the dock's landing actions answer: a commit, a rebase onto the base, a merge into it, a pull
 * request opened, a project's pull requests. A refusal (dirty checkout, running turn, conflict,
 * protected base) is a `Refused` with one line, never one of these.
 */
import { Schema } from "effect"

export class Committed extends Schema.Class<Committed>("Committed")({
  id: Schema.String,
  sha: Schema.String,
  message: Schema.String,
  files: Schema.Number
}) {}

/** A rebase that would conflict is aborted before it returns: `conflicted` lists what did, and nothing moved. */
export class Rebased extends Schema.Class<Rebased>("Rebased")({
  id: Schema.String,
  onto: Schema.String,
  /** true when the branch now sits on the base; false when it conflicted and was aborted */
  rebased: Schema.Boolean,
  head: Schema.String,
  conflicted: Schema.Array(Schema.String)
}) {}

export const MergeMode = Schema.Literal("ff", "merge", "squash")
export type MergeMode = typeof MergeMode.Type

export class Merged extends Schema.Class<Merged>("Merged")({
  id: Schema.String,
  base: Schema.String,
  mode: MergeMode,
  /** the base's new commit */
  sha: Schema.String,
  /** the checkout holding the base that was brought up to date, "" when none holds it */
  updated: Schema.String
}) {}

/** A pull request's title and body drafted from the branch's commits, for the person to edit. */
export class PrDraft extends Schema.Class<PrDraft>("PrDraft")({
  id: Schema.String,
  branch: Schema.String,
  base: Schema.String,
  title: Schema.String,
  body: Schema.String
}) {}

export class PrListItem extends Schema.Class<PrListItem>("PrListItem")({
  number: Schema.Number,
  title: Schema.String,
  headRefName: Schema.String,
  state: Schema.String,
  author: Schema.String,
  draft: Schema.Boolean,
  url: Schema.String
}) {}
