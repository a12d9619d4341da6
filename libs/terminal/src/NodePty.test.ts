/**
 * The adapter over node-pty keeps a child's last bytes even when node-pty destroys its read stream
 * before reading them — which it does 200 ms after the child's exit if the stream has not closed,
 * and which a late-waking event loop turns into lost output (node-pty issue #72). And it hands each
 * read in a buffer of its own, which the PTY host relies on when it holds reads uncopied (gather.ts).
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as pty from "node-pty"
import { afterEach, describe, expect, it } from "vitest"
import { wrap } from "./NodePty.js"

const dirs: Array<string> = []
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

/** A FIFO the child writes a line to once its output is in the PTY; resolves when it does. */
const signal = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-nodepty-"))
  dirs.push(dir)
  const fifo = path.join(dir, "written")
  execFileSync("mkfifo", [fifo])
  const written = new Promise<void>((resolve, reject) => {
    fs.createReadStream(fifo)
      .on("data", () => resolve())
      .on("error", reject)
  })
  return { fifo, written }
}

describe("the node-pty adapter", () => {
  it("delivers what the PTY still holds when node-pty destroys its stream unread, before the exit", async () => {
    const { fifo, written } = signal()
    // The child stays (so the PTY does not close on its own) after its bytes are in the PTY.
    // ~6 KB in one write: more than node's one read of ≤ 4 KiB, so part waits in node's stream and
    // the rest in the kernel. One write, because a PTY nobody reads holds far less as line-sized
    // writes (seq to a terminal writes a line at a time, and blocked at ~200 bytes read here).
    const term = pty.spawn("/bin/sh", ["-c", `out=$(seq 1 1200); printf '%s\\n' "$out"; echo > '${fifo}'; exec sleep 5`], {
      encoding: null,
      cols: 80,
      rows: 24,
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }
    })
    // Paused before the event loop runs, node-pty reads once at most: the rest waits in the kernel.
    term.pause()
    await written
    const proc = wrap(term)
    const internals = term as unknown as { _socket: { destroy: () => void } }
    internals._socket.destroy() // what node-pty's 200 ms timer does after an exit
    const got: Array<string> = []
    proc.onData((bytes) => got.push(Buffer.from(bytes).toString()))
    term.kill("SIGKILL")
    const exit = await new Promise((resolve) => proc.onExit(resolve))
    const lines = Array.from({ length: 1200 }, (_, i) => `${i + 1}\r\n`).join("")
    expect(got.join("")).toBe(lines)
    expect(exit).toHaveProperty("exitCode") // and it came after every byte
  })

  it("hands each read in a buffer of its own, so reads kept uncopied stay intact", async () => {
    const proc = wrap(
      pty.spawn("/bin/sh", ["-c", "seq 1 20000"], {
        encoding: null,
        cols: 80,
        rows: 24,
        cwd: os.tmpdir(),
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }
      })
    )
    const kept: Array<Uint8Array> = [] // as the host's gather keeps them: no copy
    proc.onData((bytes) => kept.push(bytes))
    await new Promise((resolve) => proc.onExit(resolve))
    expect(kept.length).toBeGreaterThan(1) // ~109 KB: many reads, so a reused buffer would show
    const lines = Array.from({ length: 20000 }, (_, i) => `${i + 1}\r\n`).join("")
    expect(Buffer.concat(kept).toString()).toBe(lines)
  })
})
