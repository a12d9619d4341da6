// agent-cards: a general-purpose subagent the model starts with the Agent tool runs as a lich
// session — a card the user can watch and steer — instead of hidden inside this session
// (docs/hooks/agent-cards.md). It works in this session's checkout, or in a worktree of its own
// for `isolation: "worktree"`, and its report comes back through lich as a [lich] note.
//
// The call is first put to Claude Code's own permission check: tool.call passes it on beneath, and
// only at agent.spawn — raised once the call was allowed, before the native agent or its worktree
// exist — does the mod run `$LICH_BIN open --subagent`. It denies that spawn and answers the Agent
// call with lich's outcome, kept by the call's id between the two events. Before lich has the task
// any failure runs the native agent (with a toast); after, nothing does, so no work runs twice.

import {
  BRANCH_PREFIX,
  branchFrom,
  branchName,
  deliveryAnswer,
  openArgv,
  PROMPT_LIMIT_BYTES,
  parseOpened,
  reasonLine,
  utf8Bytes
} from "./cards-open.js"
import { createWorkers } from "./cards-workers.js"
import { promptText } from "./prompt-text.js"

/** The sum of the waits lich's own client allows an open with a task (the send's 20 s among them). */
export const OPEN_TIMEOUT_MS = 120000
/** `git branch --show-current` answers at once; past 10 s the base is left to lich. */
const GIT_TIMEOUT_MS = 10000

/** `LICH_SUBAGENT_DEPTH` as a number, or undefined for a lich older than the variable. */
export const depthOf = (value) => (typeof value === "string" && /^[0-9]+$/.test(value.trim()) ? Number(value.trim()) : undefined)

/**
 * What to do with an Agent tool.call: `take` it, run it `native`, or run it native with the
 * toast saying lich keeps a worker's subagents in Claude Code (`worker`). `config` holds the
 * session's depth and cards setting; the interactive session and LICH_BIN/LICH_SESSION_ID are
 * what made the mod start at all.
 */
export const verdict = (e, origin, config) => {
  if (origin?.plugin !== "engine" || e.agentId !== undefined) return "native"
  if (e.subagent_type !== undefined && e.subagent_type !== "general-purpose") return "native"
  if ((typeof e.team_name === "string" && e.team_name !== "") || (e.isolation !== undefined && e.isolation !== "worktree")) return "native"
  if (config.cardsOff) return config.depth !== undefined && config.depth > 0 ? "worker" : "native"
  return "take"
}

/** The clock's time, or undefined when it could not be read (the duration then reads 0). */
const nowOf = (ports) =>
  Promise.resolve()
    .then(() => ports.now())
    .catch(() => undefined)

const quietly = (fn) => {
  try {
    fn()
  } catch {
    // A toast that could not show costs nothing else.
  }
}

const base = async (ports) => {
  try {
    return branchFrom(await ports.run(["git", "branch", "--show-current"], { timeoutMs: GIT_TIMEOUT_MS }))
  } catch {
    return undefined
  }
}

/** The worker as the mod remembers it, from the session lich open printed. */
const workerOf = (opened, call, branch) => ({
  name: opened.name,
  label: typeof opened.label === "string" && opened.label !== "" ? opened.label : opened.name,
  path: typeof opened.path === "string" ? opened.path : "",
  isolated: branch !== undefined,
  branch,
  description: call.description
})

// The functions below share one context `cx`: { config, text, workers, calls } — the session's
// settings, its prompt texts, the workers it counts, and the Agent calls it took (tool_use_id →
// the call, and once agent.spawn ran, its outcome).

/** What lich open's exit, stdout and stderr come to: the Agent call's answer, or a native run. */
const outcomeOf = (cx, run, call, branch, durationMs) => {
  const opened = parseOpened(run.stdout)
  const worker = opened === undefined ? undefined : workerOf(opened, call, branch)
  if (run.exitCode !== 0)
    return { native: true, toast: cx.text.toastOpenFailed(reasonLine(run, `lich open exited ${run.exitCode}`), worker?.label) }
  if (worker === undefined || opened.delivery === undefined) return { answer: { deny: cx.text.unreadable() } }
  const { answer, counts } = deliveryAnswer(cx.text, worker, call, opened.delivery, durationMs)
  if (counts) cx.workers.add(worker)
  return { answer }
}

/** Esc while lich open ran: deny, and still count a worker lich handed the task to. */
const interruptedOutcome = (cx, run, call, branch) => {
  const opened = run === undefined ? undefined : parseOpened(run.stdout)
  const worker = opened === undefined ? undefined : workerOf(opened, call, branch)
  const status = opened?.delivery?.status
  if (run?.exitCode === 0 && worker !== undefined && (status === "pending" || status === "unanswered")) cx.workers.add(worker)
  return { answer: { deny: cx.text.interrupted(worker) } }
}

/** Runs lich open for a taken call and decides; never throws. */
const open = async (cx, call, e, signal, ports) => {
  const prompt = typeof e.prompt === "string" ? e.prompt : call.prompt
  const bytes = utf8Bytes(prompt)
  if (bytes > PROMPT_LIMIT_BYTES) return { native: true, toast: cx.text.toastTooLong(bytes, PROMPT_LIMIT_BYTES) }
  let branch
  let current
  if (call.isolation === "worktree") {
    current = await base(ports)
    // A lich older than the depth variable marks a worker only by its subagent/ branch.
    if (cx.config.depth === undefined && current?.startsWith(BRANCH_PREFIX)) return { native: true }
    branch = branchName(typeof e.description === "string" ? e.description : call.description, e.tool_use_id)
  }
  const model = typeof e.model === "string" && e.model.trim() !== "" ? e.model : call.model
  const argv = openArgv(cx.config.bin, { prompt, branch, base: current, model })
  const started = await nowOf(ports)
  let run
  try {
    run = await ports.run(argv, { timeoutMs: OPEN_TIMEOUT_MS })
  } catch (error) {
    if (signal?.aborted) return interruptedOutcome(cx, undefined, call, branch)
    return { native: true, toast: cx.text.toastOpenFailed(error instanceof Error ? error.message : "lich open failed") }
  }
  if (signal?.aborted) return interruptedOutcome(cx, run, call, branch)
  const ended = await nowOf(ports)
  const duration = typeof started === "number" && typeof ended === "number" ? Math.max(0, ended - started) : 0
  return outcomeOf(cx, run, call, branch, duration)
}

/** tool.call {tool: "Agent"}: passes the call on beneath, then answers it with lich's outcome. */
const agentCall = async (cx, e, origin, ports, beneath) => {
  const v = verdict(e, origin, cx.config)
  if (v === "worker") quietly(() => ports.toast(cx.text.toastNative()))
  if (v !== "take") return beneath()
  const id = e.tool_use_id
  const call = {
    description: typeof e.description === "string" ? e.description : "",
    prompt: typeof e.prompt === "string" ? e.prompt : "",
    isolation: e.isolation,
    model: typeof e.model === "string" ? e.model : undefined
  }
  cx.calls.set(id, call)
  try {
    const result = await beneath()
    return call.outcome?.answer ?? result
  } catch (error) {
    if (call.outcome?.answer !== undefined) return call.outcome.answer
    throw error
  } finally {
    cx.calls.delete(id)
  }
}

/** agent.spawn: the spawn of a call taken above opens the card; any other spawn goes on. */
const spawn = async (cx, e, signal, ports, beneath) => {
  const call = cx.calls.get(e.tool_use_id)
  if (call === undefined || call.outcome !== undefined || e.fork || e.resume || e.workflow || e.isTeammate) return beneath()
  const outcome = await open(cx, call, e, signal, ports)
  call.outcome = outcome
  if (outcome.native) {
    if (outcome.toast) quietly(() => ports.toast(outcome.toast))
    return beneath()
  }
  return { deny: outcome.answer.deny ?? cx.text.spawnTaken() }
}

/**
 * `config`: { bin, depth, cardsOff, lang }. `session`: the session-wide ports the footer poll
 * uses — run(argv, init), after(ms, fn), invalidate(). Each hook hands its own ports (run, toast,
 * now) made from its own `$`, so Claude Code counts their waits against that hook's budget.
 */
export const createAgentCards = (config, session) => {
  const text = promptText(config.lang)
  const workers = createWorkers(config.bin, text, session)
  const cx = { config, text, workers, calls: new Map() }
  return {
    agentCall: (e, origin, ports, beneath) => agentCall(cx, e, origin, ports, beneath),
    spawn: (e, signal, ports, beneath) => spawn(cx, e, signal, ports, beneath),
    /** The answer a taken call already has, for a hook that failed after lich took the task. */
    answered: (toolUseId) => cx.calls.get(toolUseId)?.outcome?.answer,
    /** tool.call {tool: "TaskStop"}: a worker this mod counts is stopped through lich. */
    taskStop: async (e, ports, beneath) => {
      const taskId = typeof e.task_id === "string" ? e.task_id : e.shell_id
      const worker = workers.named(taskId)
      return worker === undefined ? beneath() : workers.stop(worker, taskId, ports.run)
    },
    /** How many workers still run, for the footer. */
    workers: () => workers.count()
  }
}
