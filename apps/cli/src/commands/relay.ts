/** send, wait and reply: handing a task over, holding the line for its answer, answering one. */
import { Args, Command, Options } from "@effect/cli"
import {
  Collect,
  DEFAULT_WAIT_SECONDS,
  HostSend,
  HostWait,
  MAX_WAIT_SECONDS,
  type RelayResult,
  Reply,
  Send,
  type SendPayload,
  Ticket,
  Wait
} from "@lich/contract"
import { Effect } from "effect"
import { exitCodeFor, exitCodes } from "../exitCodes.js"
import { call } from "../layers.js"
import { json as printJson, setExit, stdout } from "../output.js"
import { renderCollected, renderReplied, renderResult, resultJson } from "../render/relay.js"
import { Usage } from "../usage.js"
import { hostFlag, jsonFlag, projectFlag, sender } from "./shared.js"

/** 30 s over the wait itself: the server answers "pending" at the deadline, never the socket. */
export const WAIT_SLACK_MS = 30_000

const timeoutFlag = Options.integer("timeout").pipe(
  Options.withDescription(`seconds to hold the line for the answer (default ${DEFAULT_WAIT_SECONDS}, at most ${MAX_WAIT_SECONDS})`),
  Options.withDefault(0)
)

/**
 * 10 min: a reply is one small write, but a backend under load (or paused: a laptop lid, a SIGSTOP)
 * can take far longer than a keystroke to get to it, and an agent told its answer failed does the
 * work twice. While the connection to a live lich stays open the reply waits; a lich that dies drops
 * the connection at once (and its errands with it), so the wait never outlives it.
 */
export const REPLY_PATIENCE_MS = 10 * 60_000

/**
 * Said only when a lich that is still there got the answer and did not confirm it within the
 * patience. Retrying is the check, and it is safe:
 * a ticket takes one answer, so a second reply says it is answered already rather than filing twice.
 * (`lich wait <ticket>` is the sender's check, not the replier's: it would take the answer out of
 * the sender's inbox.)
 */
const replyUnsure = (ticket: string) => (why: string) =>
  `not sure the answer landed: lich got it but did not confirm (${why}) — run the same lich reply ${ticket === "" ? "" : `${ticket} `}again once lich answers (lich version shows it): if it landed, lich says the ticket is answered already, and an answer is never filed twice`

export const waitBudgetMs = (seconds: number): number =>
  (seconds <= 0 ? DEFAULT_WAIT_SECONDS : Math.min(seconds, MAX_WAIT_SECONDS)) * 1000 + WAIT_SLACK_MS

/** Prints one outcome and sets the exit code its status maps to. */
export const printResult = (r: RelayResult, asJson: boolean) =>
  Effect.zipRight(asJson ? printJson(resultJson(r)) : stdout(renderResult(r, "cli", sender() !== "")), setExit(exitCodeFor(r.status)))

/**
 * A send to a session here, or with a host to one on that host's lich: either way the errand is this
 * lich's own, so its wait, inbox, nudge and exit code are the same.
 */
export const sendTo = (host: string, p: SendPayload) =>
  host === "" ? call("relay", Send, p, waitBudgetMs(p.timeout)) : call("hosts", HostSend, { host, ...p }, waitBudgetMs(p.timeout))

export const send = Command.make(
  "send",
  {
    project: projectFlag,
    timeout: timeoutFlag,
    private: Options.boolean("private").pipe(
      Options.withDescription("keep the result to its ticket: no note at your prompt, not returned by a ticketless wait")
    ),
    host: hostFlag,
    json: jsonFlag,
    session: Args.text({ name: "session" }).pipe(Args.withDescription("label, roster name or lich id of the target")),
    prompt: Args.text({ name: "prompt" }).pipe(Args.withDescription("the task, typed at the target's prompt"))
  },
  (f) =>
    Effect.flatMap(
      sendTo(f.host, { from: sender(), target: f.session, project: f.project, prompt: f.prompt, timeout: f.timeout, private: f.private }),
      (r) => printResult(r, f.json)
    )
).pipe(Command.withDescription("Type a task at another session's prompt, submit it, and wait for its answer."))

export const wait = Command.make(
  "wait",
  {
    timeout: timeoutFlag,
    noWait: Options.boolean("no-wait").pipe(Options.withDescription("collect what is ready without holding the line (takes no ticket)")),
    host: hostFlag,
    json: jsonFlag,
    ticket: Args.text({ name: "ticket" }).pipe(Args.optional)
  },
  (f) =>
    Effect.gen(function* () {
      if (f.ticket._tag === "Some") {
        if (f.noWait) return yield* new Usage({ message: "--no-wait collects everything ready and takes no ticket — drop one of them" })
        const p = { from: sender(), ticket: Ticket.make(f.ticket.value), timeout: f.timeout }
        const budget = waitBudgetMs(f.timeout)
        const r = yield* f.host === "" ? call("relay", Wait, p, budget) : call("hosts", HostWait, { host: f.host, ...p }, budget)
        return yield* printResult(r, f.json)
      }
      if (f.host !== "") {
        return yield* new Usage({
          message: `--host waits on one ticket: lich wait <ticket> --host ${f.host}; what sessions on a host answered you is collected by a plain lich wait`
        })
      }
      if (sender() === "") {
        return yield* new Usage({
          message: "collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>"
        })
      }
      const c = yield* call("relay", Collect, { from: sender(), timeout: f.timeout, noWait: f.noWait }, waitBudgetMs(f.timeout))
      yield* f.json ? printJson({ results: c.results.map(resultJson), open: c.open }) : stdout(renderCollected(c))
      // A batch has no single status: anything collected is done; came back empty with errands open is 2.
      yield* setExit(c.results.length === 0 && c.open.length > 0 ? exitCodeFor("pending") : exitCodes.answered)
    })
).pipe(Command.withDescription("Wait again on a ticket, or with none collect every result waiting for this session."))

export const reply = Command.make("reply", { words: Args.text({ name: "[ticket] answer" }).pipe(Args.between(1, 2)) }, (f) =>
  Effect.gen(function* () {
    const [a, b] = f.words
    const ticket = b === undefined ? "" : a!
    const answer = b === undefined ? a! : b
    yield* call("relay", Reply, { from: sender(), ticket: Ticket.make(ticket), answer }, REPLY_PATIENCE_MS, replyUnsure(ticket))
    yield* stdout(renderReplied())
  })
).pipe(Command.withDescription("Hand an answer to the session waiting on a ticket (or the one request open against this session)."))
