/**
 * The real Claude Code (pinned in providers.ts), started by lich's own argv as `lich open --kind
 * claude` starts it, offline against our mock Messages API: each test scripts the model's turns, drives
 * the session through the lich CLI exactly as an agent or a script would, and asserts the contract's
 * output and exit codes together with what reached the model.
 *
 * Every wait is on something that happens — a request reaching the mock, an event on /events, a CLI
 * exit — never on a sleep. The elapsed times asserted are upper bounds that separate "the hooks
 * ended it" from "the timeout ended it", not tuning.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type ClaudeRig, startClaudeRig } from "./claudeHarness.js"

let rig: ClaudeRig

beforeAll(async () => {
  rig = await startClaudeRig({ trusted: true })
})
afterAll(async () => {
  await rig?.stop()
})

const lich = (...args: ReadonlyArray<string>) => rig.b.lich(args)
const timed = async (...args: ReadonlyArray<string>) => {
  const t0 = Date.now()
  const r = await lich(...args)
  return { ...r, ms: Date.now() - t0 }
}
const open = () => rig.open(rig.dirs.trusted!)
const stateOf = async (id: string) =>
  (JSON.parse((await lich("sessions", "--json")).stdout) as Array<{ id: string; state: string }>).find((s) => s.id === id)?.state
const reportsState = (id: string, state: string) => (e: Record<string, unknown>) =>
  e._tag === "session-status" && e.id === id && e.state === state

/** The relayed message always names its ticket in the reply command it spells out. */
const ticketed = (tag: string) => new RegExp(`${tag}[\\s\\S]*reply ([0-9a-f]{8})`)

describe("a relay answered by the real Claude Code", () => {
  it("answers over MCP: send prints the answer the reply_to_session call carried, exit 0", async () => {
    rig.mock.rules.push({
      match: ticketed("RELAY-MCP"),
      steps: [{ toolUse: { name: "mcp__lich__reply_to_session", input: { ticket: "$1", answer: "pong over mcp" } } }, { text: "replied" }]
    })
    const s = await open()
    const r = await timed("send", "--timeout", "60", s.label, "RELAY-MCP ping")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "pong over mcp\n" })
    // The tool really ran inside Claude Code: its result went back to the model on the next step.
    const after = await rig.mock.waitFor((e) => e.rule === ticketed("RELAY-MCP").source && e.step === 1)
    expect(after.toolResults.join("")).toContain("Answer sent")
  })

  it('answers over Bash: the model runs "$LICH_BIN" reply <ticket>, exit 0', async () => {
    rig.mock.rules.push({
      match: ticketed("RELAY-BASH"),
      steps: [
        { toolUse: { name: "Bash", input: { command: '"$LICH_BIN" reply $1 "pong over bash"', description: "Reply through lich" } } },
        { text: "replied" }
      ]
    })
    const s = await open()
    const r = await timed("send", "--timeout", "60", s.label, "RELAY-BASH ping")
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "pong over bash\n" })
  })

  it("ends the wait with exit 3 as soon as a turn ends in text only, well before the timeout", async () => {
    rig.mock.rules.push({ match: /TEXT-ONLY/, steps: [{ text: "I would rather just say it here." }] })
    const s = await open()
    const r = await timed("send", "--timeout", "60", s.label, "TEXT-ONLY question")
    expect(r.code).toBe(3)
    expect(r.stderr).toBe("")
    expect(r.stdout).toContain(`The "${s.label}" session finished its turn without answering through lich.`)
    // Launch, delivery and one model turn take a few seconds; the 60 s timeout never came into it.
    expect(r.ms).toBeLessThan(20_000)
  })
})

describe("a permission prompt", () => {
  it("shows the session as waiting, insert is refused, and a send says why it is blocked", async () => {
    rig.mock.rules.push({
      match: /WRITE-OUTSIDE/,
      // Outside the project, so acceptEdits does not cover it and Claude Code asks.
      steps: [{ toolUse: { name: "Write", input: { file_path: `${rig.scratch}/outside.txt`, content: "x\n" } } }, { text: "written" }]
    })
    const s = await open()
    const waiting = rig.event(reportsState(s.id, "waiting"))
    const sent = await lich("send", "--timeout", "1", s.label, "WRITE-OUTSIDE please")
    expect(sent.code).toBe(2)
    const e = await waiting
    expect(String(e.reason)).toMatch(/permission/i)
    expect(await stateOf(s.id)).toBe("waiting")
    const ins = await lich("insert", "--session", s.id, "text for the prompt")
    expect(ins.code).toBe(1)
    expect(ins.stdout).toBe("")
    expect(ins.stderr).toMatch(/^lich: .*(waiting|permission)/)
    // A task sent now says the session is blocked on a person, and why, in its hook's words.
    const blocked = await lich("send", "--timeout", "2", s.label, "another task meanwhile")
    expect(blocked).toMatchObject({ code: 2, stderr: "" })
    expect(blocked.stdout).toContain(`${s.label} is waiting on a person, not working: ${String(e.reason).replace(/[.\s]+$/, "")}.`)
  })
})
