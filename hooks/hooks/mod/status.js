// mod-status: a dim line in Claude Code's prompt footer saying what this session's lich errands
// are — answers it owes, tasks it sent that are still out, answers waiting to be collected — so
// the person sees them without asking lich (docs/hooks/mod-status.md). It reads GET /mod/status,
// a read-only view that changes nothing in the relay, at the start and every 5 s.
//
// A failed read shows nothing rather than a stale line; a 404 (lich no longer runs this session)
// ends the polling for good. The line is drawn by lich.js's ui.render hook on SessionMode.

import { getInit, urlOf } from "./wire.js"

/** 5 s: an errand's state moves on the scale of a turn, and a local GET every 5 s costs nothing. */
export const STATUS_EVERY_MS = 5000

const plural = (n, one, many) => (n === 1 ? one : many)

const owedPart = (owed) => {
  if (owed.length === 0) return undefined
  const senders = [...new Set(owed.map((o) => (typeof o.from === "string" ? o.from : "")))]
  const who = (from) => (from === "" ? "the command line" : `"${from}"`)
  if (owed.length === 1) return `owes ${who(senders[0])} an answer`
  if (senders.length === 1) return `owes ${who(senders[0])} ${owed.length} answers`
  return `owes ${senders.length} sessions answers`
}

const openPart = (open) => {
  if (open.length === 0) return undefined
  const waiting = open.filter((o) => o.state === "waiting").length
  return `${open.length} ${plural(open.length, "task", "tasks")} out${waiting > 0 ? ` (${waiting} waiting)` : ""}`
}

const readyPart = (ready) => (ready.length === 0 ? undefined : `${ready.length} ${plural(ready.length, "answer", "answers")} to collect`)

const listOf = (value) => (Array.isArray(value) ? value.filter((x) => x && typeof x === "object") : [])

/** The footer text for a /mod/status view, or undefined when there is nothing to say. */
export const statusLine = (view) => {
  const parts = [owedPart(listOf(view?.owed)), openPart(listOf(view?.open)), readyPart(listOf(view?.ready))].filter(
    (part) => part !== undefined
  )
  return parts.length === 0 ? undefined : `lich: ${parts.join(" · ")}`
}

/**
 * The footer text for the workers agent-cards still counts (docs/hooks/agent-cards.md), shown only
 * while the errands line is empty: that line counts every worker already, as a task out.
 */
export const workersLine = (count) => (count > 0 ? `lich: ${count} ${plural(count, "worker", "workers")}` : undefined)

const parseView = (text) => {
  try {
    const value = JSON.parse(text)
    return value && typeof value === "object" && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** `ports`: fetch(url, init), after(ms, fn), invalidate() — redraw the footer. */
export const createStatus = (lich, ports) => {
  let line

  const show = (next) => {
    if (next === line) return
    line = next
    try {
      ports.invalidate()
    } catch {
      // The footer catches up at its next redraw.
    }
  }

  const readAfter = (delay) => {
    try {
      ports.after(delay, () => void readOnce())
    } catch {
      // No timer: the footer stays as it is.
    }
  }

  const readOnce = async () => {
    try {
      const response = await ports.fetch(urlOf(lich, "/mod/status", true), getInit())
      if (response.status === 404) return show(undefined)
      show(response.status === 200 ? statusLine(parseView(response.text)) : undefined)
    } catch {
      show(undefined)
    }
    readAfter(STATUS_EVERY_MS)
  }

  return {
    start: () => readAfter(0),
    /** What the footer shows now, if anything. */
    line: () => line
  }
}
