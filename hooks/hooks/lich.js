// lich's Claude Code hooks module ("the mod"), loaded by Claude Code 2.1.280+ from hooks.json's
// "modules". It registers every lich mod: mod-control (lich drives the session: prompt, abort,
// model, effort, slash command, side question), mod-usage (context, rate limits, cost),
// mod-compacting (the `compacting` state), mod-status (the footer line of open errands) and, where
// lich turned subagent cards off, mod-answer (a worker's last message is its answer).
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

import { createAnswer } from "./mod/answer.js"
import { createCompacting } from "./mod/compacting.js"
import { createControl } from "./mod/control.js"
import { createStatus } from "./mod/status.js"
import { createUsage } from "./mod/usage.js"
import { lichOf } from "./mod/wire.js"

/** The running mods of this load, once session.start found lich and an interactive session. */
let mods
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
    invalidate: () => $.ui.invalidate("ui.render")
  }
}

const startMods = (lich, ports, cardsOff) => {
  const started = {
    control: createControl(lich, ports),
    usage: createUsage(lich, ports),
    compacting: createCompacting(lich, ports),
    status: createStatus(lich, ports),
    answer: cardsOff ? createAnswer(lich, ports) : undefined
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

/** @type {import('claude-code').Hook<'session.start'>} */
async function onSessionStart($, e, next) {
  if (mods === undefined && e.isInteractive === true) {
    try {
      const lich = lichOf(
        await $.env.get("LICH_PORT"),
        await $.env.get("LICH_TOKEN"),
        await $.env.get("LICH_SESSION_ID")
      )
      if (lich !== undefined) mods = startMods(lich, portsOf($), (await $.env.get("LICH_SUBAGENT_CARDS")) === "off")
    } catch {
      // No lich to report to: the module stays a pass-through.
    }
  }
  return next(e)
}

/** @type {import('claude-code').Hook<'turn.start'>} */
function onTurnStart($, e, next) {
  if (e.agentId === undefined) quietly(() => mods?.control.turnStarted(e.turnId))
  return next(e)
}

/** @type {import('claude-code').Hook<'turn.complete'>} */
function onTurnComplete($, e, next) {
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
function onStop($, e, next) {
  quietly(() => mods?.answer?.stopped(e))
  return next(e)
}

/**
 * The model and effort `lich control` set, on every main-loop request from now on.
 * @type {import('claude-code').Hook<'turn.step'>}
 */
async function* onTurnStep($, e, next) {
  let step = e
  if (e.agentId === undefined && mods !== undefined) {
    const overrides = mods.control.overrides()
    if (overrides.model !== undefined || overrides.effort !== undefined) step = { ...e, ...overrides }
  }
  return yield* next(step)
}

/** @type {import('claude-code').Hook<'session.measure'>} */
function onMeasure($, e, next) {
  if (mods === undefined) earlyMeasure = e
  else quietly(() => mods.usage.measured(e))
  return next(e)
}

/** @type {import('claude-code').Hook<'session.compact'>} */
function onCompact($, e, next) {
  return mods === undefined ? next(e) : mods.compacting.around(e, () => next(e))
}

/**
 * The footer's mode labels, with the status line of open errands after them.
 * @type {import('claude-code').MatchedHook<'ui.render', { component: 'SessionMode' }>}
 */
function onSessionMode($, e, next) {
  const line = mods?.status.line()
  return next(line === undefined ? e : { ...e, props: { ...e.props, modes: [...e.props.modes, line] } })
}

/** @type {import('claude-code').Register} */
export const register = (on) => {
  on("session.start", { isInteractive: true }, onSessionStart)
  on("turn.start", onTurnStart)
  on("turn.complete", onTurnComplete)
  // A Stop hook can hold the turn open; one that failed must let it end as it would have.
  on("classic.Stop", onStop).catch(($, e, next) => next(e))
  on("turn.step", onTurnStep)
  on("session.measure", onMeasure)
  // A failed bracket must not cost the compaction: the catch's `next` replays what the chain
  // beneath answered (or runs it, when the hook failed before calling it).
  on("session.compact", { trigger: "manual" }, onCompact).catch(($, e, next) => next(e))
  on("session.compact", { trigger: "auto" }, onCompact).catch(($, e, next) => next(e))
  on("ui.render", { component: "SessionMode" }, onSessionMode)
}
