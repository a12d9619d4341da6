/**
 * A session killed while it works on a task. Its errand used to close as "finished its turn
 * without answering" — advice to go and read an answer that never existed. It ends as the session
 * ending: exit 3, and words that say the session ended.
 */

import { spawn } from "node:child_process"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, type AgentRecord, agent, type Backend, lichBin, startBackend, waitForJson, waitForRecord } from "../harness.js"

let b: Backend
beforeAll(async () => {
  // A hooked agent that reports busy and then works for ten minutes: killed mid-turn.
  b = await startBackend({ LICH_CRUSH_BIN: agent("hooked-replier"), FAKE_REPLY_DELAY_MS: "600000" })
})
afterAll(() => b.stop())

describe("a session killed mid-task", () => {
  it("ends the sender's wait with exit 3 saying it ended, never that it finished its turn", async () => {
    const opened = JSON.parse((await b.lich(["open", "--project", b.project("killed"), "--kind", "crush", "--json"])).stdout)
    const record = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${opened.id}.json`))
    const send = spawn(lichBin, ["send", opened.label, "a long task"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    send.stdout.on("data", (d) => (stdout += d))
    const ended = new Promise<number | null>((resolve) => send.on("close", resolve))
    await waitForRecord<AgentEvent>(path.join(b.env.FAKE_AGENT_LOG!, `${opened.id}.messages.jsonl`), (e) => e.event === "submit")
    process.kill(record.pid, "SIGKILL")
    expect(await ended).toBe(3)
    expect(stdout).not.toMatch(/finished its turn/)
    expect(stdout).toMatch(new RegExp(`"${opened.label}" ended|that session ended`))
  })
})
