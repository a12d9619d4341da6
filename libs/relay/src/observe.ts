/**
 * Reading turns from hook reports: which errands a session's turn ended without answering. busy
 * opens a turn (and marks every delivered errand there as picked up); done ends it — errands that saw
 * the turn and got no reply close as unanswered, all of them, since nothing outside the session can
 * say which one that turn was; idle (the session ended) closes every delivered errand. A turn that
 * ends while the session still waits on an errand of its own says nothing yet.
 *
 * A session that ended — its process exited, or its hooks said idle — did not "answer somewhere
 * else": an errand it had started on is stopped, one it never started on never reached it, and both
 * say the session ended. An errand handed to the session's mod belongs to the turn the mod starts for
 * it, so the turns before that one (already running when it was handed over) are not read against it.
 */
import type { HookReport } from "@lich/events"
import { ENDED } from "@lich/contract"
import { Effect } from "effect"
import type { Core } from "./core.js"
import { openErrandsAt, openErrandsFrom, type Errand } from "./state.js"
import { unansweredNote } from "./text.js"

interface DeliveryHooks {
  readonly onSenderDone: (senderId: string) => Effect.Effect<void>
  readonly type: (id: string, text: string) => Effect.Effect<unknown>
  /** A subagent worker whose answer is in ended its turn: it may park itself now (subagent.ts). */
  readonly workerTurnEnded: (id: string) => Effect.Effect<void>
  /** A session that is some caller's worker started waiting on a person: tell that caller, once per block. */
  readonly workerWaiting: (id: string, reason: string) => Effect.Effect<void>
  /** It works again (busy): its next block is a new one. */
  readonly workerWorking: (id: string) => Effect.Effect<void>
}

export const makeObserver = (core: Core, delivery: DeliveryHooks) => {
  const closeAll = (es: ReadonlyArray<Errand>) =>
    Effect.forEach(es, (e) => core.close(e, { status: "unanswered", answer: "" }), { discard: true })
  /**
   * The session is gone: what it was working on stopped, what it never started on never reached it.
   * A subagent's errand is stopped either way; closed by its own caller it ends in silence — unless
   * that caller is itself a worker somebody waits on, whose report waits for this outcome.
   */
  const closeEnded = (es: ReadonlyArray<Errand>, closer: string | undefined) =>
    Effect.forEach(
      es,
      (e) =>
        Effect.flatMap(
          core.locked((s) => openErrandsAt(s, e.senderId).some((x) => x.subagent)),
          (callerIsWorker) =>
            e.subagent
              ? core.close(e, { status: "stopped", answer: "" }, { silent: closer === e.senderId && !callerIsWorker })
              : core.close(e, { status: e.sawBusy ? "stopped" : "undelivered", answer: "", detail: ENDED })
        ),
      { discard: true }
    )

  const observe = (r: HookReport) =>
    Effect.gen(function* () {
      const toClose = yield* core.locked((s) => {
        s.reporting.add(r.id)
        const delivered = openErrandsAt(s, r.id).filter((e) => e.delivered)
        switch (r.state) {
          case "busy":
          case "compacting":
            s.turn.set(r.id, "busy")
            s.waiting.delete(r.id)
            for (const e of delivered) if (!e.awaitingStart) e.sawBusy = true
            return []
          case "waiting":
            // Only inside a turn: Claude Code also notifies an idle prompt, which blocks nothing.
            if (s.turn.get(r.id) === "busy") s.waiting.set(r.id, r.reason === "" ? "waiting on a permission prompt" : r.reason)
            return []
          case "idle":
            s.turn.delete(r.id)
            s.waiting.delete(r.id)
            return delivered
          case "done": {
            s.turn.set(r.id, "done")
            s.waiting.delete(r.id)
            // Still waiting on an errand of its own: that outcome resumes it; the turn after is the one read.
            if (openErrandsFrom(s, r.id).length > 0) return []
            const ended: Array<Errand> = []
            for (const e of delivered) {
              // A worker's turn that ends without its report usually left work in the background: the
              // turn that work resumes answers it, so only its answer, its close or its exit end it.
              if (e.awaitingStart || e.subagent) continue
              if (e.skipTurns > 0) {
                e.skipTurns--
                e.sawBusy = false
              } else if (e.sawBusy) ended.push(e)
            }
            return ended
          }
        }
      })
      if (r.state === "idle") yield* closeEnded(toClose, undefined)
      else yield* closeAll(toClose)
      if (r.state === "busy") yield* delivery.workerWorking(r.id)
      const blocked = r.state === "waiting" ? yield* core.locked((s) => s.waiting.get(r.id)) : undefined
      if (blocked !== undefined) yield* delivery.workerWaiting(r.id, blocked)
      if (r.state === "done" && toClose.length >= 2) {
        yield* Effect.ignore(delivery.type(r.id, unansweredNote(toClose.map((e) => ({ ticket: e.ticket, sender: e.senderLabel || "the command line" })))))
      }
      if (r.state === "done") yield* delivery.onSenderDone(r.id)
      if (r.state === "done") yield* delivery.workerTurnEnded(r.id)
    })

  /** The session's process ended: nothing there can answer any more. */
  const ended = (id: string) =>
    Effect.gen(function* () {
      const { toClose, closer } = yield* core.locked((s) => {
        s.turn.delete(id)
        s.waiting.delete(id)
        s.answeredWorkers.delete(id)
        const closer = s.closing.get(id)
        s.closing.delete(id)
        // A worker's errand ends with its worker whether or not the task had gone in.
        return { toClose: openErrandsAt(s, id).filter((e) => e.delivered || e.subagent), closer }
      })
      yield* closeEnded(toClose, closer)
    })

  return { observe, ended }
}
