/**
 * A hand-off waits for the turn the previous task started, not only for a quiet screen. The target
 * here reports busy 1.5 s after each submission, as a hook does on a loaded machine: with the quiet
 * rule alone the second task was typed 600 ms after the first, both saw the first turn's busy, and
 * that turn's done closed the second as unanswered ("answered somewhere else") though the agent
 * went on to answer it. Readiness now holds a session whose hooks report turns (its session-start
 * said so, or a report came) from lich's Enter until its next report (libs/terminal Readiness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, type Events, post, startBackend, watchEvents } from "./harness.js"

let b: Backend
let events: Events
beforeAll(async () => {
  b = await startBackend({ LICH_CLAUDE_BIN: agent("slow-starter") })
  events = await watchEvents(b)
})
afterAll(async () => {
  events?.close()
  await b?.stop()
})

const send = (target: string, prompt: string) =>
  post(b, "/rpc/relay.Send", { from: "", target, project: "", prompt, timeout: 60, private: false }).then((r) => r.json())

describe("two tasks for one session whose busy report is slow", () => {
  it("are both answered: the second is typed only once the first one's turn has started", async () => {
    const r = await b.lich(["open", "--project", b.project("slow-start"), "--kind", "claude", "--json"])
    const t = JSON.parse(r.stdout) as { id: string }
    // The agent's session-start has been applied: lich knows this session reports its turns.
    await events.until((e) => e._tag === "session-agent" && e.id === t.id)
    const [first, second] = await Promise.all([send(t.id, "first task"), send(t.id, "second task")])
    expect([first.status, first.answer]).toEqual(["answered", "echo: first task"])
    expect([second.status, second.answer]).toEqual(["answered", "echo: second task"])
  }, 60_000)
})
