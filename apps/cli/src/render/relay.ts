/**
 * The words an outcome is reported in, on the command line and in MCP tool results alike. Agents act
 * on these sentences, so each says what happened and what to do next; the exit code (CLI) or the
 * isError flag (MCP) carries the same verdict for a program.
 */
import { type Collected, ENDED, type Focused, type Inserted, type RelayResult, UNREPORTED, UNTYPED } from "@lich/contract"

export type Audience = "cli" | "mcp"

/** The opening of a pending outcome: still working, blocked on a person and why, or not known. */
const pendingOpening = (r: RelayResult): string => {
  if (r.detail === undefined || r.detail === "") return `${r.target} is still working.`
  if (r.detail === UNTYPED) {
    return `${r.target} has not been given the message yet: lich holds it until that session is at its prompt, and it has not been there since the send — its screen is not showing one yet, or an earlier task to it is still going in. Nothing has been typed there; open the "${r.target}" card to see what it shows.`
  }
  if (r.detail === UNREPORTED) {
    return `${r.target} reports no state to lich, so whether it is still working, finished without replying, or never read the message is not known here: the message was typed at its prompt and nothing came back in time. Open the "${r.target}" card to see which.`
  }
  return `${r.target} is waiting on a person, not working: ${r.detail.replace(/[.\s]+$/, "")}. It cannot pick up the task until someone answers that in the "${r.target}" card — tell the user.`
}

const pending = (r: RelayResult, a: Audience, senderIsSession: boolean): string => {
  const held = `${pendingOpening(r)} The errand is open — a message that session was not ready for is held until it is`
  if (a === "mcp") {
    return `${held} — and a note will be typed at your prompt when its result is ready. Collect it with wait_for_answer (ticket "${r.ticket}", or no ticket for everything at once).`
  }
  return senderIsSession
    ? `${held} — and a note will be typed at the sending session's prompt when its result is ready. To hold the line for it instead:\n  lich wait ${r.ticket}`
    : `${held}. Nothing is typed anywhere when it is done: this was sent from outside a session, so collect the result with:\n  lich wait ${r.ticket}`
}

/** The result object `--json` prints: the contract's four keys, never the prose-only detail. */
export const resultJson = (r: RelayResult) => ({ ticket: r.ticket, target: r.target, status: r.status, answer: r.answer })

/** One outcome, in the words a single send or wait prints. */
export const renderResult = (r: RelayResult, a: Audience = "cli", senderIsSession = true): string => {
  const t = r.target
  switch (r.status) {
    case "answered":
      return r.answer
    case "pending":
      return pending(r, a, senderIsSession)
    case "unread":
      return `"${t}" never picked the task up: it was typed at that session's prompt and nothing there started working — something else has that terminal, usually a question of the provider's own such as a trust prompt. Nothing is queued. Tell the user to open the "${t}" card and clear what is on its screen, then send the task again.`
    case "undelivered":
      if (r.detail === ENDED) {
        return `The task never reached "${t}": that session ended before it started on it — its process exited, or it was closed. Nothing is queued anywhere; send the task again once the "${t}" card is running.`
      }
      return `The task never reached "${t}": it was held for a prompt that session never reached — it ended, or whatever had its terminal outlasted the 5-minute queue. Nothing is queued anywhere; send it again once the "${t}" card shows what happened.`
    case "unanswered":
      return `The "${t}" session finished its turn without answering through lich. Whatever it produced is in that session — tell the user to open the "${t}" card to read it.`
    case "stopped":
      if (r.detail === ENDED) {
        return `"${t}" ended while it was working on the task (ticket ${r.ticket}): its process exited before it answered. No answer is coming through lich; whatever it did is in its checkout — send the task again once the "${t}" card is running.`
      }
      return `"${t}" was closed before it answered (ticket ${r.ticket}). No answer is coming through lich.`
    case "expired":
      return `Nobody answered ticket ${r.ticket} ("${t}") within the hour, so the errand expired. No answer is coming through lich; send the task again if it still matters.`
  }
}

const collectedOne = (r: RelayResult, a: Audience): string =>
  r.status === "answered" ? `Answer from "${r.target}" (ticket ${r.ticket}):\n${r.answer}` : renderResult(r, a)

/** A no-ticket collect: every ready result oldest first, then who still owes one. */
export const renderCollected = (c: Collected, a: Audience = "cli"): string => {
  const parts = c.results.map((r) => collectedOne(r, a))
  const owed = c.open.map((l) => `"${l}"`).join(", ")
  if (c.open.length > 0) {
    parts.push(
      c.results.length === 0 && c.held
        ? `Nothing came back while waiting. Still working: ${owed}. Their results will announce themselves at your prompt.`
        : `Still working: ${owed}. Their results will announce themselves at your prompt.`
    )
  }
  if (parts.length === 0) return "Nothing to collect: no results are waiting and no errand of yours is open."
  return parts.join("\n\n")
}

export const renderReplied = (): string => "Answer sent."

export const renderInserted = (i: Inserted): string =>
  `Inserted ${i.bytes} bytes at the prompt of "${i.label}" (${i.project}). Nothing was sent.`

export const renderFocused = (f: Focused): string => `Focused "${f.label}" (${f.project}).`
