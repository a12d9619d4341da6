/**
 * `lich reply`: an answer handed to the session waiting on a ticket. With no ticket it answers the
 * one request open against the calling session — a message actually delivered there — and refuses,
 * listing each, when there are two. A late answer (the errand ended unanswered within the hour) is
 * filed once into the sender's inbox and announced like any other result (steps/errands.ts).
 */
import { type LichError, NotFound, Refused, Replied, type ReplyPayload } from "@lich/contract"
import { Effect, Either } from "effect"
import type { Core } from "./core.js"
import { cleanAnswer } from "./sanitize.js"
import type { Errand } from "./state.js"

const answeredAlready = (ticket: string) => `ticket "${ticket}" was answered already — the first answer went home`

export const reply = (core: Core, p: ReplyPayload): Effect.Effect<Replied, LichError> =>
  Effect.gen(function* () {
    const answer = yield* Either.match(cleanAnswer(p.answer), { onLeft: Effect.fail, onRight: Effect.succeed })
    const ticket = p.ticket.trim().toLowerCase()
    const pick = yield* core.apply({ _tag: "Answering", from: p.from, ticket, answer })
    if (pick._tag === "late") return new Replied({ ticket })
    if (pick._tag === "none") {
      return yield* new NotFound({
        what: "ticket",
        name: ticket,
        message: pick.answered ? answeredAlready(ticket) : `unknown ticket "${ticket}" — it was answered already, or expired`
      })
    }
    const target = pick._tag === "open" ? pick.errand : yield* ticketless(p.from, pick.open)
    const won = yield* core.apply({ _tag: "Closed", ticket: target.ticket, outcome: { status: "answered", answer } })
    if (!won) return yield* new Refused({ message: answeredAlready(target.ticket) })
    return new Replied({ ticket: target.ticket })
  })

const ticketless = (from: string, open: ReadonlyArray<Errand>) =>
  Effect.gen(function* () {
    if (from === "") {
      return yield* new Refused({
        message:
          "a reply without a ticket answers the request open against this session, and this is not a lich session — name the ticket: lich reply <ticket> <answer>"
      })
    }
    if (open.length === 1) return open[0]!
    if (open.length === 0) {
      return yield* new Refused({
        message: "no request is open against this session — name the ticket the answer belongs to: lich reply <ticket> <answer>"
      })
    }
    const lines = open.map((e) => `  lich reply ${e.ticket} "<answer>"   — ${e.prompt.split("\n")[0]!.slice(0, 80)}`)
    return yield* new Refused({
      message: `${open.length} requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n${lines.join("\n")}`
    })
  })
