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
import { type RelayCalls, relayCalls } from "@lich/relay"
import type { Card } from "@lich/spawn"
import { type CommentRow, type ReviewRow, Reviews } from "@lich/store"
import { Clock, Context, Effect, Either, Layer, type Scope } from "effect"
import { Changes } from "./Changes.js"
import { linesOf, sideText, withOutdated } from "./comments.js"
import { Git, type GitShape } from "./Git.js"
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

interface Deps {
  readonly g: GitShape
  readonly changes: Changes["Type"]
  readonly reviews: Reviews["Type"]
  readonly relay: Context.Context<RelayCalls>
  readonly hub: EventHub["Type"]
  readonly scope: Scope.Scope
  readonly asking: Context.Context<Asking>
}

const state = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const s = yield* Effect.option(d.changes.get(id))
    const rows = yield* storeFailed(d.reviews.comments(id))
    const comments = yield* withOutdated(d.g, s._tag === "Some" ? s.value : undefined, rows)
    const rounds = yield* storeFailed(d.reviews.rounds(id))
    return new ReviewState({ id, comments, reviews: rounds.map(roundOf) })
  })

const publish = (d: Deps, id: string) =>
  Effect.flatMap(Effect.either(state(d, id)), (st) =>
    st._tag === "Right" ? d.hub.publish({ _tag: "session-review", review: st.right }) : Effect.void
  )

/** The round's outcome, written when it is in; an asked review's answer becomes the reviewer's comments. */
const settle = (d: Deps, round: ReviewRow, had?: RelayResult): Effect.Effect<void> =>
  Effect.gen(function* () {
    const got = had !== undefined ? Either.right(had) : yield* Effect.either(outcomeOf(d.relay, round.ticket))
    const at = yield* Clock.currentTimeMillis
    if (got._tag === "Left") {
      yield* Effect.ignore(d.reviews.settle(round.id, { status: "lost", answer: got.left.message, summary: "", at }))
      return yield* publish(d, round.sessionId)
    }
    const r = got.right
    let summary = ""
    if (round.kind === "asked" && r.status === "answered") {
      const s = yield* Effect.option(d.changes.refresh(round.sessionId))
      const changed = s._tag === "Some" ? [...s.value.uncommitted, ...s.value.committed].map((f) => f.path) : []
      const parsed = parseReviewAnswer(r.answer, changed)
      summary = parsed.summary
      const rows: Array<CommentRow> = []
      for (const c of parsed.comments) {
        const section = s._tag === "Some" && s.value.uncommitted.some((f) => f.path === c.path) ? "uncommitted" : "committed"
        const text = s._tag === "Some" ? yield* sideText(d.g, s.value, { path: c.path, section, side: "new" }) : undefined
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
      yield* Effect.ignore(d.reviews.addComments(rows))
    }
    yield* Effect.ignore(d.reviews.settle(round.id, { status: r.status, answer: r.answer, summary, at }))
    yield* publish(d, round.sessionId)
  })

/** A round still open is waited on apart; one the hand-off already ended is settled now. */
const watch = (d: Deps, round: ReviewRow, had?: RelayResult) =>
  round.status === "sending" ? Effect.asVoid(Effect.forkIn(settle(d, round), d.scope)) : settle(d, round, had)

const comment = (d: Deps, p: CommentPayload) =>
  Effect.gen(function* () {
    const card = yield* d.changes.card(p.id)
    const text = p.text.trim()
    if (text === "") return yield* new Refused({ message: "a comment needs some text" })
    if (text.length > MAX_COMMENT_CHARS)
      return yield* new Refused({ message: `the comment is ${text.length} characters, over the ${MAX_COMMENT_CHARS} limit` })
    const cached = yield* d.changes.get(p.id)
    // A file changed since the last (debounced) read is read again before its lines are quoted.
    const listed = (p.section === "committed" ? cached.committed : cached.uncommitted).some((f) => f.path === p.path)
    const s = listed ? cached : yield* d.changes.refresh(p.id)
    const lines = yield* sideText(d.g, s, p)
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
    yield* storeFailed(d.reviews.addComments([row]))
    yield* publish(d, p.id)
    return (yield* withOutdated(d.g, s, [row]))[0]!
  })

const commentRow = (d: Deps, commentId: string) =>
  Effect.flatMap(storeFailed(d.reviews.comment(commentId)), (r) =>
    r === undefined
      ? Effect.fail(new Refused({ message: `no comment with id ${commentId}: dropped already, or never made` }))
      : Effect.succeed(r)
  )

const edit = (d: Deps, commentId: string, text: string) =>
  Effect.gen(function* () {
    const row = yield* commentRow(d, commentId)
    const body = text.trim()
    if (body === "") return yield* new Refused({ message: "a comment needs some text — drop it instead" })
    if (row.sentIn !== "") return yield* new Refused({ message: "that comment was sent already; write a new one" })
    yield* storeFailed(d.reviews.editComment(commentId, body))
    yield* publish(d, row.sessionId)
    return (yield* withOutdated(d.g, yield* d.changes.get(row.sessionId), [{ ...row, body }]))[0]!
  })

const drop = (d: Deps, commentId: string) =>
  Effect.gen(function* () {
    const row = yield* commentRow(d, commentId)
    yield* storeFailed(d.reviews.dropComment(commentId))
    yield* publish(d, row.sessionId)
    return {}
  })

const send = (d: Deps, id: string) =>
  Effect.gen(function* () {
    const card: Card = yield* d.changes.card(id)
    const drafts = (yield* storeFailed(d.reviews.comments(id))).filter((c) => c.sentIn === "")
    if (drafts.length === 0) return yield* new Refused({ message: `"${card.label}" has no unsent comments` })
    const prompt = reviewPrompt(drafts.map((c) => ({ ...c, text: c.body })))
    if (!fits(prompt)) {
      return yield* new Refused({
        message: `the review is over the ${MAX_PROMPT_BYTES}-byte prompt limit with ${drafts.length} comments — send fewer at once`
      })
    }
    const sent = yield* handOver(d.relay, id, prompt)
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
      d.reviews.send(
        round,
        drafts.map((c) => c.id)
      )
    )
    yield* watch(d, round, sent)
    yield* publish(d, id)
    return roundOf(round)
  })

const ask = (d: Deps, id: string, reviewer: string, kind: string) =>
  Effect.gen(function* () {
    const { sent, ...asked } = yield* Effect.provide(askReview(id, reviewer, kind), d.asking)
    const round: ReviewRow = { ...asked, id: newId(), comments: 0, createdAt: yield* Clock.currentTimeMillis, answeredAt: 0 }
    yield* storeFailed(d.reviews.send(round, []))
    yield* watch(d, round, sent)
    yield* publish(d, id)
    return roundOf(round)
  })

const make = Effect.gen(function* () {
  const d: Deps = {
    g: yield* Git,
    changes: yield* Changes,
    reviews: yield* Reviews,
    relay: yield* relayCalls,
    hub: yield* EventHub,
    scope: yield* Effect.scope,
    asking: yield* Effect.context<Asking>()
  }
  // The rounds the last backend was waiting on: their errands are in the relay's journal.
  yield* Effect.forkScoped(
    Effect.flatMap(
      Effect.orElseSucceed(d.reviews.pending(), () => []),
      (rows) => Effect.forEach(rows, (r) => watch(d, r), { discard: true })
    )
  )

  return ReviewService.of({
    state: (id) => state(d, id),
    comment: (p) => comment(d, p),
    edit: (commentId, text) => edit(d, commentId, text),
    drop: (commentId) => drop(d, commentId),
    send: (id) => send(d, id),
    ask: (id, reviewer, kind) => ask(d, id, reviewer, kind)
  })
})

export const ReviewLayer = Layer.scoped(ReviewService, make)
