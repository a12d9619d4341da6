/**
 * The inbox between a PTY adapter and its session's actor: what it is lent it keeps as a copy, and
 * a take stays as it was until the next take, however much arrives in between.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
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

describe("the output inbox", () => {
  it("keeps what it was lent, though the lender reuses its buffer at once", () => {
    const pty = lender()
    const inbox = outputInbox(pty.proc)
    inbox.listen()
    pty.lend("abc")
    pty.lend("def")
    expect(text(inbox.take())).toBe("abcdef")
  })

  it("leaves a take as it was while later reads arrive, until the next take", () => {
    const pty = lender()
    const inbox = outputInbox(pty.proc)
    inbox.listen()
    pty.lend("first")
    const first = inbox.take()
    const big = "x".repeat(100_000) // past the store's first size: it grows while `first` is out
    pty.lend(big)
    expect(text(first)).toBe("first")
    const second = inbox.take()
    pty.lend("third")
    expect(text(second)).toBe(big)
    expect(text(inbox.take())).toBe("third")
    expect(inbox.take().length).toBe(0)
  })

  it("lets a burst's stores go at the first quiet take, keeping what that take holds", () => {
    const pty = lender()
    const inbox = outputInbox(pty.proc)
    inbox.listen()
    pty.lend("y".repeat(200_000))
    expect(inbox.take().length).toBe(200_000)
    pty.lend("z".repeat(150_000))
    expect(inbox.take().length).toBe(150_000)
    pty.lend("$ ")
    const prompt = inbox.take()
    pty.lend("next")
    expect(text(prompt)).toBe("$ ")
    expect(inbox.retained()).toBeLessThanOrEqual(2 * 4096)
    expect(text(inbox.take())).toBe("next")
  })

  it("wakes the actor for output and for the exit", async () => {
    const pty = lender()
    const inbox = outputInbox(pty.proc)
    inbox.listen()
    const woken = Effect.runPromise(inbox.ready)
    pty.lend("hi")
    await woken
    expect(text(inbox.take())).toBe("hi")
    const ended = Effect.runPromise(inbox.ready)
    pty.exit(3)
    await ended
    expect(inbox.ended()).toEqual({ exitCode: 3 })
  })
})
