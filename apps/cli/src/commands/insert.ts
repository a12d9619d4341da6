/** insert and focus: text at a prompt without Enter, and a card brought to the front. */
import { Args, Command, Options } from "@effect/cli"
import { boundMessages, checkBound, Focus, Insert, InsertSize, MAX_ANSWER_BYTES } from "@lich/contract"
import { Effect, Either } from "effect"
import { call } from "../layers.js"
import { renderFocused, renderInserted } from "../render/relay.js"
import { Usage } from "../usage.js"
import { WAIT_SLACK_MS } from "./relay.js"
import { jsonFlag, print, projectFlag, sender } from "./shared.js"

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

export const insert = Command.make(
  "insert",
  {
    project: projectFlag,
    session: Options.text("session").pipe(Options.withDescription("the target: label, roster name or lich id"), Options.withDefault("")),
    timeout: Options.integer("timeout").pipe(
      Options.withDescription("seconds to wait for the session to be at its prompt (default 10)"),
      Options.withDefault(0)
    ),
    json: jsonFlag,
    text: Args.text({ name: "text | -" }).pipe(Args.optional)
  },
  (f) =>
    Effect.gen(function* () {
      const fromArg = f.text._tag === "Some" && f.text.value !== "-" ? f.text.value : undefined
      const raw = fromArg ?? (yield* readStdin)
      const text = yield* Either.mapLeft(
        checkBound(InsertSize, typeof raw === "string" ? raw : raw.toString("utf8")),
        (message) => new Usage({ message })
      )
      const seconds = f.timeout > 0 ? f.timeout : 10
      const inserted = yield* call(
        "relay",
        Insert,
        { from: sender(), session: f.session, project: f.project, text, timeout: f.timeout },
        seconds * 1000 + WAIT_SLACK_MS
      )
      yield* print(f.json, inserted, renderInserted)
    })
).pipe(Command.withDescription("Paste text at a session's prompt and leave it there: nothing presses Enter."))

export const focus = Command.make("focus", { project: projectFlag, json: jsonFlag, session: Args.text({ name: "session" }) }, (f) =>
  Effect.flatMap(call("relay", Focus, { from: sender(), target: f.session, project: f.project }), (r) => print(f.json, r, renderFocused))
).pipe(Command.withDescription("Bring the lich window to the front with a session's card open."))
