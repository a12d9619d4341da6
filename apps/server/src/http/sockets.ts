/**
 * The two sockets the window lives on. `/events`: one JSON text frame per LichEvent. `/ws`: terminal
 * bytes as binary frames `[1-byte id length][id][payload]` both ways — never JSON or base64 on the
 * hot path. A window attaches to a session with a text frame `{"attach": id}` and gets the replay
 * ring first, then live bytes; `{"detach": id}` stops them (a hidden card costs nothing) and
 * `{"resize": id, "cols": c, "rows": r}` reaches the PTY. A window whose terminal falls behind sends
 * `{"pause": id}` and later `{"resume": id}`; one that fell too far behind (or whose socket stopped
 * draining) is sent the text frame `{"resync": id}`, then the replay ring again (terminalOutbox.ts).
 */
import { Cols, Rows } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { Chunk, type Context, Effect, Fiber, Queue, Runtime, Schema, Stream } from "effect"
import type { WebSocket } from "ws"
import { TerminalOutbox } from "./terminalOutbox.js"

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

export const frame = (id: string, payload: Uint8Array): Buffer => {
  const idBytes = Buffer.from(id, "utf8")
  const out = Buffer.allocUnsafe(1 + idBytes.length + payload.length)
  out[0] = idBytes.length
  idBytes.copy(out, 1)
  out.set(payload, 1 + idBytes.length)
  return out
}

export const unframe = (data: Buffer): { id: string; payload: Buffer } | undefined => {
  const n = data[0]
  if (n === undefined || n === 0 || data.length < 1 + n) return undefined
  return { id: data.subarray(1, 1 + n).toString("utf8"), payload: data.subarray(1 + n) }
}

const Control = Schema.Union(
  Schema.Struct({ attach: Schema.String }),
  Schema.Struct({ detach: Schema.String }),
  Schema.Struct({ pause: Schema.String }),
  Schema.Struct({ resume: Schema.String }),
  Schema.Struct({ resize: Schema.String, cols: Cols, rows: Rows })
)
const decodeControl = Schema.decodeUnknownOption(Schema.parseJson(Control))

/** The replay, then every read the terminal publishes, through the window's outbox until interrupted. */
const streamTo = (terminals: Context.Tag.Service<typeof Terminals>, id: string, outbox: TerminalOutbox) =>
  Effect.scoped(
    Effect.gen(function* () {
      const { replay, output } = yield* terminals.attach(id)
      outbox.sendReplay(replay)
      // Every read the terminal published together goes out in as few frames as fit: a socket
      // write per read is what bounded throughput (bench/pty-throughput.mjs).
      yield* Stream.runForEachChunk(output, (reads) => Effect.sync(() => outbox.offer(Chunk.toReadonlyArray(reads))))
    })
  ).pipe(Effect.ignore)

export const terminalSocket = (ws: WebSocket) =>
  Effect.gen(function* () {
    const terminals = yield* Terminals
    const scope = yield* Effect.scope
    const runFork = Runtime.runFork(yield* Effect.runtime<never>())
    const attached = new Map<string, { fiber: Fiber.Fiber<void, unknown>; outbox: TerminalOutbox }>()
    const inbox = yield* Queue.unbounded<{ text: string } | { binary: Buffer }>()
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      Queue.unsafeOffer(inbox, isBinary ? { binary: data } : { text: data.toString("utf8") })
    })
    const sink = {
      send: (frame: Uint8Array, done: () => void) => ws.send(frame, { binary: true }, done),
      buffered: () => ws.bufferedAmount
    }

    const attach = (id: string) =>
      Effect.gen(function* () {
        if (attached.has(id)) return
        // A resync starts the attachment over: the ring and a new subscription are taken together.
        // Only while this attachment is still the one in the map: a detach in between wins.
        const resync = () => {
          if (attached.get(id)?.outbox !== outbox) return
          runFork(Effect.zipRight(detach(id), Effect.suspend(() => {
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ resync: id }))
            return attach(id)
          })))
        }
        const outbox: TerminalOutbox = new TerminalOutbox(id, sink, resync)
        // An attachment whose stream ended — no PTY yet (a card the window shows before its open
        // answered), or its process exited — leaves the map, so the next attach for that id is served.
        const served = streamTo(terminals, id, outbox).pipe(
          Effect.ensuring(Effect.sync(() => {
            if (attached.get(id)?.outbox === outbox) attached.delete(id)
          }))
        )
        // In the map before the stream can end, so its own removal always finds it.
        const entry: { fiber: Fiber.Fiber<void, unknown>; outbox: TerminalOutbox } = { fiber: Fiber.void, outbox }
        attached.set(id, entry)
        entry.fiber = yield* Effect.forkIn(served, scope)
      })

    const detach = (id: string) =>
      Effect.suspend(() => {
        const a = attached.get(id)
        attached.delete(id)
        return a ? Fiber.interrupt(a.fiber) : Effect.void
      })

    yield* Effect.forever(
      Effect.flatMap(Queue.take(inbox), (m) => {
        if ("binary" in m) {
          const f = unframe(m.binary)
          return f ? Effect.ignore(terminals.write(f.id, f.payload, { fromUser: true })) : Effect.void
        }
        const c = decodeControl(m.text)
        if (c._tag === "None") return Effect.void
        const v = c.value
        if ("attach" in v) return attach(v.attach)
        if ("detach" in v) return detach(v.detach)
        if ("pause" in v) return Effect.sync(() => attached.get(v.pause)?.outbox.pause())
        if ("resume" in v) return Effect.sync(() => attached.get(v.resume)?.outbox.resume())
        return Effect.ignore(terminals.resize(v.resize, v.cols, v.rows))
      })
    )
  })
