/**
 * A task sent to a session still running its worktree setup script is queued, not typed into the
 * script: the ticket comes back at once, and the task goes in once the agent owns the terminal.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, agent, type Backend, waitForRecord } from "./harness.js"
import { makeRepo, startBackendWith } from "./workspaceHarness.js"

let b: Backend
let gate: string

beforeAll(async () => {
  b = await startBackendWith({ LICH_CLAUDE_BIN: agent("hooked-replier") })
  // The setup script blocks on a FIFO until the test opens it: no clock involved.
  gate = path.join(b.dir, "gate.fifo")
  execFileSync("mkfifo", [gate])
})
afterAll(async () => {
  await b?.stop()
})

describe("a target running its setup script", () => {
  it("gets the ticket back at once and the task once its agent is up", async () => {
    const repo = makeRepo(b, "queued", { setup: `echo installing\nread line < "${gate}"\necho installed\n` })
    const opened = await b.lich(["open", "--project", repo.dir, "--worktree", "feat-q", "--kind", "claude", "--json"])
    expect(opened.stderr).toBe("")
    const s = JSON.parse(opened.stdout) as { id: string; label: string }
    const sent = await b.lich(["send", "--json", s.id, "review the diff"])
    expect(sent.code).toBe(2)
    const result = JSON.parse(sent.stdout)
    expect(result).toMatchObject({ target: "feat-q", status: "pending", answer: "" })
    expect(fs.existsSync(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))).toBe(false)
    fs.writeFileSync(gate, "go\n")
    const typed = await waitForRecord<AgentEvent>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.messages.jsonl`), (m) => m.event === "submit")
    expect(typed.text).toContain("review the diff")
    const answered = await b.lich(["wait", result.ticket])
    expect(answered).toMatchObject({ code: 0, stdout: "echo: review the diff\n" })
  })
})
