/**
 * send, wait and reply: handing a task over, holding the line for its answer, answering one. Hot
 * commands — agents run them on every task — so they run without Effect (spec.ts `plain`). With
 * `--host <name>` (lich's own, beyond the contract; docs/hosts.md) send and wait call the hosts
 * group's procedure for that host instead: the errand is still this lich's own, so it prints and
 * exits as a local one.
 */
import type { PayloadOf, Ticket } from "@lich/contract"
import { exitCodeFor, exitCodes } from "../exitCodes.js"
import { renderCollected, renderReplied, renderResult, resultJson } from "../render/relay.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { waitBudgetMs } from "./budgets.js"
import { ended, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

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

type Result = Parameters<typeof resultJson>[0]

/** One outcome, with the exit code its status maps to. */
const outcome = (r: Result, asJson: boolean): Ending => ({
  _tag: "out",
  text: asJson ? JSON.stringify(resultJson(r)) : renderResult(r, "cli", sender() !== ""),
  code: exitCodeFor(r.status)
})

const relayed = (c: Awaited<ReturnType<typeof callPlain<"relay.Send">>>, asJson: boolean): Ending =>
  c.ok ? outcome(c.value, asJson) : ended(c, asJson, () => "")

/** A send to a session here, or with a host to one on that host's lich (open --prompt hands over the same way). */
export const sendTo = (host: string, p: PayloadOf<"relay.Send">) =>
  host === "" ? callPlain("relay.Send", p, waitBudgetMs(p.timeout)) : callPlain("hosts.Send", { host, ...p }, waitBudgetMs(p.timeout))

export const send = async (v: Values): Promise<Ending> => {
  const timeout = v.int("timeout")
  const payload = {
    from: sender(),
    target: v.arg("session"),
    project: v.text("project"),
    prompt: v.arg("prompt"),
    timeout,
    private: v.flag("private")
  }
  return relayed(await sendTo(v.text("host"), payload), v.flag("json"))
}

const collect = async (v: Values): Promise<Ending> => {
  if (v.text("host") !== "") {
    return usageEnding(
      `--host waits on one ticket: lich wait <ticket> --host ${v.text("host")}; what sessions on a host answered you is collected by a plain lich wait`
    )
  }
  if (sender() === "") {
    return usageEnding("collecting needs a session of your own — outside one, wait on the ticket instead: lich wait <ticket>")
  }
  const timeout = v.int("timeout")
  const c = await callPlain("relay.Collect", { from: sender(), timeout, noWait: v.flag("noWait") }, waitBudgetMs(timeout))
  if (!c.ok) return ended(c, false, () => "")
  // A batch has no single status: anything collected is done; came back empty with errands open is 2.
  const code = c.value.results.length === 0 && c.value.open.length > 0 ? exitCodeFor("pending") : exitCodes.answered
  const text = v.flag("json") ? JSON.stringify({ results: c.value.results.map(resultJson), open: c.value.open }) : renderCollected(c.value)
  return { _tag: "out", text, code }
}

export const wait = async (v: Values): Promise<Ending> => {
  if (!v.has("ticket")) return collect(v)
  if (v.flag("noWait")) return usageEnding("--no-wait collects everything ready and takes no ticket — drop one of them")
  const [host, timeout] = [v.text("host"), v.int("timeout")]
  const payload = { from: sender(), ticket: v.arg("ticket") as Ticket, timeout }
  // `wait <ticket> --host`: the ticket is this lich's own; its errand runs on the host.
  const c =
    host === ""
      ? await callPlain("relay.Wait", payload, waitBudgetMs(timeout))
      : await callPlain("hosts.Wait", { host, ...payload }, waitBudgetMs(timeout))
  return relayed(c, v.flag("json"))
}

export const reply = async (v: Values): Promise<Ending> => {
  const [a, b] = v.args("words")
  const ticket = b === undefined ? "" : a!
  const answer = b === undefined ? a! : b
  const r = await callPlain("relay.Reply", { from: sender(), ticket: ticket as Ticket, answer }, REPLY_PATIENCE_MS, replyUnsure(ticket))
  return ended(r, false, renderReplied)
}
