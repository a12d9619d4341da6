/**
 * What a session's checkout changed, as the backend reads it with git and pushes it (`session-git`):
 * the card's +/−, base standing and PR mark, and the dock's file lists, come from this one shape so
 * they cannot disagree. Every figure carries where it came from and when (`Read`); a figure whose
 * last read failed keeps its previous value and says it is stale.
 */
import { Schema } from "effect"

/** Where a figure came from, when, and whether the last attempt to refresh it failed. */
export class Read extends Schema.Class<Read>("Read")({
  source: Schema.Literal("git", "gh"),
  /** ms since the epoch of the read the figure comes from */
  at: Schema.Number,
  /** true when a later read failed (gh unreachable, git timed out): the figure is the last good one */
  stale: Schema.Boolean,
  /** why the last read failed, one line; "" when it did not */
  error: Schema.String
}) {}

export const ChangeStatus = Schema.Literal("added", "modified", "deleted", "renamed", "copied", "typechange", "unmerged")
export type ChangeStatus = typeof ChangeStatus.Type

/** text: counted; binary: git's rule (a NUL in the first 8000 bytes); too-large: over the read cap, never read. */
export const ContentKind = Schema.Literal("text", "binary", "too-large")
export type ContentKind = typeof ContentKind.Type

export class FileChange extends Schema.Class<FileChange>("FileChange")({
  /** repository-relative, exactly as git spells it (spaces and newlines included) */
  path: Schema.String,
  /** the path before a rename or copy; "" otherwise */
  oldPath: Schema.String,
  status: ChangeStatus,
  content: ContentKind,
  /** lines added and removed; 0 and 0 for binary and too-large files */
  added: Schema.Number,
  removed: Schema.Number,
  /** bytes of the newer side (of the older one for a deletion) */
  size: Schema.Number,
  /** in no commit and not staged: a new file git does not track yet */
  untracked: Schema.Boolean
}) {}

/**
 * The branch against its base, read without touching a checkout: commits ahead and behind, and
 * whether merging would conflict (`git merge-tree --write-tree`; "unknown" when git is older than
 * 2.38 or the base is gone).
 */
export class Standing extends Schema.Class<Standing>("Standing")({
  ahead: Schema.Number,
  behind: Schema.Number,
  conflict: Schema.Literal("none", "conflict", "unknown"),
  /** the files a merge would conflict in */
  conflicted: Schema.Array(Schema.String),
  read: Read
}) {}

/** Another live session of the same project changing some of the same files (the conflict radar). */
export class Overlap extends Schema.Class<Overlap>("Overlap")({
  id: Schema.String,
  label: Schema.String,
  files: Schema.Array(Schema.String)
}) {}

/** One check of a pull request, in `gh pr checks --json name,state,link` terms. */
export class PrCheck extends Schema.Class<PrCheck>("PrCheck")({
  name: Schema.String,
  /** gh's state word (SUCCESS, FAILURE, PENDING, IN_PROGRESS, SKIPPED, CANCELLED, …) */
  state: Schema.String,
  link: Schema.String,
  bucket: Schema.Literal("pass", "fail", "pending", "skipping", "cancel")
}) {}

export class PrChecks extends Schema.Class<PrChecks>("PrChecks")({
  passed: Schema.Number,
  failed: Schema.Number,
  pending: Schema.Number,
  skipped: Schema.Number,
  /** every check, failing ones first */
  checks: Schema.Array(PrCheck),
  read: Read
}) {}

export class Pr extends Schema.Class<Pr>("Pr")({
  number: Schema.Number,
  /** OPEN, CLOSED or MERGED */
  state: Schema.String,
  /** APPROVED, CHANGES_REQUESTED, REVIEW_REQUIRED or "" */
  reviewDecision: Schema.String,
  title: Schema.String,
  url: Schema.String,
  draft: Schema.Boolean,
  headRefName: Schema.String,
  checks: PrChecks,
  read: Read
}) {}

/** One session's checkout as the backend last read it. */
export class SessionGit extends Schema.Class<SessionGit>("SessionGit")({
  id: Schema.String,
  projectId: Schema.String,
  /** the checkout read */
  dir: Schema.String,
  /** false when the checkout is no git repository (or git is missing): everything else is empty */
  repository: Schema.Boolean,
  /** the checked-out branch; "" on a detached HEAD */
  branch: Schema.String,
  /** HEAD's commit; "" in a repository with no commits */
  head: Schema.String,
  /** the base compared against: the branch the session was opened from, or "HEAD" in the project's own checkout */
  base: Schema.String,
  /** the commit the committed list starts from (the merge base); "" when there is none */
  baseSha: Schema.String,
  /** the base branch no longer exists: compared against the commit recorded at open */
  baseGone: Schema.Boolean,
  /** committed on the branch since the base */
  committed: Schema.Array(FileChange),
  /** in the checkout, in no commit (staged, unstaged, untracked) */
  uncommitted: Schema.Array(FileChange),
  /** a list was cut at the cap; the counts still cover every file */
  truncated: Schema.Boolean,
  added: Schema.Number,
  removed: Schema.Number,
  /** absent for a session in the project's own checkout */
  standing: Schema.optional(Standing),
  overlaps: Schema.Array(Overlap),
  /** absent when there is none, or gh cannot say */
  pr: Schema.optional(Pr),
  read: Read,
  /** rises with every publish for this session: a client keeps the highest */
  rev: Schema.Number
}) {}

/** One side of a file's diff: the text to show, or why there is none. */
export class DiffSide extends Schema.Class<DiffSide>("DiffSide")({
  state: Schema.Literal("text", "binary", "too-large", "absent"),
  text: Schema.String,
  size: Schema.Number,
  /** latin1: not valid UTF-8, shown byte for byte so line numbers still match */
  encoding: Schema.Literal("utf-8", "latin1"),
  /** what was read: `<commit>:<path>`, or "working tree" */
  from: Schema.String
}) {}

export const DiffSection = Schema.Literal("committed", "uncommitted")
export type DiffSection = typeof DiffSection.Type

export class FileDiff extends Schema.Class<FileDiff>("FileDiff")({
  id: Schema.String,
  path: Schema.String,
  oldPath: Schema.String,
  section: DiffSection,
  status: ChangeStatus,
  old: DiffSide,
  new: DiffSide,
  read: Read
}) {}

/** What `gh auth status` says; the card's menu shows `detail` when it cannot open pull requests. */
export class GhStatus extends Schema.Class<GhStatus>("GhStatus")({
  installed: Schema.Boolean,
  loggedIn: Schema.Boolean,
  /** one line: the account, or why not */
  detail: Schema.String,
  read: Read
}) {}
