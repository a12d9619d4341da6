/**
 * What lich types at a session's prompt on the relay's behalf: the relayed message, the nudge that
 * a result is ready, and the note to a worker whose turn closed two requests. The message asks the
 * agent to write its own answer back through the ticket — lich never reads a terminal's screen.
 */

/** The fixed paragraph under every relayed message; its line breaks are part of the contract text. */
const ONLY_WAY_BACK = [
  "That ticket is the only way back: whoever asked is blocked on it and is",
  "reading nothing else. Do not answer by messaging a peer session — an answer",
  "sent any other way is lost. Keep the answer a concise report — what was done,",
  "where, and what remains — never a transcript: the sender pays to read every",
  "byte, and the detail is in your commits and files anyway."
].join("\n")

export interface MessageInput {
  /** "" when the sender is the command line, not a session. */
  readonly senderId: string
  readonly senderLabel: string
  readonly prompt: string
  readonly ticket: string
  /** The target has lich's tools (reply_to_session) in its own tool list. */
  readonly targetHasTools: boolean
  /** The machine the sender is on, when it is another host's (libs/hosts): said, so no one takes it for a local session. */
  readonly senderHost?: string | undefined
}

/** The first line: who sent it, a session or the command line, here or on another host. */
const openingLine = (m: MessageInput): string => {
  const on = m.senderHost === undefined ? "" : ` on host "${m.senderHost}"`
  return m.senderId === "" && (m.senderHost === undefined || m.senderLabel === "")
    ? `[lich] Message relayed by the lich command line${on}, not from your own prompt.`
    : `[lich] Message from session "${m.senderLabel}"${on}, not from your own prompt.`
}

export const replyCommand = (ticket: string): string => `  "$LICH_BIN" reply ${ticket} "<your answer>"`

export const relayedMessage = (m: MessageInput): string => {
  const opening = openingLine(m)
  const how = m.targetHasTools
    ? `When you have an answer, send it back with the lich tool \`reply_to_session\`\n(ticket ${m.ticket}), or by running:`
    : "When you have an answer, send it back by running:"
  return [opening, "", m.prompt, "", how, replyCommand(m.ticket), "", ONLY_WAY_BACK].join("\n")
}

/**
 * The task as a subagent worker whose own mod answers for it receives it: one line naming the
 * caller and the prompt, no ticket and no reply command — its final message is its answer, as a
 * native subagent's last message is its result.
 */
export const workerTask = (callerLabel: string, prompt: string): string =>
  [
    `[lich] Task from session "${callerLabel}", which opened you as its subagent. Your final message is your report to it.`,
    "",
    prompt
  ].join("\n")

/** The note that carries a subagent's report whole to its caller, under a line naming the worker. */
export const reportNote = (r: { label: string; branch: string; ticket: string; answer: string; others: ReadonlyArray<string> }): string => {
  const where = r.branch === "" ? "" : ` on branch ${r.branch}`
  const head = `[lich] Report from your subagent "${r.label}"${where} (ticket ${r.ticket}):`
  const more =
    r.others.length === 0
      ? []
      : [
          "",
          `Results from ${r.others.map((t) => `"${t}"`).join(", ")} are ready too: collect them with wait_for_answer (no ticket) or "$LICH_BIN" wait.`
        ]
  return [head, "", r.answer, ...more].join("\n")
}

/** One line per batch: the results themselves come back through the collect call. */
export const nudgeText = (targets: ReadonlyArray<string>, hasTools: boolean): string => {
  const head =
    targets.length === 1
      ? `[lich] The task you sent "${targets[0]}" has its result ready. To collect everything at`
      : `[lich] Results from ${targets.length} tasks you sent are ready (${targets.map((t) => `"${t}"`).join(", ")}). To collect everything at`
  const how = hasTools ? "once, call the lich tool `wait_for_answer` with no ticket, or run:" : "once, run:"
  return [head, how, `  "$LICH_BIN" wait`].join("\n")
}

/** Typed at a worker whose one turn closed several requests without an answer to any of them. */
export const unansweredNote = (requests: ReadonlyArray<{ ticket: string; sender: string }>): string =>
  [
    `[lich] Your last turn ended without answering ${requests.length} requests through lich, so each sender was told`,
    "the answer is in this session:",
    ...requests.map((r) => `  ticket ${r.ticket} from "${r.sender}"`),
    "An answer can still go home for an hour: from now on every answer has to name its ticket —",
    `${replyCommand("<ticket>").trim()}`
  ].join("\n")

/** Told to a caller whose subagent is blocked on a permission prompt, once per block. */
export const blockedNote = (worker: string, reason: string): string =>
  `[lich] Your subagent "${worker}" is waiting on a permission prompt in its card (${reason}). It cannot go on until someone answers it there — tell the user.`
