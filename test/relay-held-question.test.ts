/**
 * A task held behind a question of the provider's own, through the real CLI: the fake agent opens
 * on Codex's folder-trust question (what lich reads off a Codex screen), so the task is held, not
 * typed. A sender whose wait runs out is told the session waits on a person and why — exit 2 with
 * its ticket, as the contract has for a pending result — never that the task was typed and nothing
 * came back. Once a person answers in the card, the task goes in and its answer comes home. The
 * same holds for a session that reports no state and has not drawn its prompt yet: its pending
 * result says the task was not typed there, not that it was typed and nothing came back.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, agent, type Backend, waitForRecord } from "./harness.js"
import { attachTerminal, startBackendWith } from "./workspaceHarness.js"

let b: Backend

beforeAll(async () => {
  b = await startBackendWith({ LICH_CODEX_BIN: agent("trust-asker"), LICH_OPENCODE_BIN: agent("undrawn") })
})
afterAll(async () => {
  await b?.stop()
})

const messages = (id: string) => path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)
const pasted = (id: string) =>
  fs.existsSync(messages(id)) &&
  fs
    .readFileSync(messages(id), "utf8")
    .split("\n")
    .some((l) => l.includes('"event":"paste"'))

describe("a task held behind Codex's folder-trust question", () => {
  it("is pending on a person with the question's reason, typed only once it is answered", async () => {
    const opened = await b.lich(["open", "--project", b.project("asks"), "--kind", "codex", "--json"])
    expect(opened.stderr).toBe("")
    const s = JSON.parse(opened.stdout) as { id: string; label: string }
    const term = await attachTerminal(b, s.id)
    await term.waitFor(/Trust and continue/)

    const sent = await b.lich(["send", "--timeout", "2", s.id, "after the question"])
    expect(sent.code).toBe(2)
    expect(sent.stderr).toBe("")
    expect(sent.stdout).toContain(
      `${s.label} is waiting on a person, not working: Codex asks whether to trust this folder: answer it in this card, and the task waiting for it is typed after. It cannot pick up the task until someone answers that in the "${s.label}" card — tell the user. The errand is open`
    )
    expect(sent.stdout).not.toContain("typed at its prompt")
    const ticket = /lich wait ([0-9a-f]{8})/.exec(sent.stdout)![1]!
    // --json keeps to the contract's four keys: the reason is prose only.
    const again = await b.lich(["wait", "--json", "--timeout", "1", ticket])
    expect(again.code).toBe(2)
    expect(JSON.parse(again.stdout)).toEqual({ ticket, target: s.label, status: "pending", answer: "" })
    expect(pasted(s.id)).toBe(false)

    // A person answers the question in the card; the held task goes in and is answered.
    term.type("\r")
    const typed = await waitForRecord<AgentEvent>(messages(s.id), (m) => m.event === "submit")
    expect(typed.text).toContain("after the question")
    const answered = await b.lich(["wait", ticket])
    expect(answered).toMatchObject({ code: 0, stdout: "echo: after the question\n" })
    term.close()
  })
})

describe("a task for a session that reports no state and has not drawn its prompt yet", () => {
  it("is pending saying nothing was typed there, and goes in once the prompt is drawn", async () => {
    const opened = await b.lich(["open", "--project", b.project("drawing"), "--kind", "opencode", "--json"])
    expect(opened.stderr).toBe("")
    const s = JSON.parse(opened.stdout) as { id: string; label: string }
    const term = await attachTerminal(b, s.id)
    await term.waitFor(/fake agent/)

    const sent = await b.lich(["send", "--timeout", "2", s.id, "before the prompt"])
    expect([sent.code, sent.stderr]).toEqual([2, ""])
    expect(sent.stdout).toContain(
      `${s.label} has not been given the message yet: lich holds it until that session is at its prompt, and it has not been there since the send`
    )
    expect(sent.stdout).not.toContain("typed at its prompt")
    expect(pasted(s.id)).toBe(false)
    const ticket = /lich wait ([0-9a-f]{8})/.exec(sent.stdout)![1]!

    // Its composer drawn, the held task goes in and is answered.
    term.type("\r")
    const typed = await waitForRecord<AgentEvent>(messages(s.id), (m) => m.event === "submit")
    expect(typed.text).toContain("before the prompt")
    expect(await b.lich(["wait", ticket])).toMatchObject({ code: 0, stdout: "echo: before the prompt\n" })
    term.close()
  })
})
