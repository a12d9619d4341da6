/**
 * `lich reply`: an answer handed to the session waiting on a ticket. With no ticket it answers the
 * one request open against the calling session — a message actually delivered there — and refuses,
 * listing each, when there are two. A late answer (the errand ended unanswered within the hour) is
 * filed once into the sender's inbox and announced like any other result.
 */
import { NotFound, Refused, Replied } from "@lich/contract"
import { Effect, Either } from "effect"
import type { Core } from "./core.js"
import { cleanAnswer } from "./sanitize.js"
import { openErrandsAt, publicEntries, stash, type Errand } from "./state.js"

export const makeReply = (core: Core, armNudge: (senderId: string) => Effect.Effect<void>) => {
  const { locked, close } = core
  const delivery = { armNudge }
  const reply = (p: { from: string; ticket: string; answer: string }) =>
    Effect.gen(function* () {
      const answer = yield* Either.match(cleanAnswer(p.answer), { onLeft: Effect.fail, onRight: Effect.succeed })
      const ticket = p.ticket.trim().toLowerCase()
      const pick = yield* locked((s, now) => {
        if (ticket === "") {
          const open = openErrandsAt(s, p.from).filter((e) => e.entered)
          return { _tag: "ticketless" as const, open }
        }
        const e = s.errands.get(ticket)
        if (e && !e.closed) return { _tag: "open" as const, e }
        const tomb = s.tombs.get(ticket)
        if (tomb && tomb.lateOk && now < tomb.until) {
          // A late answer: filed once into the sender's inbox, announced like any other result.
          s.tombs.set(ticket, { ...tomb, lateOk: false, status: "answered" })
          stash(s, { ticket, senderId: tomb.senderId, target: tomb.targetLabel, status: "answered", answer, readyAt: now, private: tomb.private, nudged: false })
          return { _tag: "late" as const, senderId: tomb.senderId, private: tomb.private, count: publicEntries(s, tomb.senderId).length }
        }
        return { _tag: "none" as const, answered: tomb?.status === "answered" }
      })
      if (pick._tag === "late") {
        if (!pick.private && pick.senderId !== "") {
          yield* core.hub.publish({ _tag: "session-inbox", id: pick.senderId, count: pick.count })
          yield* delivery.armNudge(pick.senderId)
        }
        return new Replied({ ticket })
      }
      if (pick._tag === "none") {
        return yield* new NotFound({
          what: "ticket",
          name: ticket,
          message: pick.answered
            ? `ticket "${ticket}" was answered already — the first answer went home`
            : `unknown ticket "${ticket}" — it was answered already, or expired`
        })
      }
      const target = pick._tag === "open" ? pick.e : yield* ticketless(p.from, pick.open)
      const won = yield* close(target, { status: "answered", answer })
      if (!won) return yield* new Refused({ message: `ticket "${target.ticket}" was answered already — the first answer went home` })
      return new Replied({ ticket: target.ticket })
    })

  const ticketless = (from: string, open: ReadonlyArray<Errand>) =>
    Effect.gen(function* () {
      if (from === "") {
        return yield* new Refused({ message: "a reply without a ticket answers the request open against this session, and this is not a lich session — name the ticket: lich reply <ticket> <answer>" })
      }
      if (open.length === 1) return open[0]!
      if (open.length === 0) {
        return yield* new Refused({ message: "no request is open against this session — name the ticket the answer belongs to: lich reply <ticket> <answer>" })
      }
      const lines = open.map((e) => `  lich reply ${e.ticket} "<answer>"   — ${e.prompt.split("\n")[0]!.slice(0, 80)}`)
      return yield* new Refused({
        message: `${open.length} requests are open against this session, and an answer that names no ticket would close the wrong one. Name the ticket the answer belongs to:\n${lines.join("\n")}`
      })
    })


  return reply
}
