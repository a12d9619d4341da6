/** insert and focus: text at a prompt without Enter, and a card brought to the front. Plain commands (spec.ts). */
import { boundMessages, MAX_ANSWER_BYTES, utf8Bytes } from "@lich/contract"
import { renderFocused, renderInserted } from "../render/relay.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { WAIT_SLACK_MS } from "./budgets.js"
import { ended, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

type Read = { readonly text: string } | { readonly refused: string }

/**
 * stdin, read only up to the limit: past MAX_ANSWER_BYTES the read stops and the text is refused,
 * so `yes | lich insert -` costs 64 KiB, not all the memory there is (it grew to 4.5 GB in 10 s
 * when the whole stream was read before the size was checked).
 */
const readStdin = () =>
  new Promise<Read>((resolve) => {
    const chunks: Array<Buffer> = []
    let size = 0
    const stdin = process.stdin
    const done = (result: Read) => {
      stdin.off("data", onData).off("end", onEnd).off("error", onError)
      stdin.pause()
      stdin.destroy()
      resolve(result)
    }
    const onData = (c: Buffer) => {
      size += c.length
      if (size > MAX_ANSWER_BYTES) return done({ refused: boundMessages.insertTooLong(`more than ${MAX_ANSWER_BYTES}`) })
      chunks.push(c)
    }
    const onEnd = () => done({ text: Buffer.concat(chunks).toString("utf8") })
    const onError = (e: Error) => done({ refused: `could not read the text from stdin: ${e.message}` })
    stdin.on("data", onData).on("end", onEnd).on("error", onError)
  })

export const insert = async (f: Values): Promise<Ending> => {
  const read: Read = f.has("text") && f.arg("text") !== "-" ? { text: f.arg("text") } : await readStdin()
  if ("refused" in read) return usageEnding(read.refused)
  // The contract's InsertSize, its bound and its words (limits.ts), checked before anything is sent.
  const bytes = utf8Bytes(read.text)
  if (bytes > MAX_ANSWER_BYTES) return usageEnding(boundMessages.insertTooLong(bytes))
  const timeout = f.int("timeout")
  const seconds = timeout > 0 ? timeout : 10
  const payload = { from: sender(), session: f.text("session"), project: f.text("project"), text: read.text, timeout }
  return ended(await callPlain("relay.Insert", payload, seconds * 1000 + WAIT_SLACK_MS), f.flag("json"), renderInserted)
}

export const focus = async (f: Values): Promise<Ending> =>
  ended(
    await callPlain("relay.Focus", { from: sender(), target: f.arg("session"), project: f.text("project") }),
    f.flag("json"),
    renderFocused
  )
