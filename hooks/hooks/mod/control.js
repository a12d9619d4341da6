// mod-control: lets lich drive this Claude Code session from outside its terminal (docs/hooks/
// mod-control.md). It long-polls GET /mod/commands, runs each command through Claude Code's own
// API — a prompt submitted as a message from the plugin instead of typed over the person's
// half-written line, an abort of the running turn, a model or effort for the next requests, a
// slash command, a side question answered from the conversation — and acks each on POST /mod/acks.
//
// It never blocks a turn and never fails loudly: every `$` call arrives as a plain function from
// lich.js (`ports`), every failure becomes an ok:false ack or a backoff, and a failed ack is dropped.

import { getInit, lane, oneLine, postInit, reasonOf, urlOf } from "./wire.js"

/** The efforts Claude Code's turn.step takes by name (ModelEffort in its types). */
export const EFFORTS = ["low", "medium", "high", "xhigh", "max"]

/** An answer's cap in UTF-16 units: what lich keeps of an answer, so a longer one is cut here. */
export const ANSWER_CAP = 16000
export const TRUNCATED = "[truncated]"

/** What a side question is asked behind: it is answered from what the conversation already holds,
 * at once, and never acts (a fork's tools are denied anyway; saying so saves the attempt). */
export const ASK_PREAMBLE =
  "Side question from outside this conversation (lich ask). Answer it from the conversation so far: " +
  "no tools, nothing new started, and be brief."

/** Backoff after a failed poll: 1 s doubling to 10 s. 10 s: a lich that restarts is back well
 * within it, and a session whose lich is gone costs one refused connection per 10 s. */
export const BACKOFF_FIRST_MS = 1000
export const BACKOFF_MAX_MS = 10000

export const nextBackoff = (previous) => (previous <= 0 ? BACKOFF_FIRST_MS : Math.min(previous * 2, BACKOFF_MAX_MS))

const escapeXml = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** The block a relayed result is submitted as: Claude Code's own shape for a finished background
 * task, so the model reads it as one. Status and summary are escaped; the result goes in raw. */
export const notificationText = (text, notification) =>
  [
    "<task-notification>",
    `<status>${escapeXml(notification.status ?? "completed")}</status>`,
    `<summary>${escapeXml(notification.summary ?? "")}</summary>`,
    `<result>${text}</result>`,
    "</task-notification>"
  ].join("\n")

/** An answer cut to ANSWER_CAP UTF-16 units plus TRUNCATED, never halving a surrogate pair. */
export const capAnswer = (text) => {
  if (text.length <= ANSWER_CAP) return text
  let cut = ANSWER_CAP
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1
  return text.slice(0, cut) + TRUNCATED
}

export const askPrompt = (question) => `${ASK_PREAMBLE}\n\n${question}`

/** Why a fork gave no answer, as the one line lich shows. */
export const forkReason = (result) =>
  result.reason === "api-error"
    ? oneLine(`api-error ${result.status ?? "no response"} ${result.error ?? ""}`)
    : oneLine(String(result.reason ?? "no answer"))

/** The commands of a 200, or undefined when the body is not a JSON array (treated as a failure). */
export const parseCommands = (text) => {
  try {
    const value = JSON.parse(text)
    return Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

const nonBlank = (value) => (typeof value === "string" && value.trim() !== "" ? value : undefined)

/**
 * The work of each kind over `state` (the running turn, the overrides): a function of the command
 * to the fields of its ack, or a promise of them.
 */
const kindsOf = (ports, state) => ({
  prompt: async (command) => {
    const text = typeof command.text === "string" ? command.text : undefined
    if (text === undefined) return { ok: false, error: "no text" }
    const n = command.notification
    const args = n && typeof n === "object" ? { text: notificationText(text, n), asUser: true } : { text }
    const result = await ports.submit(args)
    return result && typeof result.drop === "string" ? { ok: false, error: oneLine(result.drop) || "dropped" } : { ok: true }
  },
  abort: async () => {
    if (state.running === undefined) return { ok: false, error: "no turn is running" }
    await ports.abort({ turnId: state.running })
    return { ok: true }
  },
  model: (command) => {
    state.model = nonBlank(command.model)
    return { ok: true }
  },
  effort: (command) => {
    if (command.effort === undefined || command.effort === null) state.effort = undefined
    else if (EFFORTS.includes(command.effort)) state.effort = command.effort
    else return { ok: false, error: "unknown effort" }
    return { ok: true }
  },
  command: async (command) => {
    const name = nonBlank(command.name)
    if (name === undefined) return { ok: false, error: "no command name" }
    await ports.runCommand({ command: name, args: typeof command.args === "string" ? command.args : "" })
    return { ok: true }
  },
  ask: async (command) => {
    const question = nonBlank(command.question)
    if (question === undefined) return { ok: false, error: "no question" }
    const result = await ports.fork({ prompt: askPrompt(question) })
    return result?.isAnswered ? { ok: true, answer: capAnswer(String(result.text)) } : { ok: false, error: forkReason(result ?? {}) }
  }
})

/** The poll loop: asks at once at the start and after every 200, backs off after anything else,
 * and ends at a 404. Each command of a 200 goes to `take`, in order. */
const pollLoop = (lich, ports, take) => {
  const pollAfter = (delay) => {
    try {
      ports.after(delay, () => void pollOnce(delay))
    } catch {
      // No timer, no loop: a mod that cannot schedule stays quiet.
    }
  }
  const pollOnce = async (delay) => {
    let commands
    try {
      const response = await ports.fetch(urlOf(lich, "/mod/commands", true), getInit())
      if (response.status === 404) return
      if (response.status === 200) commands = parseCommands(response.text)
    } catch {
      commands = undefined
    }
    if (commands === undefined) return pollAfter(nextBackoff(delay))
    for (const command of commands) take(command)
    pollAfter(0)
  }
  return () => pollAfter(0)
}

/**
 * The control loop of one session. `ports` are the `$` calls it needs, as plain functions:
 * fetch(url, init), after(ms, fn), submit({text, asUser?}), abort({turnId}),
 * runCommand({command, args}), fork({prompt}).
 */
export const createControl = (lich, ports) => {
  const state = { running: undefined, model: undefined, effort: undefined }
  const kinds = kindsOf(ports, state)
  const inOrder = lane()

  const ack = (command, result) =>
    ports.fetch(urlOf(lich, "/mod/acks"), postInit(lich, { id: command.id, kind: command.kind, ...result })).then(
      () => undefined,
      () => undefined
    )

  /** Starts `work` now (so its `$` call is made in order) and acks what it came to; resolves once acked. */
  const settle = (command, work) => {
    let done
    try {
      done = Promise.resolve(work(command))
    } catch (error) {
      done = Promise.reject(error)
    }
    return done.then(
      (result) => ack(command, result),
      (error) => ack(command, { ok: false, error: reasonOf(error) })
    )
  }

  const unknown = () => ({ ok: false, error: "unknown kind" })

  /**
   * One command, in the order received. An abort, model or effort holds the lane until its ack
   * went out (so an abort's ack never lands on the next prompt's turn); a prompt or a slash
   * command only starts in order, since its ack waits for a turn start or an idle session; a
   * side question does not queue at all — it forks while everything else goes on.
   */
  const take = (command) => {
    if (!command || typeof command !== "object" || typeof command.id !== "string") return
    const work = typeof command.kind === "string" && Object.hasOwn(kinds, command.kind) ? kinds[command.kind] : unknown
    if (command.kind === "ask") void settle(command, work)
    else if (command.kind === "prompt" || command.kind === "command") void inOrder(() => void settle(command, work))
    else void inOrder(() => settle(command, work))
  }

  return {
    start: pollLoop(lich, ports, take),
    /** A main-loop turn started (turn.start) or ended (turn.complete). */
    turnStarted: (turnId) => {
      state.running = turnId
    },
    turnEnded: (turnId) => {
      if (state.running === turnId) state.running = undefined
    },
    /** What turn.step should send instead of the engine's own choice, if anything. */
    overrides: () => ({
      ...(state.model === undefined ? {} : { model: state.model }),
      ...(state.effort === undefined ? {} : { effort: state.effort })
    })
  }
}
