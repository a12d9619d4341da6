/**
 * Line comments on a session's diff and the review rounds that carried them. A comment is kept in the
 * store until it is sent, so a reload or a restart keeps it; one whose quoted lines no longer read the
 * same in the file is outdated, never dropped. A round is one relay errand (docs/relay.md): a review
 * sent to the author, or a review asked of another session, with its ticket and the answer.
 */
import { Schema } from "effect"
import { DiffSection } from "./gitChanges.js"

export class ReviewComment extends Schema.Class<ReviewComment>("ReviewComment")({
  id: Schema.String,
  sessionId: Schema.String,
  path: Schema.String,
  section: DiffSection,
  /** which side of the diff the lines are on: old = the base's text, new = the session's */
  side: Schema.Literal("old", "new"),
  /** 1-based, inclusive */
  startLine: Schema.Number,
  endLine: Schema.Number,
  /** the lines as they read when the comment was made */
  quoted: Schema.String,
  text: Schema.String,
  /** "" for the person at the desk; the reviewer session's label for a reviewer's comment */
  author: Schema.String,
  authorKind: Schema.Literal("person", "reviewer"),
  state: Schema.Literal("draft", "sent"),
  /** the file's lines there no longer read as quoted */
  outdated: Schema.Boolean,
  createdAt: Schema.Number,
  /** the review round that sent it; "" while a draft */
  sentIn: Schema.String
}) {}

/**
 * sending: handed to the relay, its outcome not in yet; then the relay's outcome word
 * (answered, unanswered, undelivered, …), or lost when the backend that held it went away.
 */
export class Review extends Schema.Class<Review>("Review")({
  id: Schema.String,
  sessionId: Schema.String,
  /** sent: the comments went to the session; asked: another session was asked to review it */
  kind: Schema.Literal("sent", "asked"),
  peerId: Schema.String,
  peerLabel: Schema.String,
  ticket: Schema.String,
  status: Schema.String,
  answer: Schema.String,
  /** an asked review: the reviewer's summary (the answer less its `path:line:` lines) */
  summary: Schema.String,
  comments: Schema.Number,
  createdAt: Schema.Number,
  answeredAt: Schema.Number
}) {}

/** Everything the dock shows of a session's review; pushed whole as `session-review` on each change. */
export class ReviewState extends Schema.Class<ReviewState>("ReviewState")({
  id: Schema.String,
  comments: Schema.Array(ReviewComment),
  reviews: Schema.Array(Review)
}) {}

/** A task or note handed to a session through the relay: its ticket. */
export class Handed extends Schema.Class<Handed>("Handed")({
  id: Schema.String,
  label: Schema.String,
  ticket: Schema.String
}) {}
