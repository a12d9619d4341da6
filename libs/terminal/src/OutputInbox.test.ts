/**
 * The inbox between a PTY adapter and its session: what it is lent it keeps as a copy, a batch
 * stays as it was for its whole call however much arrives meanwhile, a lone read goes at once, a
 * burst's reads go together, and the exit comes after the last batch.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { IDLE_RELEASE_MS, outputInbox } from "./OutputInbox.js"
import type { PtyExitInfo, PtyProcess } from "./PtyAdapter.js"

/** A PTY that lends each read the way the PTY host's connection does: one buffer, reused at once. */
const lender = () => {
  let data: (bytes: Uint8Array) => void = () => {}
  let exit: (e: PtyExitInfo) => void = () => {}
  const proc: PtyProcess = {
    pid: 1,
    write: () => {},
    resize: () => {},
    kill: () => {},
    onData: (cb) => {
      data = cb
    },
    onExit: (cb) => {
      exit = cb
    }
  }
  const shared = Buffer.alloc(256 * 1024)
  return {
    proc,
    lend: (text: string) => {
      const n = shared.write(text)
      data(shared.subarray(0, n))
      shared.fill(0x21, 0, n) // the next read lands here
    },
    exit: (exitCode: number) => exit({ exitCode })
  }
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString()

/** An inbox over a lender, recording what it hands on; `next` resolves with the next batch or end. */
const watched = (onBatch: (bytes: Uint8Array) => void = () => {}) => {
  const pty = lender()
  const seen: Array<string> = []
  let wake: (() => void) | undefined
  const next = () => new Promise<void>((resolve) => (wake = resolve))
  const inbox = outputInbox(pty.proc, {
    batch: (bytes) => {
      seen.push(text(bytes))
      onBatch(bytes)
      wake?.()
    },
    end: (exit) => {
      seen.push(`end ${exit.exitCode}`)
      wake?.()
    }
  })
  inbox.listen()
  return { pty, inbox, seen, next }
}

describe("the output inbox", () => {
  it("keeps what it was lent, though the lender reuses its buffer at once", async () => {
    const { pty, seen, next } = watched()
    const batch = next()
    pty.lend("abc")
    pty.lend("def")
    await batch
    expect(seen).toEqual(["abcdef"])
  })

  it("leaves a batch as it was while reads land during its call, and hands those on next", async () => {
    let inside: ((text: string) => void) | undefined
    const during: Array<string> = []
    const { pty, seen, next } = watched((bytes) => {
      if (inside === undefined) return
      const lendMore = inside
      inside = undefined
      lendMore("x".repeat(100_000)) // past the store's first size: it grows while this batch is out
      during.push(text(bytes))
    })
    inside = (t) => pty.lend(t)
    const first = next()
    pty.lend("first")
    await first
    expect(during).toEqual(["first"])
    await next()
    expect(seen).toEqual(["first", "x".repeat(100_000)])
  })

  // The clock is the test's here: a burst is "within 20 ms of the last batch", which a loaded
  // machine could otherwise stretch past between two lines.
  afterEach(() => {
    vi.useRealTimers()
  })
  const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] })

  it("hands a lone read on at once, a burst's reads as one batch after its window, and lets the burst's stores go", async () => {
    fakeClock()
    const { pty, inbox, seen } = watched()
    pty.lend("y".repeat(200_000))
    await Promise.resolve()
    expect(seen.map((s) => s.length)).toEqual([200_000])
    // Within the burst gap of the last batch: these wait out the burst's window and go as one.
    pty.lend("z".repeat(150_000))
    pty.lend("$ ")
    await Promise.resolve()
    expect(seen.length).toBe(1)
    vi.advanceTimersByTime(8)
    expect(seen.map((s) => s.length)).toEqual([200_000, 150_002])
    vi.advanceTimersByTime(20) // quiet: the next read is a lone one again
    pty.lend("next")
    await Promise.resolve()
    expect(seen[2]).toBe("next")
    expect(inbox.retained()).toBeLessThanOrEqual(2 * 4096)
  })

  it("keeps a burst's grown stores through a small batch inside the burst", async () => {
    fakeClock()
    const { pty, inbox, seen } = watched()
    pty.lend("y".repeat(200_000))
    await Promise.resolve()
    // A late timer's small batch mid-flood (a frame's tail): not the quiet that lets stores go,
    // or the next megabyte grows them from 4 KiB again.
    pty.lend("tail")
    vi.advanceTimersByTime(8)
    expect(seen.map((s) => s.length)).toEqual([200_000, 4])
    expect(inbox.retained()).toBeGreaterThanOrEqual(200_000)
  })

  it("lets a burst's grown stores go once it has been quiet a while, though nothing more is printed", async () => {
    fakeClock()
    const { pty, inbox } = watched()
    pty.lend("y".repeat(200_000))
    await Promise.resolve()
    vi.advanceTimersByTime(IDLE_RELEASE_MS / 2)
    expect(inbox.retained()).toBeGreaterThanOrEqual(200_000)
    vi.advanceTimersByTime(IDLE_RELEASE_MS)
    expect(inbox.retained()).toBeLessThanOrEqual(2 * 4096)
  })

  it("ends after the last batch, without waiting out a burst's window", async () => {
    fakeClock()
    const { pty, seen } = watched()
    pty.lend("hi")
    await Promise.resolve()
    pty.lend("bye") // within the burst gap: would wait 8 ms
    pty.exit(3)
    await Promise.resolve()
    expect(seen).toEqual(["hi", "bye", "end 3"])
  })
})
