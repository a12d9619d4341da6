/**
 * `lich errands [--project <p>] [--session <s>] [--since <window>] [--json]` (lich's own, beyond the
 * contract): the relay's timeline — every errand the running lich remembers, who asked whom, how it
 * ended, how long it took and what its target spent on it. A table, or one JSON object a line. A
 * plain command (spec.ts).
 */
import { MAX_ERRANDS_LISTED } from "@lich/contract"
import { exitCodes } from "../exitCodes.js"
import { parseSince } from "../render/cost.js"
import { errandJsonLines, renderErrands } from "../render/errands.js"
import type { Ending, Values } from "../spec.js"
import { callPlain } from "../wire/call.js"
import { ended, usageEnding } from "./ending.js"
import { sender } from "./sender.js"

export const errands = async (v: Values): Promise<Ending> => {
  const since = v.text("since")
  const sinceMs = since === "" ? 0 : parseSince(since)
  if (sinceMs === undefined) return usageEnding(`--since takes a window such as 7d, 24h or 90m, not "${since}"`)
  const payload = { from: sender(), project: v.text("project"), session: v.text("session"), sinceMs, limit: MAX_ERRANDS_LISTED }
  const list = await callPlain("relay.Errands", payload)
  if (!list.ok) return ended(list, false, () => "")
  // One JSON object a line, and with no errands no line at all.
  if (v.flag("json"))
    return list.value.records.length === 0 ? { _tag: "quiet", code: exitCodes.answered } : ended(list, false, errandJsonLines)
  return ended(list, false, (l) => renderErrands(l, Date.now()))
}
