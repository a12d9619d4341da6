/** insert and focus: text at a prompt without Enter, and a card brought to the front. */
import { boundMessages, checkBound, Focus, Insert, InsertSize, MAX_ANSWER_BYTES } from "@lich/contract"
import { Effect, Either } from "effect"
import { call } from "../layers.js"
import { renderFocused, renderInserted } from "../render/relay.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"
import { WAIT_SLACK_MS } from "./budgets.js"
import { print, sender } from "./shared.js"

const tooLarge = (size: string) => new Usage({ message: boundMessages.insertTooLong(size) })

/**
 * stdin, read only up to the limit: past MAX_ANSWER_BYTES the read stops and the text is refused,
 * so `yes | lich insert -` costs 64 KiB, not all the memory there is (it grew to 4.5 GB in 10 s
 * when the whole stream was read before the size was checked).
 */
const readStdin = Effect.async<Buffer, Usage>((resume) => {
  const chunks: Array<Buffer> = []
  let size = 0
  const stdin = process.stdin
  const done = (result: Effect.Effect<Buffer, Usage>) => {
    stdin.off("data", onData).off("end", onEnd).off("error", onError)
    stdin.pause()
    stdin.destroy()
    resume(result)
  }
  const onData = (c: Buffer) => {
    size += c.length
    if (size > MAX_ANSWER_BYTES) return done(Effect.fail(tooLarge(`more than ${MAX_ANSWER_BYTES}`)))
    chunks.push(c)
  }
  const onEnd = () => done(Effect.succeed(Buffer.concat(chunks)))
  const onError = (e: Error) => done(Effect.fail(new Usage({ message: `could not read the text from stdin: ${e.message}` })))
  stdin.on("data", onData).on("end", onEnd).on("error", onError)
})

export const insert = (f: Values) =>
  Effect.gen(function* () {
    const fromArg = f.has("text") && f.arg("text") !== "-" ? f.arg("text") : undefined
    const raw = fromArg ?? (yield* readStdin)
    const text = yield* Either.mapLeft(
      checkBound(InsertSize, typeof raw === "string" ? raw : raw.toString("utf8")),
      (message) => new Usage({ message })
    )
    const timeout = f.int("timeout")
    const seconds = timeout > 0 ? timeout : 10
    const inserted = yield* call(
      "relay",
      Insert,
      { from: sender(), session: f.text("session"), project: f.text("project"), text, timeout },
      seconds * 1000 + WAIT_SLACK_MS
    )
    yield* print(f.flag("json"), inserted, renderInserted)
  })

export const focus = (f: Values) =>
  Effect.flatMap(call("relay", Focus, { from: sender(), target: f.arg("session"), project: f.text("project") }), (r) =>
    print(f.flag("json"), r, renderFocused)
  )
