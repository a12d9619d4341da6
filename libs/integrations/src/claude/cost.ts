/**
 * Claude Code's transcripts (`<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<slug>/<session>.jsonl`, and
 * its subagents' `…/<session>/subagents/*.jsonl` beside it, one ledger row each: `<id>` and `<id>/<file>`): every `assistant` line carries the API's `message.usage`. One API response is
 * written as several lines (one per content block) repeating the same id and usage, so a line whose
 * message id equals the last one counted is the same turn again. Anthropic's `input_tokens` is the
 * uncached part only; the catalogue wants every input token, so cache reads and writes are added.
 */

import * as fs from "node:fs"
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

/** Where Claude Code keeps its transcripts, in the sessions' environment. */
export const claudeRoot = (env: Readonly<Record<string, string | undefined>>, home: string): string =>
  env.CLAUDE_CONFIG_DIR && path.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : path.join(home, ".claude")

export const claudeTranscripts = (root: string, sessionId: string): ReadonlyArray<Transcript> => {
  if (!safeId(sessionId)) return []
  const projects = path.join(root, "projects")
  const out: Array<Transcript> = []
  for (const slug of listDir(projects)) {
    const main = path.join(projects, slug, `${sessionId}.jsonl`)
    if (fs.existsSync(main)) out.push({ id: sessionId, file: main })
    const subagents = path.join(projects, slug, sessionId, "subagents")
    for (const f of listDir(subagents)
      .filter((n) => n.endsWith(".jsonl"))
      .sort())
      out.push({ id: `${sessionId}/${f}`, file: path.join(subagents, f) })
  }
  return out
}

export const claudeCost = (root: string): CostReader => ({
  source: "priced",
  transcripts: (s) => claudeTranscripts(root, s.providerSessionId),
  scan: scanClaude
})
