/**
 * `lich errands [--project <p>] [--session <s>] [--since <window>] [--json]` (lich's own, beyond the
 * contract): the relay's timeline — every errand the running lich remembers, who asked whom, how it
 * ended, how long it took and what its target spent on it. A table, or one JSON object a line.
 */
import { Errands, MAX_ERRANDS_LISTED } from "@lich/contract"
import { Clock, Effect } from "effect"
import { call } from "../layers.js"
import { stdout } from "../output.js"
import { parseSince } from "../render/cost.js"
import { errandJsonLines, renderErrands } from "../render/errands.js"
import type { Values } from "../spec.js"
import { Usage } from "../usage.js"
import { sender } from "./sender.js"

export const errands = (v: Values) =>
  Effect.gen(function* () {
    const since = v.text("since")
    const sinceMs = since === "" ? 0 : parseSince(since)
    if (sinceMs === undefined) return yield* new Usage({ message: `--since takes a window such as 7d, 24h or 90m, not "${since}"` })
    const payload = { from: sender(), project: v.text("project"), session: v.text("session"), sinceMs, limit: MAX_ERRANDS_LISTED }
    const list = yield* call("relay", Errands, payload)
    if (v.flag("json")) return list.records.length === 0 ? undefined : yield* stdout(errandJsonLines(list))
    yield* stdout(renderErrands(list, yield* Clock.currentTimeMillis))
  })
