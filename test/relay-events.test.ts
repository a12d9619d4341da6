/**
 * What the window hears of the relay, on the real /events socket: the relay mark on both cards once
 * the task is typed (ticket included), cleared when the errand closes; the stall toast's event; and
 * inbox counts.
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { agent, type Backend, startBackend, tokenOf, waitForJson } from "./harness.js"

let b: Backend
let events: Array<Record<string, unknown>> = []
let socket: WebSocket
const waiters: Array<() => void> = []

beforeAll(async () => {
  b = await startBackend({
    LICH_CLAUDE_BIN: agent("hooked-replier"),
    LICH_OPENCODE_BIN: agent("hooked-silent"),
    LICH_CRUSH_BIN: agent("mute"),
    LICH_OMP_BIN: agent("slow-replier")
  })
  const token = tokenOf(b)
  socket = new WebSocket(`ws://127.0.0.1:${b.port}/events?token=${token}`)
  socket.on("message", (d) => {
    events.push(JSON.parse(String(d)))
    for (const w of waiters.splice(0)) w()
  })
  await new Promise((r) => socket.once("open", r))
})
afterAll(async () => {
  socket?.close()
  await b?.stop()
})

/** Resolves once an event matching `match` has arrived (now or later). */
const until = (match: (e: Record<string, unknown>) => boolean) =>
  new Promise<Record<string, unknown>>((resolve) => {
    const look = () => {
      const hit = events.find(match)
      if (hit) resolve(hit)
      else waiters.push(look)
    }
    look()
  })

const open = async (kind: string) => {
  const s = JSON.parse((await b.lich(["open", "--project", b.project("ev"), "--kind", kind, "--json"])).stdout)
  await waitForJson(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
  return s as { id: string; label: string }
}

describe("relay events", () => {
  it("marks both cards with the ticket while the errand is open and clears both when it closes", async () => {
    const sender = await open("crush")
    const target = await open("claude")
    events = []
    const r = await b.lich(["send", "--json", target.label, "mark me"], { LICH_SESSION_ID: sender.id })
    const { ticket } = JSON.parse(r.stdout)
    const inMark = await until((e) => e._tag === "session-relay" && e.id === target.id && e.direction === "in")
    expect(inMark).toEqual({ _tag: "session-relay", id: target.id, peer: sender.label, direction: "in", ticket })
    expect(await until((e) => e._tag === "session-relay" && e.id === sender.id && e.direction === "out")).toMatchObject({ peer: target.label, ticket })
    await until((e) => e._tag === "session-relay" && e.id === target.id && e.direction === "" && e.ticket === "")
    await until((e) => e._tag === "session-relay" && e.id === sender.id && e.direction === "")
  })

  it("raises the stall event for the sender when the target's turn ends unanswered", async () => {
    const sender = await open("crush")
    const target = await open("opencode")
    events = []
    const r = await b.lich(["send", target.label, "ignore me"], { LICH_SESSION_ID: sender.id })
    expect(r.code).toBe(3)
    const stall = await until((e) => e._tag === "session-relay-stalled")
    expect(stall).toEqual({ _tag: "session-relay-stalled", id: sender.id, targetId: target.id, target: target.label })
  })

  it("counts a session sender's inbox when a result lands after its wait gave up", async () => {
    const sender = await open("crush")
    const target = await open("omp")
    events = []
    const r = await b.lich(["send", "--timeout", "1", target.label, "slowly"], { LICH_SESSION_ID: sender.id })
    expect(r.code).toBe(2)
    expect(await until((e) => e._tag === "session-inbox" && e.id === sender.id)).toEqual({ _tag: "session-inbox", id: sender.id, count: 1 })
  })
})
