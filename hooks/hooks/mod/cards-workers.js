// The workers agent-cards opened and still counts: the footer's `lich: N workers`, read from
// `$LICH_BIN sessions --json` every 5 s while any runs, and TaskStop of one of them (close in this
// checkout, `control … abort` for an isolated one). Claude Code does not track a worker as a task,
// so this roster is the only place that knows them; a reload forgets it.

import { reasonLine } from "./cards-open.js"

/** 5 s: what Claude Code's own background-agent hint lags by, and one local `lich sessions` per 5 s is cheap. */
export const WORKERS_EVERY_MS = 5000
/** A `lich sessions` answers at once; 10 s is a lich that hangs, read as "could not list". */
const SESSIONS_TIMEOUT_MS = 10000
/** close and control wait for the session (control up to 10 s to confirm); 30 s covers both. */
const STOP_TIMEOUT_MS = 30000

/** The rows of `lich sessions --json`, or undefined when it printed no array. */
export const parseSessions = (stdout) => {
  try {
    const value = JSON.parse(String(stdout ?? "").trim())
    return Array.isArray(value) ? value.filter((row) => row && typeof row === "object") : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `worker` has finished by the roster lich listed: one in this checkout once lich no longer
 * lists it (lich closes it after it reported and its turn ended; a turn that left a command in the
 * background is `done` without being finished), an isolated one, which keeps its card, once its
 * turn is listed `done`, or it is gone.
 */
export const finished = (worker, rows) => {
  const row = rows.find((r) => r.name === worker.name)
  if (row === undefined) return true
  return worker.isolated && row.state === "done"
}

// The functions below share one record `w`: { bin, text, ports, running, polling } — lich's binary,
// the prompt texts, the session-wide ports, roster name → { name, label, path, isolated, branch,
// description }, and whether a read is scheduled.

const redraw = (w) => {
  try {
    w.ports.invalidate()
  } catch {
    // The footer catches up at its next redraw.
  }
}

const readAfter = (w) => {
  w.polling = true
  try {
    w.ports.after(WORKERS_EVERY_MS, () => void readOnce(w))
  } catch {
    w.polling = false
  }
}

const readOnce = async (w) => {
  let rows
  try {
    const run = await w.ports.run([w.bin, "sessions", "--json"], { timeoutMs: SESSIONS_TIMEOUT_MS })
    rows = run.exitCode === 0 ? parseSessions(run.stdout) : undefined
  } catch {
    rows = undefined
  }
  // A list lich could not give leaves the count as it was until the next read.
  if (rows !== undefined) {
    const before = w.running.size
    for (const worker of [...w.running.values()]) if (finished(worker, rows)) w.running.delete(worker.name)
    if (w.running.size !== before) redraw(w)
  }
  if (w.running.size > 0) readAfter(w)
  else w.polling = false
}

/** TaskStop of a worker: close it in this checkout, stop its turn in a worktree of its own. */
const stop = async (w, worker, taskId, run) => {
  const argv = worker.isolated ? [w.bin, "control", worker.name, "abort"] : [w.bin, "close", worker.name]
  let result
  try {
    result = await run(argv, { timeoutMs: STOP_TIMEOUT_MS })
  } catch (error) {
    return { deny: w.text.stopRefused(worker, error instanceof Error ? error.message : "lich did not answer") }
  }
  // control: 2 = taken and not yet confirmed (it still goes through), 3 = the session ended first.
  const stopped = result.exitCode === 0 || (worker.isolated && (result.exitCode === 2 || result.exitCode === 3))
  if (!stopped) return { deny: w.text.stopRefused(worker, reasonLine(result, `exit ${result.exitCode}`)) }
  if (w.running.delete(worker.name)) redraw(w)
  return {
    result: {
      message: worker.isolated ? w.text.aborted(worker) : w.text.closed(worker),
      task_id: taskId,
      task_type: "local_agent",
      command: worker.description
    }
  }
}

/**
 * `ports` (session-wide, for the poll): run(argv, init), after(ms, fn), invalidate().
 * `text`: the prompt-text catalogue, for TaskStop's answers.
 */
export const createWorkers = (bin, text, ports) => {
  const w = { bin, text, ports, running: new Map(), polling: false }
  return {
    /** A worker lich opened and handed its task: counted from now until it finishes. */
    add: (worker) => {
      w.running.set(worker.name, worker)
      redraw(w)
      if (!w.polling) readAfter(w)
    },
    /** The worker a TaskStop's task id names, if this mod opened it and still counts it. */
    named: (taskId) => (typeof taskId === "string" ? w.running.get(taskId) : undefined),
    stop: (worker, taskId, run) => stop(w, worker, taskId, run),
    count: () => w.running.size
  }
}
