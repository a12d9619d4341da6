/**
 * Reading turns from hook reports: which errands a session's turn ended without answering. busy
 * opens a turn (and marks every delivered errand there as picked up); done ends it — errands that saw
 * the turn and got no reply close as unanswered, all of them, since nothing outside the session can
 * say which one that turn was; idle (the session ended) closes every delivered errand. A turn that
 * ends while the session still waits on an errand of its own says nothing yet.
 */
import type { HookReport } from "@lich/events"
import { Effect } from "effect"
import type { Core } from "./core.js"
import { openErrandsAt, openErrandsFrom, type Errand } from "./state.js"
import { unansweredNote } from "./text.js"

interface DeliveryHooks {
  readonly onSenderDone: (senderId: string) => Effect.Effect<void>
  readonly type: (id: string, text: string) => Effect.Effect<unknown>
}

export const makeObserver = (core: Core, delivery: DeliveryHooks) => {
  const closeAll = (es: ReadonlyArray<Errand>) =>
    Effect.forEach(es, (e) => core.close(e, { status: "unanswered", answer: "" }), { discard: true })

  const observe = (r: HookReport) =>
    Effect.gen(function* () {
      const toClose = yield* core.locked((s) => {
        s.reporting.add(r.id)
        const delivered = openErrandsAt(s, r.id).filter((e) => e.delivered)
        switch (r.state) {
          case "busy":
          case "compacting":
            s.turn.set(r.id, "busy")
            for (const e of delivered) e.sawBusy = true
            return []
          case "waiting":
            return []
          case "idle":
            s.turn.delete(r.id)
            return delivered
          case "done": {
            s.turn.set(r.id, "done")
            // Still waiting on an errand of its own: that outcome resumes it; the turn after is the one read.
            if (openErrandsFrom(s, r.id).length > 0) return []
            const ended: Array<Errand> = []
            for (const e of delivered) {
              if (e.skipTurns > 0) {
                e.skipTurns--
                e.sawBusy = false
              } else if (e.sawBusy) ended.push(e)
            }
            return ended
          }
        }
      })
      yield* closeAll(toClose)
      if (r.state === "done" && toClose.length >= 2) {
        yield* Effect.ignore(delivery.type(r.id, unansweredNote(toClose.map((e) => ({ ticket: e.ticket, sender: e.senderLabel || "the command line" })))))
      }
      if (r.state === "done") yield* delivery.onSenderDone(r.id)
    })

  /** The session's process ended: nothing there can answer any more. */
  const ended = (id: string) =>
    Effect.gen(function* () {
      const toClose = yield* core.locked((s) => {
        s.turn.delete(id)
        return openErrandsAt(s, id).filter((e) => e.delivered)
      })
      yield* closeAll(toClose)
    })

  return { observe, ended }
}
