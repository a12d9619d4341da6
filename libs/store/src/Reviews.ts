/**
 * Reviews (migration 4): the line comments kept on a session's diff until they are sent, and the
 * rounds that carried them. Storage only: what a comment quotes, when it is outdated and what a round
 * sends are libs/git's business. Rows go with their session's row (ON DELETE CASCADE).
 */

import type * as SqlClient from "@effect/sql/SqlClient"
import { Context, Effect, Layer } from "effect"
import { type RepoDeps, repoDeps } from "./repoDeps.js"
import type { StoreError } from "./StoreError.js"
import type { StoreHealth } from "./StoreHealth.js"

export interface CommentRow {
  readonly id: string
  readonly sessionId: string
  readonly path: string
  readonly section: "committed" | "uncommitted"
  readonly side: "old" | "new"
  readonly startLine: number
  readonly endLine: number
  readonly quoted: string
  readonly body: string
  readonly author: string
  readonly authorKind: "person" | "reviewer"
  /** the round that sent it; "" while a draft */
  readonly sentIn: string
  readonly createdAt: number
}

export interface ReviewRow {
  readonly id: string
  readonly sessionId: string
  readonly kind: "sent" | "asked"
  readonly peerId: string
  readonly peerLabel: string
  readonly ticket: string
  readonly status: string
  readonly answer: string
  readonly summary: string
  readonly comments: number
  readonly createdAt: number
  readonly answeredAt: number
}

export interface ReviewsShape {
  readonly comments: (sessionId: string) => Effect.Effect<ReadonlyArray<CommentRow>, StoreError>
  readonly comment: (id: string) => Effect.Effect<CommentRow | undefined, StoreError>
  readonly addComments: (rows: ReadonlyArray<CommentRow>) => Effect.Effect<void, StoreError>
  readonly editComment: (id: string, body: string) => Effect.Effect<boolean, StoreError>
  readonly dropComment: (id: string) => Effect.Effect<boolean, StoreError>
  /** Marks the comments as sent in `reviewId`, and writes the round, in one transaction. */
  readonly send: (round: ReviewRow, commentIds: ReadonlyArray<string>) => Effect.Effect<void, StoreError>
  readonly rounds: (sessionId: string) => Effect.Effect<ReadonlyArray<ReviewRow>, StoreError>
  /** Rounds whose outcome is not in yet, every session's: what a restarted backend waits on again. */
  readonly pending: () => Effect.Effect<ReadonlyArray<ReviewRow>, StoreError>
  readonly settle: (
    id: string,
    outcome: { readonly status: string; readonly answer: string; readonly summary: string; readonly at: number; readonly ticket?: string }
  ) => Effect.Effect<boolean, StoreError>
}

interface CommentRecord {
  readonly id: string
  readonly session_id: string
  readonly path: string
  readonly section: "committed" | "uncommitted"
  readonly side: "old" | "new"
  readonly start_line: number
  readonly end_line: number
  readonly quoted: string
  readonly body: string
  readonly author: string
  readonly author_kind: "person" | "reviewer"
  readonly sent_in: string
  readonly created_at: number
}

interface ReviewRecord {
  readonly id: string
  readonly session_id: string
  readonly kind: "sent" | "asked"
  readonly peer_id: string
  readonly peer_label: string
  readonly ticket: string
  readonly status: string
  readonly answer: string
  readonly summary: string
  readonly comments: number
  readonly created_at: number
  readonly answered_at: number
}

const commentOf = (r: CommentRecord): CommentRow => ({
  id: r.id,
  sessionId: r.session_id,
  path: r.path,
  section: r.section,
  side: r.side,
  startLine: r.start_line,
  endLine: r.end_line,
  quoted: r.quoted,
  body: r.body,
  author: r.author,
  authorKind: r.author_kind,
  sentIn: r.sent_in,
  createdAt: r.created_at
})

const roundOf = (r: ReviewRecord): ReviewRow => ({
  id: r.id,
  sessionId: r.session_id,
  kind: r.kind,
  peerId: r.peer_id,
  peerLabel: r.peer_label,
  ticket: r.ticket,
  status: r.status,
  answer: r.answer,
  summary: r.summary,
  comments: r.comments,
  createdAt: r.created_at,
  answeredAt: r.answered_at
})

const commentRecord = (c: CommentRow): CommentRecord => ({
  id: c.id,
  session_id: c.sessionId,
  path: c.path,
  section: c.section,
  side: c.side,
  start_line: c.startLine,
  end_line: c.endLine,
  quoted: c.quoted,
  body: c.body,
  author: c.author,
  author_kind: c.authorKind,
  sent_in: c.sentIn,
  created_at: c.createdAt
})

const roundRecord = (r: ReviewRow): ReviewRecord => ({
  id: r.id,
  session_id: r.sessionId,
  kind: r.kind,
  peer_id: r.peerId,
  peer_label: r.peerLabel,
  ticket: r.ticket,
  status: r.status,
  answer: r.answer,
  summary: r.summary,
  comments: r.comments,
  created_at: r.createdAt,
  answered_at: r.answeredAt
})

const methods = ({ sql, storeErrors }: RepoDeps): ReviewsShape => ({
  comments: Effect.fn("Reviews.comments")(function* (sessionId: string) {
    const rows = yield* sql<CommentRecord>`SELECT * FROM review_comments WHERE session_id = ${sessionId} ORDER BY created_at, rowid`
    return rows.map(commentOf)
  }, storeErrors("Reviews.comments")),
  comment: Effect.fn("Reviews.comment")(function* (id: string) {
    const [row] = yield* sql<CommentRecord>`SELECT * FROM review_comments WHERE id = ${id}`
    return row === undefined ? undefined : commentOf(row)
  }, storeErrors("Reviews.comment")),
  addComments: Effect.fn("Reviews.addComments")(
    function* (rows: ReadonlyArray<CommentRow>) {
      for (const c of rows) yield* sql`INSERT INTO review_comments ${sql.insert({ ...commentRecord(c) })}`
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Reviews.addComments")
  ),
  editComment: Effect.fn("Reviews.editComment")(function* (id: string, body: string) {
    return (yield* sql`UPDATE review_comments SET body = ${body} WHERE id = ${id} AND sent_in = '' RETURNING id`).length > 0
  }, storeErrors("Reviews.editComment")),
  dropComment: Effect.fn("Reviews.dropComment")(function* (id: string) {
    return (yield* sql`DELETE FROM review_comments WHERE id = ${id} RETURNING id`).length > 0
  }, storeErrors("Reviews.dropComment")),
  send: Effect.fn("Reviews.send")(
    function* (round: ReviewRow, commentIds: ReadonlyArray<string>) {
      yield* sql`INSERT INTO reviews ${sql.insert({ ...roundRecord(round) })}`
      for (const id of commentIds) yield* sql`UPDATE review_comments SET sent_in = ${round.id} WHERE id = ${id}`
    },
    (effect) => sql.withTransaction(effect),
    storeErrors("Reviews.send")
  ),
  rounds: Effect.fn("Reviews.rounds")(function* (sessionId: string) {
    const rows = yield* sql<ReviewRecord>`SELECT * FROM reviews WHERE session_id = ${sessionId} ORDER BY created_at, rowid`
    return rows.map(roundOf)
  }, storeErrors("Reviews.rounds")),
  pending: Effect.fn("Reviews.pending")(function* () {
    const rows = yield* sql<ReviewRecord>`SELECT * FROM reviews WHERE status = 'sending' ORDER BY created_at, rowid`
    return rows.map(roundOf)
  }, storeErrors("Reviews.pending")),
  settle: Effect.fn("Reviews.settle")(function* (
    id: string,
    o: { readonly status: string; readonly answer: string; readonly summary: string; readonly at: number; readonly ticket?: string }
  ) {
    const rows =
      o.ticket === undefined
        ? yield* sql`UPDATE reviews SET status = ${o.status}, answer = ${o.answer}, summary = ${o.summary}, answered_at = ${o.at}
            WHERE id = ${id} RETURNING id`
        : yield* sql`UPDATE reviews SET status = ${o.status}, answer = ${o.answer}, summary = ${o.summary}, answered_at = ${o.at},
            ticket = ${o.ticket} WHERE id = ${id} RETURNING id`
    return rows.length > 0
  }, storeErrors("Reviews.settle"))
})

export class Reviews extends Context.Tag("lich/store/Reviews")<Reviews, ReviewsShape>() {
  static readonly layer: Layer.Layer<Reviews, never, SqlClient.SqlClient | StoreHealth> = Layer.effect(
    Reviews,
    Effect.map(repoDeps, (d) => Reviews.of(methods(d)))
  )
}
