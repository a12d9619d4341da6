/**
 * Budgets through the shipped CLI and `lich mcp` against a live backend: a project over its daily
 * cap refuses a relayed `send` (exit 1, the cap's one line), `open --prompt` (before any session
 * opens) and the MCP tools `send_to_session` and `open_session` (isError, the same words); a cap
 * lifted lets the next send through. The spend is the one a session's provider reported (mod-usage).
 */
import { beforeAll, describe, expect, it } from "vitest"
import { post } from "./harness.js"
import { mcpRig } from "./mcpHarness.js"

const rig = mcpRig()
let project: string
let target: { id: string; label: string }

const LINE =
  'project "capped" is over its daily spend cap: $2.00 spent today of $1.00 — raise or lift it in Settings › Budgets (work already running is not stopped)'

const sessions = async () => (JSON.parse((await rig.b.lich(["sessions", "--json"])).stdout) as Array<{ project: string }>).length

beforeAll(async () => {
  project = rig.b.project("capped")
  const opened = await rig.b.lich(["open", "--project", project, "--kind", "claude", "--json"])
  expect(opened.code, opened.stderr).toBe(0)
  target = JSON.parse(opened.stdout)
  // What Claude Code's mod reports: this session has cost $2.00 so far.
  const usage = { session_id: target.id, conversation_id: "c1", context: { window: 200000 }, rate_limits: [], cost_usd: 2 }
  expect((await post(rig.b, "/mod/usage", usage)).status).toBe(204)
  const set = await post(rig.b, "/rpc/system.SetBudget", { project, dayUsd: 1, windowPercent: null })
  expect(set.status, set.text).toBe(200)
})

describe("a project over its daily cap", () => {
  it("refuses a send with the cap's one line, exit 1", async () => {
    const r = await rig.b.lich(["send", "--project", project, "--timeout", "1", target.label, "one more task"])
    expect(r).toMatchObject({ code: 1, stdout: "", stderr: `lich: ${LINE}\n` })
  })

  it("refuses open --prompt before a session opens for it", async () => {
    const before = await sessions()
    const r = await rig.b.lich(["open", "--project", project, "--kind", "claude", "--prompt", "a new task"])
    expect(r).toMatchObject({ code: 1, stderr: `lich: ${LINE}\n` })
    expect(await sessions()).toBe(before)
  })

  it("answers the MCP tools with isError and the same words, opening nothing", async () => {
    expect(await rig.mcp.tool("send_to_session", { session: target.label, project, prompt: "one more task", timeout_seconds: 1 })).toEqual({
      text: LINE,
      isError: true
    })
    const before = await sessions()
    expect(await rig.mcp.tool("open_session", { project, kind: "claude", prompt: "a new task" })).toEqual({ text: LINE, isError: true })
    expect(await sessions()).toBe(before)
  })

  it("lets the next send through once the cap is lifted", async () => {
    const lifted = await post(rig.b, "/rpc/system.SetBudget", { project, dayUsd: null, windowPercent: null })
    expect(lifted.status, lifted.text).toBe(200)
    const r = await rig.b.lich(["send", "--project", project, "--timeout", "1", target.label, "one more task"])
    expect([0, 2]).toContain(r.code)
    expect(r.stderr).toBe("")
  })
})
