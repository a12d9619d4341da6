import { describe, expect, it } from "@effect/vitest"
import { REPLAY_CAPACITY_BYTES, ReplayRing } from "./ReplayRing.js"

const filled = (n: number, byte: number) => new Uint8Array(n).fill(byte)

describe("the replay ring", () => {
  it("holds everything while under its capacity, in order", () => {
    const ring = new ReplayRing(100)
    ring.push(new TextEncoder().encode("hello "))
    ring.push(new TextEncoder().encode("world"))
    expect(new TextDecoder().decode(ring.snapshot())).toBe("hello world")
  })

  it("drops whole chunks from the front once over capacity", () => {
    const ring = new ReplayRing(10_000)
    for (let i = 0; i < 5; i++) ring.push(filled(4_096, i))
    expect(ring.size).toBe(8_192)
    expect(Array.from(ring.snapshot().subarray(0, 1))).toEqual([3])
  })

  it("keeps the newest chunk even when it alone is over capacity", () => {
    const ring = new ReplayRing(1_000)
    ring.push(filled(10, 1))
    ring.push(filled(5_000, 2))
    expect(ring.size).toBe(5_000)
  })

  it("caps 3 MiB of small and large reads at 2 MiB and keeps the newest bytes", () => {
    const ring = new ReplayRing()
    let n = 0
    while (n < 3 * 1024 * 1024) {
      const size = n % 3 === 0 ? 100 : 40_000
      ring.push(filled(size, n % 251))
      n += size
    }
    ring.push(new TextEncoder().encode("END"))
    expect(ring.size).toBeLessThanOrEqual(REPLAY_CAPACITY_BYTES)
    expect(ring.size).toBeGreaterThan(REPLAY_CAPACITY_BYTES - 40_000)
    expect(new TextDecoder().decode(ring.snapshot().subarray(-3))).toBe("END")
  })

  it("survives millions of one-byte reads without keeping them all", () => {
    const ring = new ReplayRing(64 * 1024)
    const one = filled(1, 120)
    for (let i = 0; i < 1_000_000; i++) ring.push(one)
    expect(ring.size).toBeLessThanOrEqual(64 * 1024)
    expect(ring.size).toBeGreaterThan(64 * 1024 - 16 * 1024)
  })
})
