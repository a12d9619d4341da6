/**
 * A Claude Code session that will never poll lich's mod, through the real CLI with the mod's grace
 * at its default (15 s): a session whose hooks report its start before any poll runs no mod (a
 * Claude Code older than 2.1.280, or a stand-in such as this fake agent), so its first task is typed
 * as soon as it is at its prompt instead of being held for a poll that is not coming (the grace
 * itself is timed in libs/relay/src/viaMod.test.ts).
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { agent, type Backend, startBackend, waitForRecord } from "./harness.js"

let b: Backend

beforeAll(async () => {
  b = await startBackend({ LICH_MOD_GRACE_MS: undefined, LICH_CLAUDE_BIN: agent("fast-replier") })
})
afterAll(async () => {
  await b?.stop()
})

const open = async () => {
  const r = await b.lich(["open", "--project", b.project("modless"), "--kind", "claude", "--json"])
  expect(r.stderr).toBe("")
  const s = JSON.parse(r.stdout) as { id: string; label: string }
  await waitForRecord<unknown>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`), () => true)
  return s
}

describe("a Claude Code session without a mod", () => {
  it("gets its first task typed well inside the 15 s grace once its start was reported with no poll", async () => {
    const s = await open()
    // Held for the grace, this wait would run out first: exit 2 with a ticket.
    const r = await b.lich(["send", "--timeout", "10", s.id, "no mod here"])
    expect(r).toMatchObject({ code: 0, stdout: "echo: no mod here\n", stderr: "" })
  })
})
