/**
 * bench/timeline.mjs's recording half, bundled by it: the relay's pure steps for N hand-offs (sent,
 * probed, prompted, typed, the turn started, answered) run twice in one process — the event's own
 * transition alone (`handle`, the relay without the timeline) and the full `step` (its journal act
 * and the timeline's marks) — interleaved ROUNDS times; then the marks those steps made go through
 * the timeline's log over a real SQLite file (memory, flush, one transaction per flush). Prints JSON.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { EventHub } from "@lich/events"
import { StoreLive } from "@lich/store"
import { Effect, Layer } from "effect"
import type { Act } from "../../libs/relay/src/acts.js"
import { ErrandLog } from "../../libs/relay/src/errandLog.js"
import type { RelayState } from "../../libs/relay/src/state.js"
import { emptyState } from "../../libs/relay/src/state.js"
import { errand } from "../../libs/relay/src/testState.js"
import { handle, type RelayEvent, step } from "../../libs/relay/src/transitions.js"

const N = Number(process.env.ERRANDS ?? 2000)
const ROUNDS = Number(process.env.ROUNDS ?? 5)

/** One hand-off's events, each built from the state it meets (the act numbers it must answer). */
const handOff = (i: number): Array<(s: RelayState) => RelayEvent> => {
  const ticket = `e${i.toString(16).padStart(7, "0")}`
  const target = `w${i}`
  const seq = (s: RelayState) => s.deliveries.get(ticket)?.seq ?? 0
  const probe = { mod: false, attached: false, plugin: "", dialog: undefined, live: true, graceMs: 0 }
  return [
    () => ({ _tag: "Opened", errand: errand({ ticket, targetId: target, targetLabel: `worker-${i}`, prompt: `task ${i}` }) }),
    (s) => ({ _tag: "Probed", ticket, seq: seq(s), probe }),
    (s) => ({ _tag: "Prompted", ticket, seq: seq(s), ready: true }),
    (s) => ({ _tag: "Typed", ticket, seq: seq(s), ok: true }),
    () => ({ _tag: "Reported", id: target, state: "busy", reason: "" }),
    () => ({ _tag: "Closed", ticket, outcome: { status: "answered", answer: `done ${i}` } })
  ]
}

const run = (f: typeof step, keep?: Array<Act>) => {
  let s = emptyState()
  let events = 0
  const t0 = process.cpuUsage()
  for (let i = 0; i < N; i++) {
    for (const make of handOff(i)) {
      const n = f(s, make(s) as never, 1_000 + i)
      s = n.state
      events++
      if (keep) for (const a of n.acts) if (a._tag === "chronicle") keep.push(a)
    }
  }
  const used = process.cpuUsage(t0)
  return { events, cpuUs: used.user + used.system }
}

const main = async () => {
  const bare: Array<number> = []
  const full: Array<number> = []
  let events = 0
  for (let r = 0; r < ROUNDS; r++) {
    const a = run(handle as typeof step)
    const b = run(step)
    events = a.events
    bare.push(a.cpuUs)
    full.push(b.cpuUs)
  }
  const marks: Array<Act> = []
  run(step, marks)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lich-bench-timeline-"))
  const layer = ErrandLog.layer.pipe(Layer.provideMerge(Layer.merge(StoreLive(path.join(dir, "lich.db")), EventHub.layer)))
  const log = await Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const l = yield* ErrandLog
        const t0 = process.cpuUsage()
        for (const a of marks) if (a._tag === "chronicle") yield* l.mark(a.at, a.marks)
        const t1 = process.cpuUsage(t0)
        // One flush for the lot is the best case; the debounce makes a few per fan-out in practice.
        yield* l.flush
        const t2 = process.cpuUsage(t0)
        return { markUs: t1.user + t1.system, flushUs: t2.user + t2.system - (t1.user + t1.system) }
      })
    ).pipe(Effect.provide(layer))
  )
  fs.rmSync(dir, { recursive: true, force: true })
  const median = (xs: Array<number>) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
  console.log(JSON.stringify({ errands: N, events, bareUs: median(bare), fullUs: median(full), ...log }))
}

void main()
