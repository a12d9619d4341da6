/**
 * What goes into one session and what comes out of it: keys and typed messages in (the paste
 * framing is decided here), resizes, and its output — the replay ring, a stream, or the session's own
 * batches for a window's socket (Session.follow). Each finds its session in the table
 * (sessionTable.ts) and fails with TerminalNotFound for one that is not there.
 */
import { Clock, Duration, Effect, Option, type Scope, type Stream, SubscriptionRef } from "effect"
import type { OutputFollower } from "./Fanout.js"
import { ENTER, MAX_MESSAGE_BYTES, PASTE_END, PASTE_ENTER_DELAY_MS, PASTE_START, sanitizeForPaste, utf8Length } from "./Paste.js"
import { noteDelivered, noteKeys } from "./Readiness.js"
import { clampSize, find, lookup, type SessionTable } from "./sessionTable.js"
import { MessageTooLong, TerminalNotFound } from "./TerminalError.js"

export interface SessionIo {
  /** Bytes as typed; `fromUser` marks a person's keys, which the readiness reads as a draft. */
  readonly write: (id: string, data: Uint8Array | string, o?: { readonly fromUser?: boolean }) => Effect.Effect<void, TerminalNotFound>
  /** maxBytes defaults to the 8 KiB prompt bound; the relay's framed message and insert allow more. */
  readonly typeMessage: (
    id: string,
    text: string,
    o?: { readonly enter?: boolean; readonly maxBytes?: number }
  ) => Effect.Effect<void, TerminalNotFound | MessageTooLong>
  readonly resize: (id: string, cols: number, rows: number) => Effect.Effect<void, TerminalNotFound>
  /** The replay ring as it is now; empty for a session that is gone. */
  readonly replay: (id: string) => Effect.Effect<Uint8Array>
  readonly output: (id: string) => Effect.Effect<Stream.Stream<Uint8Array>, TerminalNotFound, Scope.Scope>
  readonly attach: (
    id: string
  ) => Effect.Effect<{ readonly replay: Uint8Array; readonly output: Stream.Stream<Uint8Array> }, TerminalNotFound, Scope.Scope>
  /**
   * The replay to `onReplay`, then each batch of output handed to `follower` by the session itself,
   * its bytes lent (valid only during the call: Session.follow); `ended` resolves after the last.
   * For a window's socket, where a stream's copies would be the flood's largest cost.
   */
  readonly follow: (
    id: string,
    follower: OutputFollower,
    onReplay: (replay: Uint8Array) => void
  ) => Effect.Effect<{ readonly ended: Effect.Effect<void> }, TerminalNotFound, Scope.Scope>
}

const encoder = new TextEncoder()

/** A live stream and, when asked, the ring copied at the same instant (Session.subscribe). */
const subscribe = Effect.fn("Terminals.subscribe")(function* (t: SessionTable, id: string, withReplay: boolean) {
  const attached = yield* (yield* find(t, id)).subscribe(withReplay)
  if (attached === undefined) return yield* new TerminalNotFound({ id })
  return attached
})

/** The paste, then Enter after the pause a TUI needs to take the paste as one; typing one at a time. */
const typeMessage = Effect.fn("Terminals.typeMessage")(function* (
  t: SessionTable,
  id: string,
  text: string,
  o?: { readonly enter?: boolean; readonly maxBytes?: number }
) {
  const s = yield* find(t, id)
  const clean = sanitizeForPaste(text)
  const bytes = utf8Length(clean)
  const limit = o?.maxBytes ?? MAX_MESSAGE_BYTES
  if (bytes > limit) return yield* new MessageTooLong({ id, bytes, limit })
  yield* s.typing.withPermits(1)(
    Effect.gen(function* () {
      s.proc.write(PASTE_START + clean + PASTE_END)
      yield* Effect.sleep(Duration.millis(PASTE_ENTER_DELAY_MS))
      if (o?.enter === false) return
      s.proc.write(ENTER)
      const now = yield* Clock.currentTimeMillis
      yield* SubscriptionRef.update(s.state, (st) => noteDelivered(st, now))
    })
  )
})

export const sessionIo = (t: SessionTable): SessionIo => ({
  write: Effect.fnUntraced(function* (id: string, data: Uint8Array | string, o?: { readonly fromUser?: boolean }) {
    const s = yield* find(t, id)
    if (o?.fromUser) {
      const bytes = typeof data === "string" ? encoder.encode(data) : data
      const now = yield* Clock.currentTimeMillis
      yield* SubscriptionRef.update(s.state, (st) => noteKeys(st, bytes, now))
    }
    s.proc.write(data)
  }),
  typeMessage: (id, text, o) => typeMessage(t, id, text, o),
  resize: Effect.fn("Terminals.resize")(function* (id: string, cols: number, rows: number) {
    const s = yield* find(t, id)
    const size = clampSize(cols, rows)
    s.proc.resize(size.cols, size.rows)
  }),
  replay: (id) => Effect.flatMap(lookup(t, id), Option.match({ onNone: () => Effect.succeed(new Uint8Array(0)), onSome: (s) => s.replay })),
  output: (id) => Effect.map(subscribe(t, id, false), (a) => a.output),
  attach: (id) => subscribe(t, id, true),
  follow: Effect.fn("Terminals.follow")(function* (id: string, follower: OutputFollower, onReplay: (replay: Uint8Array) => void) {
    const followed = yield* (yield* find(t, id)).follow(follower, onReplay)
    if (followed === undefined) return yield* new TerminalNotFound({ id })
    return followed
  })
})
