/**
 * Typing at a prompt on the relay's behalf: the task itself, a retype when a reporting target never
 * started on it, and the nudge that results are ready. Every write waits for the target to be ready
 * (its hooks said done, or it went quiet, and nobody is typing there), bounded by the 5-minute queue.
 */
import { Terminals } from "@lich/terminal"
import { Duration, Effect, type Scope } from "effect"
import type { Core } from "./core.js"
import { type Errand, type InboxEntry, NUDGE_DEBOUNCE_MS, publicEntries, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS } from "./state.js"
import { nudgeText, reportNote } from "./text.js"
import type { makeModDelivery } from "./viaMod.js"

/** 16 KiB: a capped 8 KiB prompt plus the message around it; nothing larger is typed by the relay. */
export const RELAY_MESSAGE_MAX_BYTES = 16 * 1024

export const makeDelivery = (
  core: Core,
  scope: Scope.Scope,
  hasTools: (sessionId: string) => Effect.Effect<boolean>,
  viaMod: ReturnType<typeof makeModDelivery>
) =>
  Effect.gen(function* () {
    const terminals = yield* Terminals
    const nudgeTimers = new Set<string>()
    /**
     * One hand-off at a time per target: the next message waits for the prompt the previous one
     * consumed to come back, so each task lands in a turn of its own and each turn's end is read
     * against the errand it belongs to.
     */
    const targetLocks = new Map<string, Effect.Semaphore>()
    const targetLock = (id: string) => {
      let l = targetLocks.get(id)
      if (!l) {
        l = Effect.unsafeMakeSemaphore(1)
        targetLocks.set(id, l)
      }
      return l
    }
    /** Senders whose nudge is held until their own turn ends. */
    const heldForDone = new Set<string>()

    const type = (id: string, text: string) =>
      terminals.typeMessage(id, text, { maxBytes: RELAY_MESSAGE_MAX_BYTES }).pipe(Effect.either)

    const receiptWatch = (e: Errand): Effect.Effect<void> =>
      Effect.gen(function* () {
        yield* Effect.sleep(Duration.millis(RECEIPT_WINDOW_MS))
        const verdict = yield* core.locked(() => (e.closed || e.sawBusy ? "read" : e.retyped ? "unread" : "retype"))
        if (verdict === "read") return
        if (verdict === "retype" && (yield* terminals.isReady(e.targetId))) {
          yield* core.locked(() => {
            e.retyped = true
          })
          const wrote = yield* type(e.targetId, e.message)
          if (wrote._tag === "Right") return yield* receiptWatch(e)
        }
        yield* core.close(e, { status: "unread", answer: "" })
      })

    /** The hand-off: wait for a prompt, stamp, write, mark both cards, watch for receipt. */
    const deliver = (e: Errand) =>
      Effect.suspend(() => targetLock(e.targetId).withPermits(1)(handOff(e)))

    /** A Claude Code session's mod takes the task when it polls; everything else is typed. */
    const handOff = (e: Errand) =>
      Effect.gen(function* () {
        if (e.closed) return
        const route = yield* viaMod.route(e.targetId)
        if (route === "gone") return yield* core.close(e, { status: "undelivered", answer: "" })
        if (route === "mod" && (yield* viaMod.handOver(e))) return
        yield* typeIn(e)
      })

    const typeIn = (e: Errand) =>
      Effect.gen(function* () {
        const ready = yield* terminals.awaitReady(e.targetId, Duration.millis(QUEUE_LIMIT_MS))
        if (!ready) {
          yield* core.close(e, { status: "undelivered", answer: "" })
          return
        }
        const stamp = yield* core.locked((s) => {
          if (e.closed) return undefined
          e.delivered = true
          const busy = s.turn.get(e.targetId) === "busy"
          if (busy) e.skipTurns = 1
          return { busy, reporting: s.reporting.has(e.targetId) }
        })
        if (!stamp) return
        const wrote = yield* type(e.targetId, e.message)
        if (wrote._tag === "Left") {
          yield* core.close(e, { status: "undelivered", answer: "" })
          return
        }
        yield* core.locked(() => {
          e.entered = true
        })
        // Raised after the write, never before: a mark must not claim a delivery that never happened.
        yield* core.hub.publish({ _tag: "session-relay", id: e.targetId, peer: e.senderLabel, direction: "in", ticket: e.ticket })
        if (e.senderId !== "") {
          yield* core.hub.publish({ _tag: "session-relay", id: e.senderId, peer: e.targetLabel, direction: "out", ticket: e.ticket })
        }
        // Only a target that reports its state can be caught not reading: silence means nothing otherwise.
        if (stamp.reporting && !stamp.busy) yield* Effect.forkIn(receiptWatch(e), scope)
      })

    const flushNudge = (senderId: string) =>
      Effect.gen(function* () {
        const batch = yield* core.locked((s) => {
          nudgeTimers.delete(senderId)
          if (s.turn.get(senderId) === "busy") {
            heldForDone.add(senderId)
            return undefined
          }
          heldForDone.delete(senderId)
          const entries = publicEntries(s, senderId)
          const fresh = entries.filter((x) => !x.nudged)
          if (fresh.length === 0) return undefined
          for (const x of fresh) x.nudged = true
          return { fresh, targets: [...new Set(entries.map((x) => x.target))].sort() }
        })
        if (!batch) return
        const handed = yield* handReports(senderId, batch.fresh)
        const left = batch.fresh.filter((x) => !handed.has(x))
        if (left.length === 0) return
        const targets = [...new Set(left.map((x) => x.target))].sort()
        const text = nudgeText(targets, yield* hasTools(senderId))
        // A sender whose mod polls gets the note as a message from the plugin, not typed over its draft.
        if (yield* viaMod.tell(senderId, text)) return
        const ready = yield* terminals.awaitReady(senderId, Duration.millis(QUEUE_LIMIT_MS))
        const wrote = ready ? yield* type(senderId, text) : undefined
        if (!wrote || wrote._tag === "Left") {
          // Not typed: leave them to be nudged with the next batch.
          yield* core.locked(() => {
            for (const x of left) x.nudged = false
          })
        }
      })

    /**
     * A subagent's report goes to its caller's mod whole, as a native subagent's result would, with a
     * line for whatever else is ready; it then leaves the no-ticket collect (wait <ticket> still has it).
     * A caller whose mod does not take it gets the short nudge with the rest.
     */
    const handReports = (senderId: string, fresh: ReadonlyArray<InboxEntry>) =>
      Effect.gen(function* () {
        const handed = new Set<InboxEntry>()
        for (const x of fresh) {
          if (x.report === undefined) continue
          const others = [...new Set(fresh.filter((o) => o !== x && !o.report).map((o) => o.target))].sort()
          const text = reportNote({ label: x.report.label, branch: x.report.branch, ticket: x.ticket, answer: x.answer, others })
          if (!(yield* viaMod.tell(senderId, text, { status: "completed", summary: `"${x.report.label}" reported` }))) continue
          handed.add(x)
          const count = yield* core.locked((s) => {
            x.handed = true
            return publicEntries(s, senderId).length
          })
          yield* core.hub.publish({ _tag: "session-inbox", id: senderId, count })
        }
        return handed
      })

    /** Arms the debounce: results landing within it share one nudge. */
    const armNudge = (senderId: string) =>
      Effect.gen(function* () {
        const first = yield* core.locked(() => {
          if (nudgeTimers.has(senderId)) return false
          nudgeTimers.add(senderId)
          return true
        })
        if (first) yield* Effect.forkIn(Effect.delay(flushNudge(senderId), Duration.millis(NUDGE_DEBOUNCE_MS)), scope)
      })

    /** A sender's own turn ended: a nudge held for it goes out now. */
    const onSenderDone = (senderId: string) =>
      Effect.suspend(() => (heldForDone.has(senderId) ? Effect.asVoid(Effect.forkIn(flushNudge(senderId), scope)) : Effect.void))

    /** A one-off note at a session's prompt: through its mod when one polls, else typed once it is ready. */
    const note = (id: string, text: string) =>
      Effect.gen(function* () {
        if (yield* viaMod.tell(id, text)) return
        if (yield* terminals.awaitReady(id, Duration.millis(QUEUE_LIMIT_MS))) yield* Effect.ignore(type(id, text))
      }).pipe(Effect.forkIn(scope), Effect.asVoid)

    return { deliver, armNudge, onSenderDone, type, note }
  })
