/**
 * What reaches a session's process: the contract's LICH_* variables and the provider's own, never
 * the backend's (its listen port, the binary overrides it resolves providers with, its log level).
 * The backend here runs with all of those set, as test/harness.ts and a user's shell set them.
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, type Backend, startBackend, waitForJson } from "./harness.js"

let b: Backend
beforeAll(async () => {
  b = await startBackend({ LICH_LOG_LEVEL: "info" })
})
afterAll(() => b.stop())

const contract = ["LICH_BIN", "LICH_PORT", "LICH_PROJECT_DIR", "LICH_PROMPT_LANG", "LICH_SESSION_ID", "LICH_TOKEN", "LICH_WORKTREE_PORT"]

const envOf = async (kind: string) => {
  const r = await b.lich(["open", "--project", b.project(`env-${kind}`), "--kind", kind, "--json"])
  expect(r.code, r.stderr).toBe(0)
  const id = JSON.parse(r.stdout).id as string
  const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`))
  return { id, env: rec.env }
}

describe("a session's environment", () => {
  it("holds the contract's variables and none of the backend's own", async () => {
    expect(b.env.LICH_LISTEN_PORT).toBeDefined()
    expect(b.env.LICH_CODEX_BIN).toBeDefined()
    const { id, env } = await envOf("codex")
    expect(Object.keys(env).sort()).toEqual(contract)
    expect(env.LICH_SESSION_ID).toBe(id)
  })

  it("is the same for opencode, whose own additions are not LICH_ variables", async () => {
    const { env } = await envOf("opencode")
    expect(Object.keys(env).sort()).toEqual(contract)
  })
})
