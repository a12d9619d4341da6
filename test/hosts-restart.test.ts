/**
 * A task that crosses hosts is journaled on both sides: `kill -9` of either lich while the far agent
 * works on it loses nothing. The sender's lich comes back to the errand (the relay's journal) and
 * to the host (the store), and follows it again; the far lich comes back to the errand and to its
 * record of who sent it (far_errands), and the sender's link is made again to the restarted lich.
 * Either way the answer given afterwards reaches `lich wait <ticket>` on the sending side.
 */
import type { ChildProcess } from "node:child_process"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, agent, post, waitForRecord } from "./harness.js"
import { alive, exitOf, hostsOf, killHard, startAgain } from "./ptyHostHarness.js"
import { type TwoMachines, twoMachines } from "./sshHarness.js"

let m: TwoMachines
const restarted: Array<ChildProcess> = []

beforeAll(async () => {
  // Mute agents: the test answers for them, as them, at the moments it chooses.
  m = await twoMachines({ remoteEnv: { LICH_CRUSH_BIN: agent("mute") } })
  expect((await m.local.lich(["hosts", "add", "devbox", "devbox"])).stdout).toContain("devbox is connected")
})

afterAll(async () => {
  for (const c of restarted) {
    if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM")
    await exitOf(c)
  }
  for (const b of [m.local, m.remote]) for (const pid of hostsOf(b.env.XDG_CONFIG_HOME!)) if (alive(pid)) process.kill(pid, "SIGKILL")
  await m?.stop()
})

/** A far session, and a task sent to it from here that came back pending with the far ticket it was typed with. */
const pendingTask = async (prompt: string) => {
  const target = JSON.parse((await m.remote.lich(["open", "--project", m.remote.project("far"), "--kind", "crush", "--json"])).stdout) as {
    id: string
    label: string
  }
  await waitForRecord<unknown>(path.join(m.remote.env.FAKE_AGENT_LOG!, `${target.id}.json`), () => true)
  const sent = await post(m.local, "/rpc/hosts.Send", {
    host: "devbox",
    from: "",
    target: target.label,
    project: "",
    prompt,
    timeout: 1,
    private: false
  })
  expect(sent.json().status).toBe("pending")
  const typed = await waitForRecord<AgentEvent>(
    path.join(m.remote.env.FAKE_AGENT_LOG!, `${target.id}.messages.jsonl`),
    (e) => e.event === "submit"
  )
  return { target, ticket: String(sent.json().ticket), farTicket: /reply ([0-9a-f]{8}) /.exec(typed.text!)![1]! }
}

describe("a task across hosts, across a restart", () => {
  it("reaches its sender when the sender's lich was killed and started again", async () => {
    const t = await pendingTask("survive the sender's restart")
    await killHard(m.local.process)
    restarted.push(await startAgain(m.local.env))
    expect(await m.remote.lich(["reply", t.farTicket, "made it to the new sender"], { LICH_SESSION_ID: t.target.id })).toMatchObject({
      code: 0
    })
    expect((await m.local.lich(["hosts", "connect", "devbox"])).code).toBe(0)
    expect(await m.local.lich(["wait", t.ticket])).toMatchObject({ code: 0, stdout: "made it to the new sender\n" })
  })

  it("reaches its sender when the far lich was killed and started again", async () => {
    const t = await pendingTask("survive the far restart")
    await killHard(m.remote.process)
    restarted.push(await startAgain(m.remote.env))
    expect(await m.remote.lich(["reply", t.farTicket, "made it past the far restart"], { LICH_SESSION_ID: t.target.id })).toMatchObject({
      code: 0
    })
    expect(await m.local.lich(["wait", t.ticket])).toMatchObject({ code: 0, stdout: "made it past the far restart\n" })
  })
})
