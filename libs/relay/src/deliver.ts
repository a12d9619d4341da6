/**
 * Carrying out a hand-off's I/O (the acts steps/lanes.ts hands out): each one does its I/O and
 * reports the outcome as the event the act names, tagged with the act's number. Nothing here decides
 * where a task goes next — whether to wait, type, retype, hand it to a mod or give up is the step's.
 */
import type { Terminals } from "@lich/terminal"
import { Duration, Effect, Option, Stream } from "effect"
import type { Act } from "./acts.js"
import type { Core } from "./core.js"
import type { ModDelivery } from "./viaMod.js"

/** 16 KiB: a capped 8 KiB prompt plus the message around it; nothing larger is typed by the relay. */
export const RELAY_MESSAGE_MAX_BYTES = 16 * 1024

export interface DeliveryDeps {
  readonly core: Core
  readonly terminals: Terminals["Type"]
  readonly viaMod: ModDelivery
  /** Applies the hook reports published so far (reports.ts): a stamp must see every turn before it. */
  readonly catchUp: Effect.Effect<void>
}

export type IoAct = Extract<Act, { readonly _tag: "io" }>

export const typeAt = (d: Pick<DeliveryDeps, "terminals">, id: string, text: string) =>
  d.terminals.typeMessage(id, text, { maxBytes: RELAY_MESSAGE_MAX_BYTES }).pipe(Effect.either)

/**
 * Waits for the prompt, reporting each change of the question the provider's screen holds it
 * behind meanwhile; once it is there, applies the reports published before it, then reports.
 */
const awaitPrompt = (d: DeliveryDeps, a: IoAct, ms: number) =>
  Effect.flatMap(d.terminals.isReady(a.targetId), (now) =>
    // Ready now, nothing holds the screen: the watch's one report would be "no question", which the
    // step ignores at a fresh wait — so neither the watch nor the wait is started (most hand-offs).
    now
      ? Effect.succeed(true)
      : Effect.scoped(
          Effect.gen(function* () {
            const report = (reason: string | undefined) => d.core.apply({ _tag: "ScreenHeld", ticket: a.ticket, seq: a.seq, reason })
            yield* Effect.forkScoped(Stream.runForEach(d.terminals.screenDialog(a.targetId), report))
            return yield* d.terminals.awaitReady(a.targetId, Duration.millis(ms))
          })
        )
  ).pipe(Effect.tap((ready) => (ready ? d.catchUp : Effect.void)))

/** Does `a`'s I/O and reports how it went. */
export const carryOut = (d: DeliveryDeps, a: IoAct): Effect.Effect<unknown> => {
  const { ticket, targetId, seq, io } = a
  switch (io._tag) {
    case "probe":
      return Effect.flatMap(d.viaMod.probe(targetId), (probe) => d.core.apply({ _tag: io.reply, ticket, seq, probe }))
    case "awaitPoll":
      return Effect.flatMap(d.viaMod.awaitPoll(targetId, io.ms), (r) => d.core.apply({ _tag: io.reply, ticket, seq, ...r }))
    case "offer":
      return Effect.flatMap(d.viaMod.offer(targetId, { kind: "prompt", text: io.text }), (ack) =>
        d.core.apply({ _tag: io.reply, ticket, seq, ack: Option.getOrUndefined(ack) })
      )
    case "awaitAck":
      return Effect.flatMap(d.viaMod.awaitAck(io.ack, io.ms), (ack) =>
        d.core.apply({ _tag: io.reply, ticket, seq, ack: Option.getOrUndefined(ack) })
      )
    case "awaitPrompt":
      return Effect.flatMap(awaitPrompt(d, a, io.ms), (ready) => d.core.apply({ _tag: io.reply, ticket, seq, ready }))
    case "type":
      return Effect.flatMap(typeAt(d, targetId, io.text), (wrote) =>
        d.core.apply({ _tag: io.reply, ticket, seq, ok: wrote._tag === "Right" })
      )
    case "receipt":
      return Effect.sleep(Duration.millis(io.ms)).pipe(
        Effect.zipRight(d.terminals.isReady(targetId)),
        Effect.flatMap((ready) => d.core.apply({ _tag: io.reply, ticket, seq, ready }))
      )
  }
}
