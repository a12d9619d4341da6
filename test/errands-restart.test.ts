/**
 * Errands outlive the backend: a `kill -9` while a fake agent works on a relayed task leaves the agent
 * running (the PTY host) and the errand on disk (the relay's journal), so the answer the agent gives
 * after the next backend started reaches `lich wait <ticket>`. A reply while no backend runs is
 * refused with a line the agent can act on, and the errand stays open for the retry.
 */
import { spawnSync } from "node:child_process"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentRecord, agent, type Backend, startBackend, waitForJson } from "./harness.js"
import { alive, exitOf, hostsOf, killHard, startAgain } from "./ptyHostHarness.js"

let b: Backend
let again: Awaited<ReturnType<typeof startAgain>> | undefined

beforeAll(async () => {
  // A mute agent never answers by itself: the test answers for it, as it, at the moments it chooses.
  b = await startBackend({ LICH_CRUSH_BIN: agent("mute") })
})
afterAll(async () => {
  if (again && again.exitCode === null) {
    again.kill("SIGTERM")
    await exitOf(again)
  }
  for (const pid of hostsOf(b.env.XDG_CONFIG_HOME!)) if (alive(pid)) process.kill(pid, "SIGKILL")
  await b?.stop()
})

describe("an errand across a backend restart", () => {
  it("is still open after kill -9, and the answer given after the restart reaches wait <ticket>", async () => {
    const worker = JSON.parse((await b.lich(["open", "--project", b.project("keep"), "--kind", "crush", "--json"])).stdout) as {
      id: string
    }
    const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${worker.id}.json`))
    const sent = await b.lich(["send", "--timeout", "1", "--json", worker.id, "survive the restart"])
    expect(sent.code).toBe(2)
    const { ticket } = JSON.parse(sent.stdout) as { ticket: string }
    const asWorker = { LICH_SESSION_ID: worker.id }

    await killHard(b.process)
    expect(alive(rec.pid)).toBe(true)
    // No backend: the reply is refused with one line, and nothing is lost.
    const down = await b.lich(["reply", ticket, "too early"], asWorker)
    expect(down.code).toBe(1)
    expect(down.stderr.split("\n").filter(Boolean)).toHaveLength(1)

    again = await startAgain(b.env)
    const listed = JSON.parse((await b.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>
    expect(listed.map((s) => s.id)).toContain(worker.id)
    expect(await b.lich(["reply", ticket, "made it across"], asWorker)).toMatchObject({ code: 0, stdout: "Answer sent.\n" })
    const got = await b.lich(["wait", "--json", ticket])
    expect(got.code).toBe(0)
    expect(JSON.parse(got.stdout)).toEqual({ ticket, target: expect.any(String), status: "answered", answer: "made it across" })
    expect(spawnSync("kill", ["-0", String(rec.pid)]).status).toBe(0)
  })
})
