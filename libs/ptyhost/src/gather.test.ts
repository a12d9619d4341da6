import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { GATHER_BYTES, GATHER_MS, makeGather } from "./gather.js"

const sent: Array<Uint8Array> = []
const gather = () =>
  makeGather((reads, bytes) => {
    expect(reads.reduce((n, r) => n + r.length, 0)).toBe(bytes)
    sent.push(reads.length === 1 ? reads[0]! : Buffer.concat(reads))
  })
const text = () => sent.map((b) => Buffer.from(b).toString("latin1"))

beforeEach(() => {
  sent.length = 0
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] })
  vi.advanceTimersByTime(1000)
})
afterEach(() => {
  vi.useRealTimers()
})

describe("the host's output gathering", () => {
  it("sends a read after a quiet spell at once, as it came", () => {
    const g = gather()
    const echo = Buffer.from("a")
    g.push(echo)
    expect(sent).toEqual([echo])
    expect(sent[0]).toBe(echo)
    vi.advanceTimersByTime(GATHER_MS * 5)
    g.push(Buffer.from("b"))
    expect(text()).toEqual(["a", "b"])
  })

  it("gathers the reads of a burst into one send, in order, at most GATHER_MS later", () => {
    const g = gather()
    g.push(Buffer.from("first "))
    for (const w of ["one ", "two ", "three"]) g.push(Buffer.from(w))
    expect(text()).toEqual(["first "])
    vi.advanceTimersByTime(GATHER_MS - 1)
    expect(text()).toEqual(["first "])
    vi.advanceTimersByTime(1)
    expect(text()).toEqual(["first ", "one two three"])
  })

  it("sends a gathered frame once it holds GATHER_BYTES, never a larger one", () => {
    const g = gather()
    g.push(Buffer.from("x"))
    const read = Buffer.alloc(4096, "r")
    const reads = Math.ceil((2.5 * GATHER_BYTES) / read.length)
    for (let i = 0; i < reads; i++) g.push(read)
    expect(sent.length).toBeGreaterThan(2)
    for (const b of sent) expect(b.length).toBeLessThanOrEqual(GATHER_BYTES)
    vi.advanceTimersByTime(GATHER_MS)
    expect(sent.reduce((n, b) => n + b.length, 0)).toBe(1 + reads * 4096)
  })

  it("sends what it holds when flushed, before anything else may go on the socket", () => {
    const g = gather()
    g.push(Buffer.from("a"))
    g.push(Buffer.from("b"))
    g.flush()
    expect(text()).toEqual(["a", "b"])
    vi.advanceTimersByTime(GATHER_MS)
    expect(text()).toEqual(["a", "b"])
  })
})
