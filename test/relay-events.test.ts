/**
 * What the window hears of the relay, on the real /events socket: the relay mark on both cards once
 * the task is typed (ticket included), cleared when the errand closes; the stall toast's event; and
 * inbox counts.
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, type Events, startBackend, waitForJson, watchEvents } from "./harness.js"

let b: Backend
let watch: Events
/** Events received since the last reset: each test reads only its own. */
let from = 0
const events = { reset: () => (from = watch.seen().length) }

beforeAll(async () => {
  b = await startBackend({
    LICH_CLAUDE_BIN: agent("hooked-replier"),
    LICH_OPENCODE_BIN: agent("hooked-silent"),
    LICH_CRUSH_BIN: agent("mute"),
    LICH_OMP_BIN: agent("slow-replier")
  })
  watch = await watchEvents(b)
})
afterAll(async () => {
  watch?.close()
  await b?.stop()
})

/** Resolves once an event matching `match` has arrived (now or later) since the last reset. */
const until = (match: (e: Record<string, unknown>) => boolean) => {
  const start = from
  return watch.until((e) => watch.seen().indexOf(e) >= start && match(e))
}

const open = async (kind: string) => {
  const s = JSON.parse((await b.lich(["open", "--project", b.project("ev"), "--kind", kind, "--json"])).stdout)
  await waitForJson(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
  return s as { id: string; label: string }
}

describe("relay events", () => {
  it("marks both cards with the ticket while the errand is open and clears both when it closes", async () => {
    const sender = await open("crush")
    const target = await open("claude")
    events.reset()
    const r = await b.lich(["send", "--json", target.label, "mark me"], { LICH_SESSION_ID: sender.id })
    const { ticket } = JSON.parse(r.stdout)
    const inMark = await until((e) => e._tag === "session-relay" && e.id === target.id && e.direction === "in")
    expect(inMark).toEqual({ _tag: "session-relay", id: target.id, peer: sender.label, direction: "in", ticket })
    expect(await until((e) => e._tag === "session-relay" && e.id === sender.id && e.direction === "out")).toMatchObject({
      peer: target.label,
      ticket
    })
    await until((e) => e._tag === "session-relay" && e.id === target.id && e.direction === "" && e.ticket === "")
    await until((e) => e._tag === "session-relay" && e.id === sender.id && e.direction === "")
  })

  it("raises the stall event for the sender when the target's turn ends unanswered", async () => {
    const sender = await open("crush")
    const target = await open("opencode")
    events.reset()
    const r = await b.lich(["send", target.label, "ignore me"], { LICH_SESSION_ID: sender.id })
    expect(r.code).toBe(3)
    const stall = await until((e) => e._tag === "session-relay-stalled")
    expect(stall).toEqual({ _tag: "session-relay-stalled", id: sender.id, targetId: target.id, target: target.label })
  })

  it("counts a session sender's inbox when a result lands after its wait gave up", async () => {
    const sender = await open("crush")
    const target = await open("omp")
    events.reset()
    const r = await b.lich(["send", "--timeout", "1", target.label, "slowly"], { LICH_SESSION_ID: sender.id })
    expect(r.code).toBe(2)
    expect(await until((e) => e._tag === "session-inbox" && e.id === sender.id)).toEqual({ _tag: "session-inbox", id: sender.id, count: 1 })
  })
})
