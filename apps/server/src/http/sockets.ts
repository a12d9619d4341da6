/**
 * The two sockets the window lives on. `/events`: one JSON text frame per LichEvent. `/ws`: terminal
 * bytes as binary frames `[1-byte id length][id][payload]` both ways, and control messages as JSON
 * text frames, both defined in the contract (libs/contract/src/terminalWire.ts). A window attaches to a session with a text frame `{"attach": id}` and gets the replay
 * ring first, then live bytes; `{"detach": id}` stops them (a hidden card costs nothing) and
 * `{"resize": id, "cols": c, "rows": r}` reaches the PTY. A window whose terminal falls behind sends
 * `{"pause": id}` and later `{"resume": id}`; one that fell too far behind (or whose socket stopped
 * draining) is sent the text frame `{"resync": id}`, then the replay ring again (terminalOutbox.ts).
 */
import { control, decodeFrame, decodeWindowControl, type WindowControl } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { type Context, Effect, Fiber, Queue, Runtime, type Scope } from "effect"
import type { WebSocket } from "ws"
import { type FrameSink, TerminalOutbox } from "./terminalOutbox.js"

export const eventsSocket = (ws: WebSocket) =>
  Effect.gen(function* () {
    const hub = yield* EventHub
    const events = yield* hub.subscribe
    yield* Effect.forever(
      Effect.flatMap(Queue.take(events), (e) =>
        Effect.sync(() => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(e))
        })
      )
    )
  })

/**
 * The replay, then every read of the terminal, through the window's outbox until interrupted or
 * the output ends. The session hands each read to the outbox itself (follow), lent, and says when
 * its batch ends: the outbox copies the read into the frame it fills at once, or holds a copy, so a
 * flood costs no copy more.
 */
const streamTo = (terminals: Context.Tag.Service<typeof Terminals>, id: string, outbox: TerminalOutbox) =>
  Effect.scoped(
    Effect.gen(function* () {
      const { ended } = yield* terminals.follow(id, outbox, (replay) => outbox.sendReplay(replay))
      yield* ended
    })
  ).pipe(Effect.ignore)

interface Attachment {
  fiber: Fiber.Fiber<void, unknown>
  readonly outbox: TerminalOutbox
}

/** What the handlers of one `/ws` connection share. */
interface Conn {
  readonly ws: WebSocket
  readonly terminals: Context.Tag.Service<typeof Terminals>
  readonly scope: Scope.Scope
  readonly runFork: (effect: Effect.Effect<void>) => void
  readonly attached: Map<string, Attachment>
  readonly sink: FrameSink
}

const detach = (c: Conn, id: string) =>
  Effect.suspend(() => {
    const a = c.attached.get(id)
    c.attached.delete(id)
    return a ? Fiber.interrupt(a.fiber) : Effect.void
  })

const attach = (c: Conn, id: string): Effect.Effect<void> =>
  Effect.gen(function* () {
    if (c.attached.has(id)) return
    // A resync starts the attachment over: the ring and a new subscription are taken together.
    // Only while this attachment is still the one in the map: a detach in between wins.
    const resync = () => {
      if (c.attached.get(id)?.outbox !== outbox) return
      c.runFork(
        Effect.zipRight(
          detach(c, id),
          Effect.suspend(() => {
            if (c.ws.readyState === c.ws.OPEN) c.ws.send(control.resync(id))
            return attach(c, id)
          })
        )
      )
    }
    const outbox: TerminalOutbox = new TerminalOutbox(id, c.sink, resync)
    // An attachment whose stream ended — no PTY yet (a card the window shows before its open
    // answered), or its process exited — leaves the map, so the next attach for that id is served.
    const served = streamTo(c.terminals, id, outbox).pipe(
      Effect.ensuring(
        Effect.sync(() => {
          if (c.attached.get(id)?.outbox === outbox) c.attached.delete(id)
        })
      )
    )
    // In the map before the stream can end, so its own removal always finds it.
    const entry: Attachment = { fiber: Fiber.void, outbox }
    c.attached.set(id, entry)
    entry.fiber = yield* Effect.forkIn(served, c.scope)
  })

const onControl = (c: Conn, m: WindowControl): Effect.Effect<void> => {
  if ("attach" in m) return attach(c, m.attach)
  if ("detach" in m) return detach(c, m.detach)
  if ("pause" in m) return Effect.sync(() => c.attached.get(m.pause)?.outbox.pause())
  if ("resume" in m) return Effect.sync(() => c.attached.get(m.resume)?.outbox.resume())
  return Effect.ignore(c.terminals.resize(m.resize, m.cols, m.rows))
}

type Inbound = { readonly text: string } | { readonly binary: Buffer }

/** Keystrokes go to the PTY; a text frame that is no control message is ignored, as is a bad frame. */
const onMessage = (c: Conn, m: Inbound): Effect.Effect<void> => {
  if ("binary" in m) {
    const f = decodeFrame(m.binary)
    return f ? Effect.ignore(c.terminals.write(f.id, f.payload, { fromUser: true })) : Effect.void
  }
  const decoded = decodeWindowControl(m.text)
  return decoded._tag === "Some" ? onControl(c, decoded.value) : Effect.void
}

export const terminalSocket = (ws: WebSocket) =>
  Effect.gen(function* () {
    const runFork = Runtime.runFork(yield* Effect.runtime<never>())
    const c: Conn = {
      ws,
      terminals: yield* Terminals,
      scope: yield* Effect.scope,
      runFork: (effect) => void runFork(effect),
      attached: new Map(),
      sink: {
        send: (frame, done) => ws.send(frame, { binary: true }, done),
        buffered: () => ws.bufferedAmount
      }
    }
    const inbox = yield* Queue.unbounded<Inbound>()
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      Queue.unsafeOffer(inbox, isBinary ? { binary: data } : { text: data.toString("utf8") })
    })
    yield* Effect.forever(Effect.flatMap(Queue.take(inbox), (m) => onMessage(c, m)))
  })
