/**
 * The relay's doors as tools: who is there, hand one a task, collect what came back, answer a task
 * that was handed to you. The words of every outcome are the CLI's own renderers in their "mcp"
 * variant, so a tool result and `lich send` never drift apart.
 */
import { Collect, Peers, Reply, Send, Wait } from "@lich/contract"
import type { RelayResult } from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderCollected, renderReplied, renderResult } from "../render/relay.js"
import { flag, nonEmptyText, optionalText, Refusal, timeoutSeconds } from "./args.js"
import { bool, input, ok, projectParam, sender, str, timeoutParam, type Tool, type ToolText } from "./Tool.js"

/** 30 s past the hold: the server answers when the hold ends, so the socket must outlive it. */
const HOLD_MARGIN_MS = 30_000
export const holdMs = (seconds: number) => seconds * 1000 + HOLD_MARGIN_MS

/**
 * An answer or a ticket is what a send is for; the other outcomes end the errand with nothing
 * coming back through lich, which is the verdict isError carries (exit 3 on the command line).
 */
export const resultText = (r: RelayResult): ToolText => ({
  text: renderResult(r, "mcp"),
  isError: r.status !== "answered" && r.status !== "pending"
})

const listSessions: Tool = {
  name: "list_sessions",
  description:
    "The other live sessions you can hand work to, as a JSON array (empty when there are none). Each entry has label and name (both address it), project, kind (the agent it runs), state (what it last reported: busy, done, waiting, idle, or empty), id, path and projectPath.",
  inputSchema: input({}),
  readOnly: true,
  run: () => Effect.map(call("relay", Peers, { from: sender() }), (peers) => ok(JSON.stringify(peers)))
}

const sendToSession: Tool = {
  name: "send_to_session",
  description:
    "Hand a task to another session: lich types the prompt at its prompt, with a ticket it answers through, and waits up to timeout_seconds. You get the answer, or a ticket when it is still working; in that case carry on, and collect with wait_for_answer when the [lich] note reaches your prompt. Set private when you are a subagent or a workflow step, so the result is held for your ticket alone.",
  inputSchema: input(
    {
      session: str("The session: its label, its roster name, or its lich id."),
      prompt: str("The task, written for an agent that knows nothing of your conversation. At most 8192 bytes."),
      project: projectParam,
      timeout_seconds: timeoutParam,
      private: bool("Keep the errand to yourself: no note at the session's prompt, and only wait_for_answer with this ticket returns the result.")
    },
    ["session", "prompt"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const target = yield* nonEmptyText(a, "session", "name the session to hand the task to (list_sessions shows them)")
      const prompt = yield* nonEmptyText(a, "prompt", "the task to hand over")
      const project = yield* optionalText(a, "project")
      const timeout = timeoutSeconds(a)
      const r = yield* call(
        "relay",
        Send,
        { from: sender(), target, project, prompt, timeout, private: flag(a, "private") },
        holdMs(timeout)
      )
      return resultText(r)
    })
}

const waitForAnswer: Tool = {
  name: "wait_for_answer",
  description:
    "Collect results. With no ticket: everything that came back for you, all at once, and who still owes you one — call it when a [lich] note arrives at your prompt, not to check on work in a loop. With a ticket: wait up to timeout_seconds for that one errand (how a subagent or workflow step waits on its own private errand). no_wait looks without waiting and takes no ticket.",
  inputSchema: input({
    ticket: str("The ticket a send or open_session handed back. Leave it out to collect everything ready."),
    timeout_seconds: timeoutParam,
    no_wait: bool("Return at once with whatever is ready instead of waiting for the next result. Not with a ticket.")
  }),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const ticket = yield* optionalText(a, "ticket")
      const noWait = flag(a, "no_wait")
      const timeout = timeoutSeconds(a)
      if (ticket !== "") {
        if (noWait) {
          return yield* new Refusal({
            message: "no_wait is for collecting without a ticket; to wait on one errand, leave no_wait out"
          })
        }
        return resultText(yield* call("relay", Wait, { from: sender(), ticket, timeout }, holdMs(timeout)))
      }
      const c = yield* call("relay", Collect, { from: sender(), timeout, noWait }, holdMs(noWait ? 0 : timeout))
      return ok(renderCollected(c, "mcp"))
    })
}

const replyToSession: Tool = {
  name: "reply_to_session",
  description:
    "Send your answer to a task another session handed you through lich. Pass the ticket from the message that brought the task; without one, the answer goes to the single request open against you, and the call is refused (listing the tickets) when there are several.",
  inputSchema: input(
    {
      answer: str("A concise report: what was done, where, and what is left. Not a transcript. At most 64 KiB."),
      ticket: str("The ticket from the message that brought the task.")
    },
    ["answer"]
  ),
  readOnly: false,
  run: (a) =>
    Effect.gen(function* () {
      const answer = yield* nonEmptyText(a, "answer", "the report to send back to whoever asked")
      const ticket = yield* optionalText(a, "ticket")
      yield* call("relay", Reply, { from: sender(), ticket, answer })
      return ok(renderReplied())
    })
}

export const relayTools: ReadonlyArray<Tool> = [listSessions, sendToSession, waitForAnswer, replyToSession]
