/**
 * Migration 4: what a session's diff is read against, and the review kept on it (issue 22).
 *
 * `base` is the branch a worktree session was opened from and `base_sha` the commit it pointed at
 * then: the committed list is read against the branch while it exists, and against the recorded
 * commit once it is gone ('' for a session in the project's own checkout, which diffs against HEAD).
 *
 * Comments live until they are sent (a reload or a restart keeps them); they go with their session's
 * row. A review round is one relay errand: its ticket, and its outcome once it is in.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"

export const sessionReview = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE sessions ADD COLUMN base TEXT NOT NULL DEFAULT ''`
  yield* sql`ALTER TABLE sessions ADD COLUMN base_sha TEXT NOT NULL DEFAULT ''`
  yield* sql`CREATE TABLE review_comments (
    id TEXT PRIMARY KEY NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    section TEXT NOT NULL CHECK (section IN ('committed', 'uncommitted')),
    side TEXT NOT NULL CHECK (side IN ('old', 'new')),
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    quoted TEXT NOT NULL,
    body TEXT NOT NULL,
    author TEXT NOT NULL DEFAULT '',
    author_kind TEXT NOT NULL DEFAULT 'person' CHECK (author_kind IN ('person', 'reviewer')),
    sent_in TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  )`
  yield* sql`CREATE INDEX review_comments_by_session ON review_comments (session_id, created_at)`
  yield* sql`CREATE TABLE reviews (
    id TEXT PRIMARY KEY NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('sent', 'asked')),
    peer_id TEXT NOT NULL,
    peer_label TEXT NOT NULL,
    ticket TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    comments INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    answered_at INTEGER NOT NULL DEFAULT 0
  )`
  yield* sql`CREATE INDEX reviews_by_session ON reviews (session_id, created_at)`
})
