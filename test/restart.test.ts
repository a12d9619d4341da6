/**
 * A lich that quit and started again: its open cards come back with no process in them, and the
 * window's first view of one starts it (spawn.Start) — resuming the provider's conversation when its
 * session-start hook reported one, so nothing of the conversation is lost to the restart.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, agent, type Backend, lichBin, post, startBackend, waitForJson, waitForOutput } from "./harness.js"

let b: Backend
let second: ReturnType<typeof spawn> | undefined
beforeAll(async () => {
  b = await startBackend({ LICH_CLAUDE_BIN: agent("mute") })
})
afterAll(async () => {
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await b?.stop()
})

describe("after a restart", () => {
  it("starts a card's terminal on request, resuming the conversation its hook reported", async () => {
    const s = JSON.parse((await b.lich(["open", "--project", b.project("again"), "--kind", "claude", "--model", "opus", "--json"])).stdout)
    const record = path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`)
    await waitForJson(record)
    expect((await post(b, "/session-start", { session_id: s.id, provider_session_id: "conv-123", provider: "claude" })).status).toBe(204)
    expect((await b.lich(["quit"])).stdout).toBe("lich has quit.\n")
    fs.rmSync(record)

    second = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    expect((await b.lich(["sessions", "--json"])).stdout).toBe("[]\n")
    const started = await post(b, "/rpc/spawn.Start", { from: "", target: s.id })
    expect(JSON.parse(started.text)).toEqual({ id: s.id, started: true, startError: "" })
    const rec = await waitForJson<AgentRecord>(record)
    expect(rec.argv.slice(0, 2)).toEqual(["--resume", "conv-123"])
    expect(rec.argv).not.toContain("opus")
    expect(JSON.parse((await b.lich(["sessions", "--json"])).stdout).map((p: { id: string }) => p.id)).toEqual([s.id])
    const again = await post(b, "/rpc/spawn.Start", { from: "", target: s.label })
    expect(JSON.parse(again.text)).toEqual({ id: s.id, started: false, startError: "" })
  })
})
