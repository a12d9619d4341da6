/**
 * The relay's doors as tools: who is there, hand one a task, collect what came back, answer a task
 * that was handed to you. The words of every outcome are the CLI's own renderers in their "mcp"
 * variant, so a tool result and `lich send` never drift apart.
 */

import type { RelayResult } from "@lich/contract"
import {
  Collect,
  HostPeers,
  HostSend,
  HostWait,
  ListSessionsInput,
  Peers,
  Reply,
  ReplyToSessionInput,
  Send,
  type SendPayload,
  SendToSessionInput,
  Wait,
  WaitForAnswerInput
} from "@lich/contract"
import { Effect } from "effect"
import { call } from "../layers.js"
import { renderCollected, renderReplied, renderResult } from "../render/relay.js"
import { ok, sender, type Tool, type ToolText, tool } from "./Tool.js"

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

/** A send here, or to a session on a host's lich: the errand is this lich's own either way. */
export const sendCall = (host: string, p: SendPayload) =>
  host === "" ? call("relay", Send, p, holdMs(p.timeout)) : call("hosts", HostSend, { host, ...p }, holdMs(p.timeout))

const listSessions = tool({
  name: "list_sessions",
  description:
    "The other live sessions you can hand work to, as a JSON array (empty when there are none). Each entry has label and name (both address it), project, kind (the agent it runs), state (what it last reported: busy, done, waiting, idle, or empty), id, path and projectPath.",
  input: ListSessionsInput,
  readOnly: true,
  run: ({ host }) =>
    Effect.map(host === "" ? call("relay", Peers, { from: sender() }) : call("hosts", HostPeers, { host, from: sender() }), (peers) =>
      ok(JSON.stringify(peers))
    )
})

const sendToSession = tool({
  name: "send_to_session",
  description:
    "Hand a task to another session: lich types the prompt at its prompt, with a ticket it answers through, and waits up to timeout_seconds. You get the answer, or a ticket when it is still working; in that case carry on, and collect with wait_for_answer when the [lich] note reaches your prompt. Set private when you are a subagent or a workflow step, so the result is held for your ticket alone.",
  input: SendToSessionInput,
  run: ({ host, ...send }) => Effect.map(sendCall(host, { from: sender(), ...send }), resultText)
})

const waitForAnswer = tool({
  name: "wait_for_answer",
  description:
    "Collect results. With no ticket: everything that came back for you, all at once, and who still owes you one — call it when a [lich] note arrives at your prompt, not to check on work in a loop. With a ticket: wait up to timeout_seconds for that one errand (how a subagent or workflow step waits on its own private errand). no_wait looks without waiting and takes no ticket.",
  input: WaitForAnswerInput,
  run: ({ ticket, timeout, noWait, host }) =>
    ticket !== ""
      ? Effect.map(
          host === ""
            ? call("relay", Wait, { from: sender(), ticket, timeout }, holdMs(timeout))
            : call("hosts", HostWait, { host, from: sender(), ticket, timeout }, holdMs(timeout)),
          resultText
        )
      : Effect.map(call("relay", Collect, { from: sender(), timeout, noWait }, holdMs(noWait ? 0 : timeout)), (c) =>
          ok(renderCollected(c, "mcp"))
        )
})

const replyToSession = tool({
  name: "reply_to_session",
  description:
    "Send your answer to a task another session handed you through lich. Pass the ticket from the message that brought the task; without one, the answer goes to the single request open against you, and the call is refused (listing the tickets) when there are several.",
  input: ReplyToSessionInput,
  run: (reply) => Effect.as(call("relay", Reply, { from: sender(), ...reply }), ok(renderReplied()))
})

export const relayTools: ReadonlyArray<Tool> = [listSessions, sendToSession, waitForAnswer, replyToSession]
