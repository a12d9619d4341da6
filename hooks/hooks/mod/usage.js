// mod-usage: hands lich what Claude Code measured about this session — its context window and how
// full it is, the plan's rate-limit windows, and the cost so far — on POST /mod/usage
// (docs/hooks/mod-usage.md). Claude Code raises session.measure at the start, after each
// main-thread turn and when a rate-limit window moves; lich keeps the latest per session.
//
// Posts go one at a time, and a burst folds into its newest reading: only the latest figure is
// worth anything to lich, and a backlog of stale ones would arrive out of date. A 404 (lich no
// longer runs this session) stops the mod for good.

import { postInit, urlOf } from "./wire.js"

/**
 * The /mod/usage body (without session_id, which postInit adds) for one session.measure. A spend
 * limit past its cap reads over 100 in Claude Code; lich takes 0–100 and would refuse the whole
 * reading for it, so a window's use is held to 100 ("used up").
 */
export const usageBody = (conversationId, measure) => {
  const context = measure.context ?? {}
  const body = {
    conversation_id: conversationId,
    context: {
      window: context.window,
      ...(typeof context.tokens === "number" ? { tokens: context.tokens } : {}),
      ...(typeof context.percent === "number" ? { percent: context.percent } : {})
    },
    rate_limits: (measure.rateLimits ?? []).map((limit) => ({
      kind: limit.kind,
      percent_used: Math.min(Math.max(limit.percentUsed, 0), 100),
      ...(typeof limit.resetsAt === "string" ? { resets_at: limit.resetsAt } : {})
    }))
  }
  return typeof measure.cost?.usd === "number" ? { ...body, cost_usd: measure.cost.usd } : body
}

/** `ports`: fetch(url, init), conversationId() → the conversation's id ($.session.id()). */
export const createUsage = (lich, ports) => {
  let stopped = false
  let sending = false
  /** The newest reading not yet sent; a later one replaces it. */
  let pending

  const drain = async () => {
    sending = true
    while (pending !== undefined && !stopped) {
      const measure = pending
      pending = undefined
      try {
        const id = await ports.conversationId()
        const response = await ports.fetch(urlOf(lich, "/mod/usage"), postInit(lich, usageBody(id, measure)))
        if (response.status === 404) stopped = true
      } catch {
        // Dropped: the next measurement carries the same figures, newer.
      }
    }
    sending = false
  }

  return {
    measured: (measure) => {
      if (stopped) return
      pending = measure
      if (!sending) void drain()
    },
    isStopped: () => stopped
  }
}
