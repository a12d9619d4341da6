/**
 * The two sockets the window lives on. `/events`: one JSON text frame per LichEvent. `/ws`: terminal
 * bytes as binary frames `[1-byte id length][id][payload]` both ways — never JSON or base64 on the
 * hot path. A window attaches to a session with a text frame `{"attach": id}` and gets the replay
 * ring first, then live bytes; `{"detach": id}` stops them (a hidden card costs nothing) and
 * `{"resize": id, "cols": c, "rows": r}` reaches the PTY.
 */
import { Cols, Rows } from "@lich/contract"
import { EventHub } from "@lich/events"
import { Terminals } from "@lich/terminal"
import { Chunk, Effect, Fiber, Queue, Schema, Stream } from "effect"
import type { WebSocket } from "ws"

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

/** One frame for a run of reads, built in one allocation: the bytes are copied once, not twice. */
export const frameAll = (id: string, reads: Iterable<Uint8Array>): Buffer => {
  const list = Array.isArray(reads) ? (reads as ReadonlyArray<Uint8Array>) : Array.from(reads)
  const idBytes = Buffer.from(id, "utf8")
  let size = 1 + idBytes.length
  for (let i = 0; i < list.length; i++) size += list[i]!.length
  const out = Buffer.allocUnsafe(size)
  out[0] = idBytes.length
  idBytes.copy(out, 1)
  let at = 1 + idBytes.length
  for (let i = 0; i < list.length; i++) {
    out.set(list[i]!, at)
    at += list[i]!.length
  }
  return out
}

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
  Schema.Struct({ resize: Schema.String, cols: Cols, rows: Rows })
)
const decodeControl = Schema.decodeUnknownOption(Schema.parseJson(Control))

export const terminalSocket = (ws: WebSocket) =>
  Effect.gen(function* () {
    const terminals = yield* Terminals
    const scope = yield* Effect.scope
    const attached = new Map<string, Fiber.RuntimeFiber<void, unknown>>()
    const inbox = yield* Queue.unbounded<{ text: string } | { binary: Buffer }>()
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      Queue.unsafeOffer(inbox, isBinary ? { binary: data } : { text: data.toString("utf8") })
    })

    const attach = (id: string) =>
      Effect.gen(function* () {
        if (attached.has(id)) return
        const fiber = yield* Effect.forkIn(
          Effect.scoped(
            Effect.gen(function* () {
              const { replay, output } = yield* terminals.attach(id)
              if (replay.length > 0) ws.send(frame(id, replay))
              // Every read the terminal published together goes out as one frame: a socket write
              // per read is what bounded throughput (measured: bench/pty-throughput.mjs).
              yield* Stream.runForEachChunk(output, (reads) => Effect.sync(() => ws.send(frameAll(id, Chunk.toReadonlyArray(reads)))))
            })
          ).pipe(Effect.ignore),
          scope
        )
        attached.set(id, fiber)
      })

    const detach = (id: string) =>
      Effect.suspend(() => {
        const f = attached.get(id)
        attached.delete(id)
        return f ? Fiber.interrupt(f) : Effect.void
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
        return Effect.ignore(terminals.resize(v.resize, v.cols, v.rows))
      })
    )
  })
