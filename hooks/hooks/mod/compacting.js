// mod-compacting: tells lich the session is compacting its context, which can take a minute and
// otherwise looks like a finished turn or a hung one (docs/hooks/session-state.md). Around
// Claude Code's session.compact it posts state `compacting` to /hook, then the state the session
// is really in once the summary is done: `done` after a /compact the person (or lich) ran, `busy`
// after an automatic one, which happens mid-turn.
//
// Only the main conversation counts: a subagent compacting its own transcript (an agentId) says
// nothing about whether this session can take a message. The posts go out in order on a lane of
// their own, and the compaction never waits for them.

import { lane, postInit, urlOf } from "./wire.js"

/** The state each trigger closes with; other triggers (a plugin's, the ahead-of-time precompute)
 * are not bracketed: the session is not held up by them. */
export const CLOSING = { manual: "done", auto: "busy" }

/** `ports`: fetch(url, init). */
export const createCompacting = (lich, ports) => {
  const inOrder = lane()
  const report = (state) => inOrder(() => ports.fetch(urlOf(lich, "/hook"), postInit(lich, { state })))

  return {
    /** Brackets `compact` (the rest of the chain) when `e` is the main conversation's. */
    around: async (e, compact) => {
      const closing = CLOSING[e.trigger]
      if (closing === undefined || e.agentId !== undefined) return compact()
      void report("compacting")
      try {
        return await compact()
      } finally {
        void report(closing)
      }
    }
  }
}
