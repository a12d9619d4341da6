/**
 * The real opencode (pinned, from npm) as lich sessions, against our mock OpenAI API, offline: the
 * first task typed only once its prompt is drawn (cold start), a relay answered over lich's tool and
 * over the shell, and state read from opencode's own event bus.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LichEvent, type OpenaiRig, startOpenaiRig, ticketIn } from "./openaiRig.js"

const rules = [
  {
    when: /FIRST-TASK/,
    steps: (t: string) => [
      { call: { name: "lich_reply_to_session", args: { ticket: ticketIn(t), answer: "first answer" } } },
      { text: "ok" }
    ]
  },
  {
    when: /RELAY-TOOL/,
    steps: (t: string) => [
      { call: { name: "lich_reply_to_session", args: { ticket: ticketIn(t), answer: "tool answer" } } },
      { text: "ok" }
    ]
  },
  {
    when: /RELAY-SHELL/,
    steps: (t: string) => [
      { call: { name: "bash", args: { command: `"$LICH_BIN" reply ${ticketIn(t)} "shell answer"`, description: "reply to lich" } } },
      { text: "ok" }
    ]
  }
] as const

let rig: OpenaiRig
let id = ""
const suiteStart = Date.now()

beforeAll(async () => {
  rig = await startOpenaiRig(rules)
}, 120_000)

afterAll(async () => {
  await rig?.stop()
  console.log(`opencode e2e: ${((Date.now() - suiteStart) / 1000).toFixed(1)} s`)
})

const status = (state: string) => (e: LichEvent) => e._tag === "session-status" && e.id === id && e.state === state

describe("an opencode session lich started", () => {
  it("gets its first task once its prompt is drawn, however long the cold start takes", async () => {
    const t0 = Date.now()
    const s = await rig.open(rig.project("oc"), "opencode")
    id = s.id
    const r = await rig.b.lich(["send", "--timeout", "90", id, "FIRST-TASK: right after open"])
    expect(r).toMatchObject({ code: 0, stdout: "first answer\n" })
    console.log(`opencode open → first answer: ${Date.now() - t0} ms`)
  }, 120_000)

  it("answers over lich's tool, and reports busy then done from its event bus", async () => {
    const busy = rig.event(status("busy"))
    const done = rig.event(status("done"))
    const t0 = Date.now()
    const r = await rig.b.lich(["send", "--timeout", "60", id, "RELAY-TOOL: use the tool"])
    expect(r).toMatchObject({ code: 0, stdout: "tool answer\n" })
    await busy
    await done
    console.log(`opencode tool relay: ${Date.now() - t0} ms`)
  })

  it('answers with "$LICH_BIN" reply from its shell', async () => {
    const t0 = Date.now()
    const r = await rig.b.lich(["send", "--timeout", "60", id, "RELAY-SHELL: use the shell"])
    expect(r).toMatchObject({ code: 0, stdout: "shell answer\n" })
    console.log(`opencode shell relay: ${Date.now() - t0} ms`)
  })

  it("tells lich its conversation id and title", async () => {
    const agent = await rig.event((e) => e._tag === "session-agent" && e.id === id)
    expect(agent.agent).toBe("opencode")
    const title = await rig.event((e) => e._tag === "session-title" && e.id === id)
    expect(title.label).toBe("Mock task title")
  })
})
