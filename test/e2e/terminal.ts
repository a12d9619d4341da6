/**
 * A session's terminal over /ws, as the window attaches to it, for the real-provider suites: keystrokes
 * in, bytes out, and a way to wait for text on the screen. TUIs separate words with cursor moves rather
 * than spaces, so escape sequences read as one space and runs of whitespace as one.
 */
import { WebSocket } from "ws"
import { type Backend, tokenOf } from "../harness.js"

export interface Terminal {
  /** Writes keystrokes, exactly as typed in the window (no paste brackets, no Enter unless given). */
  readonly type: (keys: string) => void
  /** Resolves once the text received so far (the replay, then live bytes), read as `plain`, matches. */
  readonly until: (pattern: RegExp) => Promise<void>
  /** Everything received so far, escapes included. */
  readonly received: () => string
  /** The last `chars` of the output, as `until` reads it (for a failure message). */
  readonly tail: (chars: number) => string
  readonly close: () => void
}

export const plain = (bytes: string) =>
  bytes
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, " ")
    .replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]/g, " ")
    .replace(/\x1b./g, " ")
    .replace(/\s+/g, " ")

export const attachTerminal = async (b: Backend, id: string): Promise<Terminal> => {
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws?token=${tokenOf(b)}`)
  let seen = ""
  const waiters: Array<() => void> = []
  ws.on("message", (d: Buffer, binary: boolean) => {
    if (!binary) return
    seen += d.subarray(1 + d[0]!).toString("utf8")
    for (const w of waiters.splice(0)) w()
  })
  await new Promise((r) => ws.once("open", r))
  ws.send(JSON.stringify({ attach: id }))
  const idBytes = Buffer.from(id)
  return {
    type: (keys) => ws.send(Buffer.concat([Buffer.from([idBytes.length]), idBytes, Buffer.from(keys)])),
    until: (pattern) =>
      new Promise<void>((resolve) => {
        const look = () => (pattern.test(plain(seen)) ? resolve() : waiters.push(look))
        look()
      }),
    received: () => seen,
    tail: (chars) => plain(seen).slice(-chars),
    close: () => ws.close()
  }
}
