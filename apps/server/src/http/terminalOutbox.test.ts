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

/** One batch as the session hands it on: each read, lent, then the batch's end. */
const batch = (outbox: TerminalOutbox, reads: ReadonlyArray<Uint8Array>) => {
  for (const r of reads) outbox.read(r)
  outbox.flush()
}

describe("a window's terminal outbox", () => {
  it("sends a batch of reads as one frame, prefixed with the session id", () => {
    const s = fakeSocket()
    batch(s.outbox, [Buffer.from("hello "), Buffer.from("world")])
    expect(s.frames).toHaveLength(1)
    expect(s.frames[0]![0]).toBe(2)
    expect(s.frames[0]!.subarray(1, 3).toString()).toBe("s1")
    expect(s.payloads()).toEqual(["hello world"])
  })

  it("holds a copy of what it is lent while paused: the session reuses its buffers", () => {
    const s = fakeSocket()
    s.outbox.pause()
    const lent = Buffer.from("while paused")
    batch(s.outbox, [lent])
    lent.fill(0x21)
    s.outbox.resume()
    expect(s.payloads()).toEqual(["while paused"])
  })

  it("splits a large batch into frames no larger than a pooled buffer, in order", () => {
    const s = fakeSocket()
    const reads = Array.from({ length: 200 }, (_, i) => bytes(4096, String.fromCharCode(97 + (i % 26))))
    batch(s.outbox, reads)
    expect(s.frames.length).toBeGreaterThan(1)
    for (const f of s.frames) expect(f.length).toBeLessThanOrEqual(FRAME_BYTES)
    expect(s.payloads().join("")).toBe(Buffer.concat(reads).toString("latin1"))
  })

  it("spreads a read larger than a frame over full frames, in order", () => {
    const s = fakeSocket()
    const reads = [Buffer.from("x"), bytes(FRAME_BYTES * 2, "b"), Buffer.from("y")]
    batch(s.outbox, reads)
    expect(s.frames.slice(0, -1).map((f) => f.length)).toEqual([FRAME_BYTES, FRAME_BYTES])
    expect(s.frames.at(-1)!.length).toBeLessThanOrEqual(FRAME_BYTES)
    expect(s.payloads().join("")).toBe(Buffer.concat(reads).toString("latin1"))
  })

  it("copies each read into its frame at once: the session may reuse a read's buffer before the batch ends", () => {
    const s = fakeSocket()
    const lent = Buffer.from("first read")
    s.outbox.read(lent)
    lent.fill(0x21) // the host connection's next socket read lands here
    s.outbox.read(Buffer.from(", second"))
    expect(s.frames).toHaveLength(0) // a frame goes at the batch's end
    s.outbox.flush()
    expect(s.payloads()).toEqual(["first read, second"])
  })

  it("holds the frame being filled, ahead of later reads, when the window pauses mid-batch", () => {
    const s = fakeSocket()
    s.outbox.read(Buffer.from("one "))
    s.outbox.pause()
    s.outbox.read(Buffer.from("two"))
    s.outbox.flush()
    expect(s.frames).toHaveLength(0)
    expect(s.outbox.holding).toBe(7)
    s.outbox.resume()
    expect(s.payloads()).toEqual(["one two"])
  })

  it("holds a batch's frame when the window fell behind before the batch ended", () => {
    const s = fakeSocket()
    s.outbox.read(Buffer.from("abc"))
    s.outbox.pause()
    s.outbox.flush()
    expect(s.frames).toHaveLength(0)
    expect(s.outbox.holding).toBe(3)
    s.outbox.resume()
    expect(s.payloads()).toEqual(["abc"])
  })

  it("holds output while paused and sends it on resume, nothing lost", () => {
    const s = fakeSocket()
    s.outbox.pause()
    batch(s.outbox, [Buffer.from("one ")])
    batch(s.outbox, [Buffer.from("two")])
    expect(s.frames).toHaveLength(0)
    expect(s.outbox.holding).toBe(7)
    s.outbox.resume()
    expect(s.payloads().join("")).toBe("one two")
    expect(s.resyncs()).toBe(0)
  })

  it("holds output while the socket is not draining, and sends it once written", () => {
    const s = fakeSocket()
    batch(s.outbox, [Buffer.from("first")])
    s.setBuffered(SOCKET_HIGH_BYTES + 1)
    batch(s.outbox, [Buffer.from("second")])
    expect(s.payloads()).toEqual(["first"])
    s.setBuffered(0)
    s.writeAll()
    expect(s.payloads()).toEqual(["first", "second"])
  })

  it("drops to a resync once a stalled window is owed more than the ring holds, and stays bounded", () => {
    const s = fakeSocket()
    batch(s.outbox, [Buffer.from("first")])
    s.setBuffered(SOCKET_HIGH_BYTES + 1)
    for (let i = 0; i < 200; i++) batch(s.outbox, [bytes(64 * 1024)]) // 12.5 MiB a window never reads
    expect(s.frames).toHaveLength(1)
    expect(s.outbox.holding).toBeLessThanOrEqual(HOLD_LIMIT_BYTES)
    expect(s.resyncs()).toBe(0)
    s.setBuffered(0)
    s.writeAll()
    expect(s.resyncs()).toBe(1)
    batch(s.outbox, [Buffer.from("late")]) // still the dropped attachment: the resync replaces it
    expect(s.frames).toHaveLength(1)
  })

  it("resyncs a paused window that fell too far behind when it resumes", () => {
    const s = fakeSocket()
    s.outbox.pause()
    batch(s.outbox, [bytes(HOLD_LIMIT_BYTES + 1)])
    expect(s.outbox.holding).toBe(0)
    expect(s.resyncs()).toBe(0)
    s.outbox.resume()
    expect(s.resyncs()).toBe(1)
    expect(s.frames).toHaveLength(0)
  })
})
