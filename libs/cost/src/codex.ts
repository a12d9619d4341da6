/**
 * Codex's rollouts (`<codex home>/sessions/YYYY/MM/DD/rollout-<time>-<thread>.jsonl`): each
 * `event_msg` of type `token_count` carries the last response's usage and the thread's running
 * total; the model is the one the latest `turn_context` names. Codex repeats a token_count with
 * the same total (a rate-limit update), so a total that did not grow is not a turn. OpenAI's
 * `input_tokens` already includes the cached ones, and `output_tokens` the reasoning ones.
 */
import { num, obj, type ScanState, scanLines, SKIP, type Step, STOP, timeOf } from "./lines.js"
import type { Pricer } from "./pricing.js"

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
