// lich's Claude Code hooks module ("the mod"), loaded by Claude Code 2.1.280+ from hooks.json's
// "modules". It registers every lich mod: mod-control (lich drives the session: prompt, abort,
// model, effort, slash command, side question), mod-usage (context, rate limits, cost),
// mod-compacting (the `compacting` state), mod-status (the footer line of open errands), agent-cards
// (a general-purpose subagent runs as a lich session, a card the user can watch) and, in a worker
// lich opened for another session, mod-answer (its last message is its answer).
// docs/hooks/ has each contract.
//
// Nothing runs outside lich: the mods start only when session.start saw an interactive session
// and LICH_PORT, LICH_TOKEN and LICH_SESSION_ID name a lich; otherwise every hook passes its
// event straight on. No hook waits on lich or fails a turn: the work goes out on timers and lanes
// of its own, and every failure is swallowed.
//
// Claude Code checks a module statically: each call on `$` is spelled `$.noun.verb()` where it is
// made, and `$` never crosses an import. So this file holds every `$` call, top-level, and hands
// the mods in ./mod/ plain functions (`ports`) instead — which is also what lets the unit tests run
// the mods under a fake `$`.

import { createAgentCards, depthOf } from "./mod/agent-cards.js"
import { createAnswer } from "./mod/answer.js"
import { createCompacting } from "./mod/compacting.js"
import { createControl } from "./mod/control.js"
import { createStatus, workersLine } from "./mod/status.js"
import { createUsage } from "./mod/usage.js"
import { lichOf } from "./mod/wire.js"

/** The running mods of this load, once session.start found lich and an interactive session. */
let mods
/** agent-cards, once session.start found an interactive session with LICH_BIN and LICH_SESSION_ID. */
let cards
/** The newest session.measure heard before the mods started (the start's own reading). */
let earlyMeasure

/**
 * The `$` calls the mods make, as plain functions over this session's `$`.
 * @param {import('claude-code').EngineInterface} $
 */
function portsOf($) {
  return {
    fetch: (url, init) => $.http.fetch(url, init),
    after: (ms, fn) => $.clock.after(ms, fn),
    submit: (args) => $.prompt.submit(args),
    abort: (args) => $.turn.abort(args),
    runCommand: (args) => $.command.run(args),
    fork: (args) => $.model.fork(args),
    conversationId: () => $.session.id(),
    invalidate: () => $.ui.invalidate("ui.render"),
    run: (argv, init) => $.process.run(argv, init)
  }
}

/**
 * The `$` calls agent-cards makes inside a hook, over that hook's own `$`: Claude Code stops the
 * hook's budget clock only while its own `$` calls are in flight, and `lich open` takes seconds.
 * @param {import('claude-code').EngineInterface} $
 */
function hookPortsOf($) {
  return {
    run: (argv, init) => $.process.run(argv, init),
    toast: (text) => $.ui.toast(text, { timeoutMs: TOAST_MS }),
    now: () => $.clock.now()
  }
}

/** 8 s: a toast says why an agent ran inside Claude Code; the default 4 s is gone before it is read. */
const TOAST_MS = 8000

/** Whether this session is a worker lich opened for another: LICH_SUBAGENT_DEPTH above 0, or under a
 * lich older than that variable, LICH_SUBAGENT_CARDS=off (which that lich set in every worker). */
const isWorker = (depth, cardsOff) => (depth === undefined ? cardsOff : depth > 0)

const startMods = (lich, ports, worker) => {
  const started = {
    control: createControl(lich, ports),
    usage: createUsage(lich, ports),
    compacting: createCompacting(lich, ports),
    status: createStatus(lich, ports),
    answer: worker ? createAnswer(lich, ports) : undefined
  }
  started.control.start()
  started.status.start()
  if (earlyMeasure !== undefined) started.usage.measured(earlyMeasure)
  earlyMeasure = undefined
  return started
}

/** Runs `effect` and forgets any failure: a mod's bookkeeping never stands in a hook's way. */
const quietly = (effect) => {
  try {
    effect()
  } catch {
    // Swallowed: the event goes on as Claude Code raised it.
  }
}

const nonEmpty = (value) => typeof value === "string" && value !== ""

/** @type {import('claude-code').Hook<'session.start'>} */
async function onSessionStart($, e, next) {
  if (mods === undefined && cards === undefined && e.isInteractive === true) {
    try {
      const sessionId = await $.env.get("LICH_SESSION_ID")
      const lich = lichOf(await $.env.get("LICH_PORT"), await $.env.get("LICH_TOKEN"), sessionId)
      const cardsOff = (await $.env.get("LICH_SUBAGENT_CARDS")) === "off"
      const depth = depthOf(await $.env.get("LICH_SUBAGENT_DEPTH"))
      const bin = await $.env.get("LICH_BIN")
      const ports = portsOf($)
      if (lich !== undefined) mods = startMods(lich, ports, isWorker(depth, cardsOff))
      if (nonEmpty(bin) && nonEmpty(sessionId))
        cards = createAgentCards({ bin, depth, cardsOff, lang: await $.env.get("LICH_PROMPT_LANG") }, ports)
    } catch {
      // No lich to report to: the module stays a pass-through.
    }
  }
  return next(e)
}

/**
 * An Agent call of the model's: passed on beneath (Claude Code's permission check), and answered
 * with lich's outcome when agent.spawn opened a card for it.
 * @type {import('claude-code').MatchedHook<'tool.call', { tool: 'Agent' }>}
 */
function onAgentCall($, e, next) {
  return cards === undefined ? next(e) : cards.agentCall(e, next.origin, hookPortsOf($), () => next(e))
}

/**
 * A failed Agent hook: the answer lich already gave, if it had taken the task, else what the
 * chain beneath answered — never a native agent beside a worker doing the same work.
 * @type {import('claude-code').CatchHandler<import('claude-code').Hook<'tool.call'>>}
 */
function onAgentCallFailed(_$, e, next) {
  return cards?.answered(e.tool_use_id) ?? next(e)
}

/** @type {import('claude-code').Hook<'agent.spawn'>} */
function onAgentSpawn($, e, next) {
  return cards === undefined ? next(e) : cards.spawn(e, next.signal, hookPortsOf($), () => next(e))
}

/** @type {import('claude-code').CatchHandler<import('claude-code').Hook<'agent.spawn'>>} */
function onAgentSpawnFailed(_$, e, next) {
  const answer = cards?.answered(e.tool_use_id)
  return answer === undefined ? next(e) : { deny: answer.deny ?? "lich runs this agent as a session of its own." }
}

/** @type {import('claude-code').MatchedHook<'tool.call', { tool: 'TaskStop' }>} */
function onTaskStop($, e, next) {
  return cards === undefined ? next(e) : cards.taskStop(e, hookPortsOf($), () => next(e))
}

/** @type {import('claude-code').Hook<'turn.start'>} */
function onTurnStart(_$, e, next) {
  if (e.agentId === undefined) quietly(() => mods?.control.turnStarted(e.turnId))
  return next(e)
}

/** @type {import('claude-code').Hook<'turn.complete'>} */
function onTurnComplete(_$, e, next) {
  if (e.agentId === undefined) {
    quietly(() => mods?.control.turnEnded(e.turnId))
    quietly(() => mods?.answer?.completed(e))
  }
  return next(e)
}

/**
 * The Stop settings hook's input: the only place that says what still runs in the background.
 * @type {import('claude-code').Hook<'classic.Stop'>}
 */
function onStop(_$, e, next) {
  quietly(() => mods?.answer?.stopped(e))
  return next(e)
}

/**
 * The model and effort `lich control` set, on every main-loop request from now on.
 * @type {import('claude-code').Hook<'turn.step'>}
 */
async function* onTurnStep(_$, e, next) {
  let step = e
  if (e.agentId === undefined && mods !== undefined) {
    const overrides = mods.control.overrides()
    if (overrides.model !== undefined || overrides.effort !== undefined) step = { ...e, ...overrides }
  }
  return yield* next(step)
}

/** @type {import('claude-code').Hook<'session.measure'>} */
function onMeasure(_$, e, next) {
  if (mods === undefined) earlyMeasure = e
  else quietly(() => mods.usage.measured(e))
  return next(e)
}

/** @type {import('claude-code').Hook<'session.compact'>} */
function onCompact(_$, e, next) {
  return mods === undefined ? next(e) : mods.compacting.around(e, () => next(e))
}

/**
 * The footer's mode labels, with the status line of open errands after them.
 * @type {import('claude-code').MatchedHook<'ui.render', { component: 'SessionMode' }>}
 */
function onSessionMode(_$, e, next) {
  const line = mods?.status.line() ?? workersLine(cards?.workers() ?? 0)
  return next(line === undefined ? e : { ...e, props: { ...e.props, modes: [...e.props.modes, line] } })
}

/** @type {import('claude-code').Register} */
export const register = (on) => {
  on("session.start", { isInteractive: true }, onSessionStart)
  on("turn.start", onTurnStart)
  on("turn.complete", onTurnComplete)
  // A Stop hook can hold the turn open; one that failed must let it end as it would have.
  on("classic.Stop", onStop).catch((_$, e, next) => next(e))
  on("turn.step", onTurnStep)
  on("session.measure", onMeasure)
  // A failed bracket must not cost the compaction: the catch's `next` replays what the chain
  // beneath answered (or runs it, when the hook failed before calling it).
  on("session.compact", { trigger: "manual" }, onCompact).catch((_$, e, next) => next(e))
  on("session.compact", { trigger: "auto" }, onCompact).catch((_$, e, next) => next(e))
  on("ui.render", { component: "SessionMode" }, onSessionMode)
  on("tool.call", { tool: "Agent" }, onAgentCall).catch(onAgentCallFailed)
  on("agent.spawn", onAgentSpawn).catch(onAgentSpawnFailed)
  on("tool.call", { tool: "TaskStop" }, onTaskStop).catch((_$, e, next) => next(e))
}
