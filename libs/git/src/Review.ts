/**
 * Line comments on a session's diff and the rounds that send them. A comment is written to the store
 * the moment it is made (a reload or a restart keeps it) and quotes the lines it is on; "send review"
 * hands every draft to the session as one prompt through the relay; "ask for a review" hands the diff
 * to a session of another kind and reads its `path:line:` answer back as the reviewer's comments.
 * Each round waits on its ticket in a fiber of its own; a backend that restarts waits again on the
 * rounds the last one left open. Every change publishes the session's review whole (`session-review`).
 */

import * as crypto from "node:crypto"
import {
  type CommentPayload,
  type LichError,
  MAX_PROMPT_BYTES,
  Refused,
  type RelayResult,
  type ReviewComment,
  Review as ReviewShape,
  ReviewState
} from "@lich/contract"
import { EventHub } from "@lich/events"
import { Relay } from "@lich/relay"
import type { Card } from "@lich/spawn"
import { type CommentRow, type ReviewRow, Reviews } from "@lich/store"
import { Clock, Context, Effect, Either, Layer } from "effect"
import { Changes } from "./Changes.js"
import { linesOf, sideText, withOutdated } from "./comments.js"
import { Git } from "./Git.js"
import { handOver, outcomeOf } from "./handover.js"
import { fits, parseReviewAnswer, reviewPrompt } from "./prompts.js"
import { type Asking, askReview } from "./reviewer.js"
import { storeFailed } from "./storeFailed.js"

/** 4000 characters: a paragraph or two; a longer note is a document to link, not a line comment. */
const MAX_COMMENT_CHARS = 4000

export interface ReviewServiceShape {
  readonly state: (id: string) => Effect.Effect<ReviewState, LichError>
  readonly comment: (p: CommentPayload) => Effect.Effect<ReviewComment, LichError>
  readonly edit: (commentId: string, text: string) => Effect.Effect<ReviewComment, LichError>
  readonly drop: (commentId: string) => Effect.Effect<Record<string, never>, LichError>
  readonly send: (id: string) => Effect.Effect<ReviewShape, LichError>
  readonly ask: (id: string, reviewer: string, kind: string) => Effect.Effect<ReviewShape, LichError>
}

export class ReviewService extends Context.Tag("lich/git/Review")<ReviewService, ReviewServiceShape>() {}

const newId = () => crypto.randomBytes(8).toString("hex")

const roundOf = (r: ReviewRow) => new ReviewShape({ ...r })

const make = Effect.gen(function* () {
  const g = yield* Git
  const changes = yield* Changes
  const reviews = yield* Reviews
  const relay = yield* Relay
  const hub = yield* EventHub
  const scope = yield* Effect.scope
  const asking = yield* Effect.context<Asking>()

  const state = (id: string) =>
    Effect.gen(function* () {
      const s = yield* Effect.option(changes.get(id))
      const rows = yield* storeFailed(reviews.comments(id))
      const comments = yield* withOutdated(g, s._tag === "Some" ? s.value : undefined, rows)
      const rounds = yield* storeFailed(reviews.rounds(id))
      return new ReviewState({ id, comments, reviews: rounds.map(roundOf) })
    })

  const publish = (id: string) =>
    Effect.flatMap(Effect.either(state(id)), (st) =>
      st._tag === "Right" ? hub.publish({ _tag: "session-review", review: st.right }) : Effect.void
    )

  /** The round's outcome, written when it is in; an asked review's answer becomes the reviewer's comments. */
  const settle = (round: ReviewRow, had?: RelayResult): Effect.Effect<void> =>
    Effect.gen(function* () {
      const got = had !== undefined ? Either.right(had) : yield* Effect.either(outcomeOf(relay, round.ticket))
      const at = yield* Clock.currentTimeMillis
      if (got._tag === "Left") {
        yield* Effect.ignore(reviews.settle(round.id, { status: "lost", answer: got.left.message, summary: "", at }))
        return yield* publish(round.sessionId)
      }
      const r = got.right
      let summary = ""
      if (round.kind === "asked" && r.status === "answered") {
        const s = yield* Effect.option(changes.refresh(round.sessionId))
        const changed = s._tag === "Some" ? [...s.value.uncommitted, ...s.value.committed].map((f) => f.path) : []
        const parsed = parseReviewAnswer(r.answer, changed)
        summary = parsed.summary
        const rows: Array<CommentRow> = []
        for (const c of parsed.comments) {
          const section = s._tag === "Some" && s.value.uncommitted.some((f) => f.path === c.path) ? "uncommitted" : "committed"
          const text = s._tag === "Some" ? yield* sideText(g, s.value, { path: c.path, section, side: "new" }) : undefined
          const quoted = text === undefined ? "" : (linesOf(text, c.startLine, c.endLine) ?? "")
          rows.push({
            id: newId(),
            sessionId: round.sessionId,
            path: c.path,
            section,
            side: "new",
            startLine: c.startLine,
            endLine: c.endLine,
            quoted,
            body: c.text,
            author: round.peerLabel,
            authorKind: "reviewer",
            sentIn: "",
            createdAt: at
          })
        }
        yield* Effect.ignore(reviews.addComments(rows))
      }
      yield* Effect.ignore(reviews.settle(round.id, { status: r.status, answer: r.answer, summary, at }))
      yield* publish(round.sessionId)
    })

  /** A round still open is waited on apart; one the hand-off already ended is settled now. */
  const watch = (round: ReviewRow, had?: RelayResult) =>
    round.status === "sending" ? Effect.asVoid(Effect.forkIn(settle(round), scope)) : settle(round, had)

  const comment = (p: CommentPayload) =>
    Effect.gen(function* () {
      const card = yield* changes.card(p.id)
      const text = p.text.trim()
      if (text === "") return yield* new Refused({ message: "a comment needs some text" })
      if (text.length > MAX_COMMENT_CHARS)
        return yield* new Refused({ message: `the comment is ${text.length} characters, over the ${MAX_COMMENT_CHARS} limit` })
      const cached = yield* changes.get(p.id)
      // A file changed since the last (debounced) read is read again before its lines are quoted.
      const listed = (p.section === "committed" ? cached.committed : cached.uncommitted).some((f) => f.path === p.path)
      const s = listed ? cached : yield* changes.refresh(p.id)
      const lines = yield* sideText(g, s, p)
      const quoted = lines === undefined ? undefined : linesOf(lines, p.startLine, p.endLine)
      if (quoted === undefined) {
        return yield* new Refused({
          message: `"${p.path}" has no lines ${p.startLine}–${p.endLine} on its ${p.side} side in "${card.label}" — comment on lines the diff shows`
        })
      }
      const row: CommentRow = {
        id: newId(),
        sessionId: p.id,
        path: p.path,
        section: p.section,
        side: p.side,
        startLine: p.startLine,
        endLine: p.endLine,
        quoted,
        body: text,
        author: "",
        authorKind: "person",
        sentIn: "",
        createdAt: yield* Clock.currentTimeMillis
      }
      yield* storeFailed(reviews.addComments([row]))
      yield* publish(p.id)
      return (yield* withOutdated(g, s, [row]))[0]!
    })

  const commentRow = (commentId: string) =>
    Effect.flatMap(storeFailed(reviews.comment(commentId)), (r) =>
      r === undefined
        ? Effect.fail(new Refused({ message: `no comment with id ${commentId}: dropped already, or never made` }))
        : Effect.succeed(r)
    )

  const edit = (commentId: string, text: string) =>
    Effect.gen(function* () {
      const row = yield* commentRow(commentId)
      const body = text.trim()
      if (body === "") return yield* new Refused({ message: "a comment needs some text — drop it instead" })
      if (row.sentIn !== "") return yield* new Refused({ message: "that comment was sent already; write a new one" })
      yield* storeFailed(reviews.editComment(commentId, body))
      yield* publish(row.sessionId)
      return (yield* withOutdated(g, yield* changes.get(row.sessionId), [{ ...row, body }]))[0]!
    })

  const drop = (commentId: string) =>
    Effect.gen(function* () {
      const row = yield* commentRow(commentId)
      yield* storeFailed(reviews.dropComment(commentId))
      yield* publish(row.sessionId)
      return {}
    })

  const send = (id: string) =>
    Effect.gen(function* () {
      const card: Card = yield* changes.card(id)
      const drafts = (yield* storeFailed(reviews.comments(id))).filter((c) => c.sentIn === "")
      if (drafts.length === 0) return yield* new Refused({ message: `"${card.label}" has no unsent comments` })
      const prompt = reviewPrompt(drafts.map((c) => ({ ...c, text: c.body })))
      if (!fits(prompt)) {
        return yield* new Refused({
          message: `the review is over the ${MAX_PROMPT_BYTES}-byte prompt limit with ${drafts.length} comments — send fewer at once`
        })
      }
      const sent = yield* handOver(relay, id, prompt)
      const round: ReviewRow = {
        id: newId(),
        sessionId: id,
        kind: "sent",
        peerId: id,
        peerLabel: card.label,
        ticket: sent.ticket,
        status: sent.status === "pending" ? "sending" : sent.status,
        answer: sent.answer,
        summary: "",
        comments: drafts.length,
        createdAt: yield* Clock.currentTimeMillis,
        answeredAt: 0
      }
      yield* storeFailed(
        reviews.send(
          round,
          drafts.map((c) => c.id)
        )
      )
      yield* watch(round, sent)
      yield* publish(id)
      return roundOf(round)
    })

  const ask = (id: string, reviewer: string, kind: string) =>
    Effect.gen(function* () {
      const { sent, ...asked } = yield* Effect.provide(askReview(id, reviewer, kind), asking)
      const round: ReviewRow = { ...asked, id: newId(), comments: 0, createdAt: yield* Clock.currentTimeMillis, answeredAt: 0 }
      yield* storeFailed(reviews.send(round, []))
      yield* watch(round, sent)
      yield* publish(id)
      return roundOf(round)
    })

  // The rounds the last backend was waiting on: their errands are in the relay's journal.
  yield* Effect.forkScoped(
    Effect.flatMap(
      Effect.orElseSucceed(reviews.pending(), () => []),
      (rows) => Effect.forEach(rows, (r) => watch(r), { discard: true })
    )
  )

  return ReviewService.of({ state, comment, edit, drop, send, ask })
})

export const ReviewLayer = Layer.scoped(ReviewService, make)
