// mod-answer (worker-answer): a worker lich opened for another session answers the way a native
// subagent does — its last message is the result (docs/hooks/mod-answer.md). When a turn of the
// main conversation ends with an answer and nothing left running in the background, the mod posts
// that answer to POST /mod/answer, and lich answers the worker's one open errand with it.
//
// Two of Claude Code's events are needed: the Stop hook's input is the only one that lists the
// background tasks still running, and turn.complete the only one that says how the turn ended (an
// answer, not an abort, a refusal or an error). The mod pairs them, in whichever order they come,
// and posts only when both agree on the text. It runs only in a worker (lich.js decides:
// LICH_SUBAGENT_DEPTH above 0, or LICH_SUBAGENT_CARDS=off under a lich older than that variable),
// since elsewhere the session answers its errands itself, with `lich reply`.

import { capAnswer } from "./control.js"
import { postInit, urlOf } from "./wire.js"

/** The text a Stop leaves to answer with, or null when the turn is not an answer to post. */
export const stopAnswer = (e) => {
  if (e.agent_id !== undefined) return undefined
  const busy = Array.isArray(e.background_tasks) && e.background_tasks.length > 0
  const text = typeof e.last_assistant_message === "string" ? e.last_assistant_message.trim() : ""
  return busy || text === "" ? null : text
}

/** `ports`: fetch(url, init). */
export const createAnswer = (lich, ports) => {
  /** What the main loop's last Stop left (a text, or null for nothing to post); undefined: none yet. */
  let stop
  /** The main loop's last answered turn.complete; undefined: none yet. */
  let complete

  const reset = () => {
    stop = undefined
    complete = undefined
  }

  const pair = () => {
    if (stop === undefined || complete === undefined) return
    const text = stop !== null && stop === complete ? stop : undefined
    reset()
    if (text === undefined) return
    void ports.fetch(urlOf(lich, "/mod/answer"), postInit(lich, { text: capAnswer(text) })).then(
      () => undefined,
      () => undefined
    )
  }

  return {
    /** classic.Stop: the main loop's turn ended; what it left, and whether work still runs. */
    stopped: (e) => {
      const answer = stopAnswer(e)
      if (answer === undefined) return
      stop = answer
      pair()
    },
    /** turn.complete of the main loop: only an answer that was not aborted can be one. */
    completed: (e) => {
      if (e.agentId !== undefined) return
      if (e.reason !== "answer" || e.isAborted) return reset()
      complete = typeof e.answer === "string" ? e.answer.trim() : ""
      pair()
    }
  }
}
