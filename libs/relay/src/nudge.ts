/**
 * Telling a session something on the relay's behalf: the nudge that its results are ready (a
 * subagent's report handed whole to its mod), and a one-off note. Through the session's mod when one
 * polls — a message from the plugin, never typed over a draft — else typed once it is at its prompt,
 * bounded by the 5-minute queue. The steps that decide a nudge is due are steps/nudges.ts.
 */
import type { Terminals } from "@lich/terminal"
import { Duration, Effect } from "effect"
import type { Core } from "./core.js"
import { typeAt } from "./deliver.js"
import { type InboxEntry, QUEUE_LIMIT_MS } from "./state.js"
import { nudgeText, reportNote } from "./text.js"
import type { ModDelivery } from "./viaMod.js"

export interface NoteDeps {
  readonly core: Core
  readonly terminals: Terminals["Type"]
  /** Whether the session's CLI has lich's tools in its own tool list. */
  readonly hasTools: (sessionId: string) => Effect.Effect<boolean>
  readonly viaMod: ModDelivery
}

const targetsOf = (xs: ReadonlyArray<InboxEntry>) => [...new Set(xs.map((x) => x.target))].sort()

/** The debounce ran out: the sender hears of its fresh results, unless its own turn runs. */
export const flushNudge = (d: NoteDeps, senderId: string) =>
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
const handReports = (d: NoteDeps, senderId: string, fresh: ReadonlyArray<InboxEntry>) =>
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
export const note = (d: NoteDeps, id: string, text: string) =>
  Effect.gen(function* () {
    if (yield* d.viaMod.tell(id, text)) return
    if (yield* d.terminals.awaitReady(id, Duration.millis(QUEUE_LIMIT_MS))) yield* Effect.ignore(typeAt(d, id, text))
  })
