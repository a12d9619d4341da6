/**
 * What an oh-my-pi session cost, as oh-my-pi computed it: every assistant message in its session
 * file carries `usage.cost.total` (USD, from the model's prices or the API's own figure), so the
 * ledger records their sum as *reported*. Session files are `<agentDir>/sessions/<cwd as a
 * folder name>/<ISO time>_<session id>.jsonl`, found by the full id (a UUIDv7: prefixes collide).
 */

import * as path from "node:path"
import { type CostReader, listDir, num, obj, type ScanState, SKIP, type Step, safeId, scanLines, type Transcript, timeOf } from "@lich/cost"

export const stepOmp = (line: unknown, s: ScanState): Step => {
  const l = obj(line)
  if (l.type !== "message") return SKIP
  const m = obj(l.message)
  if (m.role !== "assistant") return SKIP
  const cost = num(obj(obj(m.usage).cost).total)
  if (cost === 0) return SKIP
  return {
    _tag: "count",
    state: { ...s, costUsd: s.costUsd + cost, activityAt: timeOf(l.timestamp ?? m.timestamp, s.activityAt), counted: s.counted + 1 }
  }
}

export const scanOmp = (chunk: Buffer, s: ScanState): ScanState => scanLines(chunk, s, stepOmp)

export const ompTranscript = (agentDir: string, id: string): Transcript | undefined => {
  if (!safeId(id)) return undefined
  const root = path.join(agentDir, "sessions")
  for (const dir of listDir(root)) {
    const hit = listDir(path.join(root, dir)).find((f) => f.endsWith(`_${id}.jsonl`))
    if (hit !== undefined) return { id, file: path.join(root, dir, hit) }
  }
  return undefined
}

export const ompCost = (agentDir: string): CostReader => {
  const known = new Map<string, Transcript>()
  return {
    source: "reported",
    transcripts: (s) => {
      const t = known.get(s.providerSessionId) ?? ompTranscript(agentDir, s.providerSessionId)
      if (t !== undefined) known.set(s.providerSessionId, t)
      return t === undefined ? [] : [t]
    },
    scan: (chunk, s) => scanOmp(chunk, s)
  }
}
