/**
 * Typing at a prompt on the relay's behalf: the task itself, a retype when a reporting target never
 * started on it, and the nudge that results are ready. Every write waits for the target to be ready
 * (its hooks said done, or it went quiet, and nobody is typing there), bounded by the 5-minute queue.
 * One hand-off at a time per target: the actor's lanes say whose turn it is (steps/delivery.ts).
 */
import type { Terminals } from "@lich/terminal"
import { Duration, Effect, type Scope } from "effect"
import type { Core } from "./core.js"
import { type Errand, type InboxEntry, type Outcome, QUEUE_LIMIT_MS, RECEIPT_WINDOW_MS } from "./state.js"
import { nudgeText, reportNote } from "./text.js"
import type { ModDelivery } from "./viaMod.js"

/** 16 KiB: a capped 8 KiB prompt plus the message around it; nothing larger is typed by the relay. */
export const RELAY_MESSAGE_MAX_BYTES = 16 * 1024

export interface DeliveryDeps {
  readonly core: Core
  readonly terminals: Terminals["Type"]
  readonly scope: Scope.Scope
  /** Whether the session's CLI has lich's tools in its own tool list. */
  readonly hasTools: (sessionId: string) => Effect.Effect<boolean>
  readonly viaMod: ModDelivery
  /** Applies the hook reports published so far (reports.ts): a stamp must see every turn before it. */
  readonly catchUp: Effect.Effect<void>
}

export const typeAt = (d: DeliveryDeps, id: string, text: string) =>
  d.terminals.typeMessage(id, text, { maxBytes: RELAY_MESSAGE_MAX_BYTES }).pipe(Effect.either)

const close = (d: DeliveryDeps, ticket: string, outcome: Outcome) => d.core.apply({ _tag: "Closed", ticket, outcome })

const receiptWatch = (d: DeliveryDeps, e: Errand): Effect.Effect<void> =>
  Effect.gen(function* () {
    yield* Effect.sleep(Duration.millis(RECEIPT_WINDOW_MS))
    const verdict = yield* d.core.apply({ _tag: "ReceiptDue", ticket: e.ticket })
    if (verdict === "read") return
    if (verdict === "retype" && (yield* d.terminals.isReady(e.targetId))) {
      yield* d.core.apply({ _tag: "Retyped", ticket: e.ticket })
      const wrote = yield* typeAt(d, e.targetId, e.message)
      if (wrote._tag === "Right") return yield* receiptWatch(d, e)
    }
    yield* close(d, e.ticket, { status: "unread", answer: "" })
  })

/** The hand-off of `ticket`, which holds its target's lane; the lane passes on however it ends. */
export const deliver = (d: DeliveryDeps, ticket: string, targetId: string) =>
  handOff(d, ticket).pipe(Effect.ensuring(d.core.apply({ _tag: "LaneLeft", ticket, targetId })))

/** A Claude Code session's mod takes the task when it polls; everything else is typed. */
const handOff = (d: DeliveryDeps, ticket: string) =>
  Effect.gen(function* () {
    const e = yield* d.core.read((s) => s.errands.get(ticket))
    if (e === undefined) return
    const route = yield* d.viaMod.route(e.targetId)
    if (route === "gone") return yield* close(d, ticket, { status: "undelivered", answer: "" })
    if (route === "mod" && (yield* d.viaMod.handOver(e))) return
    yield* typeIn(d, e)
  })

/** Wait for a prompt, stamp, write, mark both cards, watch for receipt. */
const typeIn = (d: DeliveryDeps, e: Errand) =>
  Effect.gen(function* () {
    const ready = yield* d.terminals.awaitReady(e.targetId, Duration.millis(QUEUE_LIMIT_MS))
    if (!ready) return yield* close(d, e.ticket, { status: "undelivered", answer: "" })
    yield* d.catchUp
    const stamp = yield* d.core.apply({ _tag: "Stamped", ticket: e.ticket })
    if (!stamp) return
    const wrote = yield* typeAt(d, e.targetId, e.message)
    if (wrote._tag === "Left") return yield* close(d, e.ticket, { status: "undelivered", answer: "" })
    yield* d.core.apply({ _tag: "Entered", ticket: e.ticket })
    // Only a target that reports its state can be caught not reading: silence means nothing otherwise.
    if (stamp.reporting && !stamp.busy) yield* Effect.forkIn(receiptWatch(d, e), d.scope)
  })

const targetsOf = (xs: ReadonlyArray<InboxEntry>) => [...new Set(xs.map((x) => x.target))].sort()

/** The debounce ran out: the sender hears of its fresh results, unless its own turn runs. */
export const flushNudge = (d: DeliveryDeps, senderId: string) =>
  Effect.gen(function* () {
    const fresh = yield* d.core.apply({ _tag: "NudgeDue", senderId })
    if (!fresh) return
    const handed = yield* handReports(d, senderId, fresh)
    const left = fresh.filter((x) => !handed.has(x.ticket))
    if (left.length === 0) return
    const text = nudgeText(targetsOf(left), yield* d.hasTools(senderId))
    // A sender whose mod polls gets the note as a message from the plugin, not typed over its draft.
    if (yield* d.viaMod.tell(senderId, text)) return
    const ready = yield* d.terminals.awaitReady(senderId, Duration.millis(QUEUE_LIMIT_MS))
    const wrote = ready ? yield* typeAt(d, senderId, text) : undefined
    // Not typed: leave them to be nudged with the next batch.
    if (!wrote || wrote._tag === "Left") yield* d.core.apply({ _tag: "NudgeFailed", senderId, tickets: left.map((x) => x.ticket) })
  })

/**
 * A subagent's report goes to its caller's mod whole, as a native subagent's result would, with a
 * line for whatever else is ready; it then leaves the no-ticket collect (wait <ticket> still has it).
 * A caller whose mod does not take it gets the short nudge with the rest.
 */
const handReports = (d: DeliveryDeps, senderId: string, fresh: ReadonlyArray<InboxEntry>) =>
  Effect.gen(function* () {
    const handed = new Set<string>()
    for (const x of fresh) {
      if (x.report === undefined) continue
      const others = targetsOf(fresh.filter((o) => o !== x && !o.report))
      const text = reportNote({ label: x.report.label, branch: x.report.branch, ticket: x.ticket, answer: x.answer, others })
      if (!(yield* d.viaMod.tell(senderId, text, { status: "completed", summary: `"${x.report.label}" reported` }))) continue
      handed.add(x.ticket)
      yield* d.core.apply({ _tag: "ReportHanded", senderId, ticket: x.ticket })
    }
    return handed
  })

/** A one-off note at a session's prompt: through its mod when one polls, else typed once it is ready. */
export const note = (d: DeliveryDeps, id: string, text: string) =>
  Effect.gen(function* () {
    if (yield* d.viaMod.tell(id, text)) return
    if (yield* d.terminals.awaitReady(id, Duration.millis(QUEUE_LIMIT_MS))) yield* Effect.ignore(typeAt(d, id, text))
  })
