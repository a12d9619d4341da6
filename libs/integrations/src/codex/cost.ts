/**
 * Codex's rollouts (`<codex home>/sessions/YYYY/MM/DD/rollout-<time>-<thread>.jsonl`): each
 * `event_msg` of type `token_count` carries the last response's usage and the thread's running
 * total; the model is the one the latest `turn_context` names. Codex repeats a token_count with
 * the same total (a rate-limit update), so a total that did not grow is not a turn. OpenAI's
 * `input_tokens` already includes the cached ones, and `output_tokens` the reasoning ones.
 */

import * as path from "node:path"
import {
  type CostReader,
  listDir,
  num,
  obj,
  type Pricer,
  type ScanState,
  SKIP,
  STOP,
  type Step,
  safeId,
  scanLines,
  type Transcript,
  timeOf
} from "@lich/cost"

/** The cursor is `<running total> <model>`: both are needed to resume mid-file. */
const parse = (cursor: string) => {
  const [total = "0", ...model] = cursor.split(" ")
  return { total: Number(total) || 0, model: model.join(" ") }
}
const cursorOf = (total: number, model: string) => `${total} ${model}`

export const stepCodex =
  (price: Pricer) =>
  (line: unknown, s: ScanState): Step => {
    const l = obj(line)
    const p = obj(l.payload)
    const c = parse(s.cursor)
    if (l.type === "turn_context" && typeof p.model === "string") {
      return { _tag: "count", state: { ...s, cursor: cursorOf(c.total, p.model) } }
    }
    if (l.type !== "event_msg" || p.type !== "token_count") return SKIP
    const info = obj(p.info)
    const total = num(obj(info.total_token_usage).total_tokens)
    if (total <= c.total) return SKIP
    const last = obj(info.last_token_usage)
    const input = num(last.input_tokens)
    const cost = price("openai", c.model, {
      input,
      cacheRead: Math.min(num(last.cached_input_tokens), input),
      cacheWrite: 0,
      cacheWrite1h: 0,
      output: num(last.output_tokens)
    })
    if (cost === undefined) return STOP
    return {
      _tag: "count",
      state: {
        ...s,
        cursor: cursorOf(total, c.model),
        costUsd: s.costUsd + cost,
        activityAt: timeOf(l.timestamp, s.activityAt),
        counted: s.counted + 1
      }
    }
  }

export const scanCodex = (chunk: Buffer, state: ScanState, price: Pricer): ScanState => scanLines(chunk, state, stepCodex(price))

/** Codex's rollout for a thread, newest day first: a running session's file is usually today's. */
export const codexTranscript = (root: string, threadId: string): Transcript | undefined => {
  if (!safeId(threadId)) return undefined
  const sessions = path.join(root, "sessions")
  const desc = (dir: string) => listDir(dir).sort().reverse()
  for (const y of desc(sessions)) {
    for (const m of desc(path.join(sessions, y))) {
      for (const d of desc(path.join(sessions, y, m))) {
        const dir = path.join(sessions, y, m, d)
        const hit = listDir(dir).find((f) => f.startsWith("rollout-") && f.endsWith(`-${threadId}.jsonl`))
        if (hit !== undefined) return { id: threadId, file: path.join(dir, hit) }
      }
    }
  }
  return undefined
}

/** `root` is $CODEX_HOME (codexHome). A rollout is found by walking the day folders once; its path never changes after. */
export const codexCost = (root: string): CostReader => {
  const known = new Map<string, Transcript>()
  return {
    source: "priced",
    transcripts: (s) => {
      const t = known.get(s.providerSessionId) ?? codexTranscript(root, s.providerSessionId)
      if (t !== undefined) known.set(s.providerSessionId, t)
      return t === undefined ? [] : [t]
    },
    scan: scanCodex
  }
}
