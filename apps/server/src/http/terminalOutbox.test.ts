import { describe, expect, it } from "vitest"
import { FRAME_BYTES, HOLD_LIMIT_BYTES, SOCKET_HIGH_BYTES, TerminalOutbox } from "./terminalOutbox.js"

/** A socket that records frames and says it is written only when the test says so. */
const fakeSocket = () => {
  const frames: Array<Buffer> = []
  const pending: Array<() => void> = []
  let buffered = 0
  let resyncs = 0
  const sink = {
    send: (frame: Uint8Array, done: () => void) => {
      frames.push(Buffer.from(frame)) // a copy: the outbox reuses its buffers once written
      pending.push(done)
    },
    buffered: () => buffered
  }
  const outbox = new TerminalOutbox("s1", sink, () => resyncs++)
  return {
    outbox,
    frames,
    payloads: () => frames.map((f) => f.subarray(1 + f[0]!).toString("latin1")),
    setBuffered: (n: number) => (buffered = n),
    writeAll: () => {
      for (const done of pending.splice(0)) done()
    },
    resyncs: () => resyncs
  }
}

const bytes = (n: number, fill = "a") => Buffer.alloc(n, fill)

describe("a window's terminal outbox", () => {
  it("sends a batch of reads as one frame, prefixed with the session id", () => {
    const s = fakeSocket()
    s.outbox.offer([Buffer.from("hello "), Buffer.from("world")])
    expect(s.frames).toHaveLength(1)
    expect(s.frames[0]![0]).toBe(2)
    expect(s.frames[0]!.subarray(1, 3).toString()).toBe("s1")
    expect(s.payloads()).toEqual(["hello world"])
  })

  it("holds a copy of what it is lent while paused: the session reuses its buffers", () => {
    const s = fakeSocket()
    s.outbox.pause()
    const lent = Buffer.from("while paused")
    s.outbox.offer([lent])
    lent.fill(0x21)
    s.outbox.resume()
    expect(s.payloads()).toEqual(["while paused"])
  })

  it("splits a large batch into frames no larger than a pooled buffer, in order", () => {
    const s = fakeSocket()
    const reads = Array.from({ length: 200 }, (_, i) => bytes(4096, String.fromCharCode(97 + (i % 26))))
    s.outbox.offer(reads)
    expect(s.frames.length).toBeGreaterThan(1)
    for (const f of s.frames) expect(f.length).toBeLessThanOrEqual(FRAME_BYTES)
    expect(s.payloads().join("")).toBe(Buffer.concat(reads).toString("latin1"))
  })

  it("sends a read larger than a frame on its own", () => {
    const s = fakeSocket()
    s.outbox.offer([Buffer.from("x"), bytes(FRAME_BYTES * 2, "b"), Buffer.from("y")])
    expect(s.payloads().map((p) => p.length)).toEqual([1, FRAME_BYTES * 2, 1])
  })

  it("holds output while paused and sends it on resume, nothing lost", () => {
    const s = fakeSocket()
    s.outbox.pause()
    s.outbox.offer([Buffer.from("one ")])
    s.outbox.offer([Buffer.from("two")])
    expect(s.frames).toHaveLength(0)
    expect(s.outbox.holding).toBe(7)
    s.outbox.resume()
    expect(s.payloads().join("")).toBe("one two")
    expect(s.resyncs()).toBe(0)
  })

  it("holds output while the socket is not draining, and sends it once written", () => {
    const s = fakeSocket()
    s.outbox.offer([Buffer.from("first")])
    s.setBuffered(SOCKET_HIGH_BYTES + 1)
    s.outbox.offer([Buffer.from("second")])
    expect(s.payloads()).toEqual(["first"])
    s.setBuffered(0)
    s.writeAll()
    expect(s.payloads()).toEqual(["first", "second"])
  })

  it("drops to a resync once a stalled window is owed more than the ring holds, and stays bounded", () => {
    const s = fakeSocket()
    s.outbox.offer([Buffer.from("first")])
    s.setBuffered(SOCKET_HIGH_BYTES + 1)
    for (let i = 0; i < 200; i++) s.outbox.offer([bytes(64 * 1024)]) // 12.5 MiB a window never reads
    expect(s.frames).toHaveLength(1)
    expect(s.outbox.holding).toBeLessThanOrEqual(HOLD_LIMIT_BYTES)
    expect(s.resyncs()).toBe(0)
    s.setBuffered(0)
    s.writeAll()
    expect(s.resyncs()).toBe(1)
    s.outbox.offer([Buffer.from("late")]) // still the dropped attachment: the resync replaces it
    expect(s.frames).toHaveLength(1)
  })

  it("resyncs a paused window that fell too far behind when it resumes", () => {
    const s = fakeSocket()
    s.outbox.pause()
    s.outbox.offer([bytes(HOLD_LIMIT_BYTES + 1)])
    expect(s.outbox.holding).toBe(0)
    expect(s.resyncs()).toBe(0)
    s.outbox.resume()
    expect(s.resyncs()).toBe(1)
    expect(s.frames).toHaveLength(0)
  })
})
