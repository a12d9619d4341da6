/**
 * open: a new session, started, here or on a host's lich, and with --prompt its first task handed
 * over the way send hands one (--subagent: as the caller's worker, in one call). A plain command
 * (spec.ts): a hand-off that fails does not undo the open, and says so after the session's lines.
 */
import { OPEN_PROMPT_WAIT_SECONDS, type SuccessOf } from "@lich/contract"
import { exitCodes } from "../exitCodes.js"
import { renderResult, resultJson } from "../render/relay.js"
import { renderOpened, renderStartFailure } from "../render/spawn.js"
import type { Ending, Values } from "../spec.js"
import { type Called, callPlain } from "../wire/call.js"
import { SPAWN_TIMEOUT_MS, waitBudgetMs } from "./budgets.js"
import { ended, usageEnding } from "./ending.js"
import { sendTo } from "./relay.js"
import { sender } from "./sender.js"

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

const flagsOf = (v: Values) => ({
  project: v.text("project"),
  kind: v.text("kind"),
  worktree: v.text("worktree"),
  base: v.text("base"),
  model: v.text("model"),
  effort: v.text("effort"),
  ultracode: v.flag("ultracode"),
  folder: v.text("folder"),
  prompt: v.text("prompt"),
  private: v.flag("private"),
  host: v.text("host"),
  subagent: v.flag("subagent"),
  json: v.flag("json")
})
type Flags = ReturnType<typeof flagsOf>

/** What --subagent and --private refuse, before anything opens: a worker opens beside its caller, with a task. */
const refusal = (f: Flags): string | undefined => {
  if (f.subagent) {
    if (f.prompt === "") return "--subagent hands the new worker a task, and needs --prompt"
    if (sender() === "")
      return "--subagent opens a worker for the session this runs in, and this is not a lich session — use --prompt alone"
    const taken = [f.project !== "" && "--project", f.folder !== "" && "--folder", f.private && "--private", f.host !== "" && "--host"]
    const named = taken.filter(Boolean)
    if (named.length > 0) return `--subagent opens the worker beside its caller, filed with it, and refuses ${named.join(", ")}`
  }
  if (f.private && f.prompt === "") return "--private keeps a hand-off's result to its ticket, and needs --prompt"
  return undefined
}

/** The hand-off's outcome: a result, the reason it did not reach the session, or none asked for. */
type Opened = SuccessOf<"spawn.Open">
type Delivery = { readonly result: SuccessOf<"relay.Send"> } | { readonly failure: string } | undefined
type Outcome = { readonly opened: Opened; readonly delivery: Delivery }

/** The worker and its hand-off, in one call: the server files it, sets its depth and hands the task over. */
const openWorker = async (f: Flags): Promise<Called<Outcome>> => {
  const p = { from: sender(), kind: f.kind, worktree: f.worktree, base: f.base, model: f.model, effort: f.effort, ultracode: f.ultracode }
  const w = await callPlain("relay.Subagent", { ...p, prompt: f.prompt }, SPAWN_TIMEOUT_MS + waitBudgetMs(OPEN_PROMPT_WAIT_SECONDS))
  if (!w.ok) return w
  const { opened, delivery, failure } = w.value
  const d: Delivery =
    delivery !== undefined ? { result: delivery } : failure !== undefined && opened.startError === "" ? { failure } : undefined
  return { ok: true, value: { opened, delivery: d } }
}

/** open, then the same hand-off send makes. A project over its caps refuses a task before a session opens for it. */
const openPlain = async (f: Flags): Promise<Called<Outcome>> => {
  // A host's lich asks its own caps when its relay types the task.
  if (f.prompt !== "" && f.host === "") {
    const admitted = await callPlain("system.Admit", { from: sender(), project: f.project, kind: f.kind })
    if (!admitted.ok) return admitted
  }
  const p = { from: sender(), project: f.project, kind: f.kind, worktree: f.worktree, base: f.base }
  const q = { ...p, model: f.model, effort: f.effort, ultracode: f.ultracode, folder: f.folder }
  const o =
    f.host === ""
      ? await callPlain("spawn.Open", q, SPAWN_TIMEOUT_MS)
      : await callPlain("hosts.Open", { host: f.host, ...q }, SPAWN_TIMEOUT_MS)
  if (!o.ok) return o
  if (f.prompt === "" || o.value.startError !== "") return { ok: true, value: { opened: o.value, delivery: undefined } }
  const task = {
    from: sender(),
    target: o.value.session.id,
    project: "",
    prompt: f.prompt,
    timeout: OPEN_PROMPT_WAIT_SECONDS,
    private: f.private
  }
  const sent = await sendTo(f.host, task)
  return { ok: true, value: { opened: o.value, delivery: sent.ok ? { result: sent.value } : { failure: sent.message } } }
}

/** One JSON object or the prose, then the line that says what did not happen, if anything did not. */
const printed = (f: Flags, { opened, delivery }: Outcome): Ending => {
  const s = opened.session
  const result = delivery && "result" in delivery ? delivery.result : undefined
  const text = f.json
    ? JSON.stringify(result ? { ...s, delivery: resultJson(result) } : s)
    : result
      ? `${renderOpened(opened)}\n${renderResult(result, "cli", sender() !== "")}`
      : renderOpened(opened)
  if (opened.startError !== "") return { _tag: "out", text, code: exitCodes.Failed, fail: renderStartFailure(opened) }
  if (delivery && "failure" in delivery) {
    const again = `lich send${f.host === "" ? "" : ` --host ${f.host}`} "${s.label}" ${shellQuote(f.prompt)}`
    const fail = `the session is open, but the task did not reach it: ${delivery.failure} — hand it the task with ${again}`
    return { _tag: "out", text, code: exitCodes.Failed, fail }
  }
  return { _tag: "out", text, code: exitCodes.answered }
}

export const open = async (v: Values): Promise<Ending> => {
  const f = flagsOf(v)
  const refused = refusal(f)
  if (refused !== undefined) return usageEnding(refused)
  const done = f.subagent ? await openWorker(f) : await openPlain(f)
  return done.ok ? printed(f, done.value) : ended(done, false, () => "")
}
