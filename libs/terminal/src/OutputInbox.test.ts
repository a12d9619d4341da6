/**
 * The inbox between a PTY adapter and its session: each read is handed on during the adapter's
 * callback, while it is still valid; a lone read's batch ends at once, a burst's reads end as one
 * batch, a read that lands while a batch ends belongs to the next, and the exit comes after the
 * last batch.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { outputInbox } from "./OutputInbox.js"
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

/**
 * An inbox over a lender, recording what it hands on — each read as the text it had during the
 * call, and `|` for a batch's end; `next` resolves at the next batch's end or the end.
 */
const watched = (onFlush: () => void = () => {}) => {
  const pty = lender()
  const seen: Array<string> = []
  let wake: (() => void) | undefined
  const next = () => new Promise<void>((resolve) => (wake = resolve))
  const inbox = outputInbox(pty.proc, {
    read: (bytes) => seen.push(text(bytes)),
    flush: () => {
      seen.push("|")
      onFlush()
      wake?.()
    },
    end: (exit) => {
      seen.push(`end ${exit.exitCode}`)
      wake?.()
    }
  })
  inbox.listen()
  return { pty, seen, next }
}

describe("the output inbox", () => {
  it("hands each read on while it is lent, and ends the batch after the reads of one turn", async () => {
    const { pty, seen, next } = watched()
    const batch = next()
    pty.lend("abc")
    pty.lend("def")
    expect(seen).toEqual(["abc", "def"]) // during the callbacks: the lender has not reused its buffer yet
    await batch
    expect(seen).toEqual(["abc", "def", "|"])
  })

  it("puts a read that lands while a batch ends into the next batch", async () => {
    let inside: ((text: string) => void) | undefined
    const { pty, seen, next } = watched(() => {
      const lendMore = inside
      inside = undefined
      lendMore?.("x".repeat(100_000))
    })
    inside = (t) => pty.lend(t)
    const first = next()
    pty.lend("first")
    await first
    await next()
    expect(seen).toEqual(["first", "|", "x".repeat(100_000), "|"])
  })

  // The clock is the test's here: a burst is "within 20 ms of the last batch", which a loaded
  // machine could otherwise stretch past between two lines.
  afterEach(() => {
    vi.useRealTimers()
  })
  const fakeClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] })

  it("ends a lone read's batch at once, and a burst's reads as one batch after its window", async () => {
    fakeClock()
    const { pty, seen } = watched()
    pty.lend("y".repeat(200_000))
    await Promise.resolve()
    expect(seen.map((s) => s.length)).toEqual([200_000, 1])
    // Within the burst gap of the last batch: these wait out the burst's window and end as one.
    pty.lend("z".repeat(150_000))
    pty.lend("$ ")
    await Promise.resolve()
    expect(seen.length).toBe(4)
    vi.advanceTimersByTime(8)
    expect(seen.slice(2)).toEqual(["z".repeat(150_000), "$ ", "|"])
    vi.advanceTimersByTime(20) // quiet: the next read is a lone one again
    pty.lend("next")
    await Promise.resolve()
    expect(seen.slice(5)).toEqual(["next", "|"])
  })

  it("ends after the last batch, without waiting out a burst's window", async () => {
    fakeClock()
    const { pty, seen } = watched()
    pty.lend("hi")
    await Promise.resolve()
    pty.lend("bye") // within the burst gap: would wait 8 ms
    pty.exit(3)
    await Promise.resolve()
    expect(seen).toEqual(["hi", "|", "bye", "|", "end 3"])
  })
})
