/**
 * Claude Code's transcripts (`<claude dir>/projects/<slug>/<session>.jsonl`, and its subagents'
 * beside it): every `assistant` line carries the API's `message.usage`. One API response is
 * written as several lines (one per content block) repeating the same id and usage, so a line whose
 * message id equals the last one counted is the same turn again. Anthropic's `input_tokens` is the
 * uncached part only; the catalogue wants every input token, so cache reads and writes are added.
 */
import type { Pricer } from "./pricing.js"
import { num, obj, type ScanState, scanLines, SKIP, type Step, STOP, timeOf } from "./lines.js"

export const stepClaude =
  (price: Pricer) =>
  (line: unknown, s: ScanState): Step => {
    const l = obj(line)
    if (l.type !== "assistant") return SKIP
    const m = obj(l.message)
    const u = obj(m.usage)
    if (Object.keys(u).length === 0) return SKIP
    const id = typeof m.id === "string" ? m.id : ""
    if (id !== "" && id === s.cursor) return SKIP
    const uncached = num(u.input_tokens)
    const cacheRead = num(u.cache_read_input_tokens)
    const cacheWrite = num(u.cache_creation_input_tokens)
    const output = num(u.output_tokens)
    if (uncached + cacheRead + cacheWrite + output === 0) return SKIP
    const cacheWrite1h = Math.min(num(obj(u.cache_creation).ephemeral_1h_input_tokens), cacheWrite)
    const model = typeof m.model === "string" ? m.model : ""
    const cost = price("anthropic", model, { input: uncached + cacheRead + cacheWrite, cacheRead, cacheWrite, cacheWrite1h, output })
    if (cost === undefined) return STOP
    return {
      _tag: "count",
      state: { ...s, cursor: id, costUsd: s.costUsd + cost, activityAt: timeOf(l.timestamp, s.activityAt), counted: s.counted + 1 }
    }
  }

export const scanClaude = (chunk: Buffer, state: ScanState, price: Pricer): ScanState => scanLines(chunk, state, stepClaude(price))
