/**
 * Tasks that cross hosts, over a real sshd (test/sshHarness.ts) between two real liches with fake
 * agents: a local session's send to a session on the host is answered; a pending one is collected
 * after its wait ran out, and nudges its sender as a local result would; a private one keeps to its
 * ticket; a far refusal is said to be the host's; and a killed ssh mid-errand loses neither the far
 * session nor the answer, given while the link was down.
 */
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AgentEvent, agent, type Events, post, waitForRecord, watchEvents } from "./harness.js"
import { forwardPid, type TwoMachines, twoMachines } from "./sshHarness.js"

let m: TwoMachines
let events: Events

beforeAll(async () => {
  m = await twoMachines({
    localEnv: { LICH_CRUSH_BIN: agent("mute") },
    remoteEnv: { LICH_CODEX_BIN: agent("replier"), LICH_OMP_BIN: agent("slow-replier"), LICH_CRUSH_BIN: agent("mute") }
  })
  events = await watchEvents(m.local)
  const added = await m.local.lich(["hosts", "add", "devbox", "devbox"])
  expect(added.stdout).toContain("devbox is connected")
})

afterAll(async () => {
  events?.close()
  await m?.stop()
})

type Machine = TwoMachines["local"]

const open = async (b: Machine, kind: string) => {
  const r = await b.lich(["open", "--project", b.project("work"), "--kind", kind, "--json"])
  expect(r.stderr).toBe("")
  return JSON.parse(r.stdout) as { id: string; label: string }
}
const messages = (b: Machine, id: string) => path.join(b.env.FAKE_AGENT_LOG!, `${id}.messages.jsonl`)
const agentUp = (b: Machine, id: string) => waitForRecord<unknown>(path.join(b.env.FAKE_AGENT_LOG!, `${id}.json`), () => true)

/** `hosts.Send` as `send --host devbox` posts it. */
const sendAcross = (from: string, target: string, prompt: string, o: { timeout?: number; private?: boolean } = {}) =>
  post(m.local, "/rpc/hosts.Send", {
    host: "devbox",
    from,
    target,
    project: "",
    prompt,
    timeout: o.timeout ?? 30,
    private: o.private ?? false
  })

/** The first host-status of devbox in `state` at or after event number `from`, and its number. */
const statusAfter = async (from: number, state: string) => {
  const at = (e: Record<string, unknown>) => events.seen().indexOf(e)
  const e = await events.until((x) => at(x) >= from && x._tag === "host-status" && x.name === "devbox" && x.state === state)
  return at(e)
}

describe("a task for a session on another host", () => {
  it("is answered, the far target told who sent it and from where", async () => {
    const sender = await open(m.local, "crush")
    const target = await open(m.remote, "codex")
    const r = await sendAcross(sender.id, target.label, "list the tests")
    expect(r.status).toBe(200)
    expect(r.json()).toMatchObject({ target: target.label, status: "answered", answer: "echo: list the tests" })
    const typed = await waitForRecord<AgentEvent>(messages(m.remote, target.id), (e) => e.event === "submit")
    expect(typed.text).toMatch(
      new RegExp(`^\\[lich\\] Message from session "${sender.label}" on host "[^"]+", not from your own prompt\\.\\n`)
    )
  })

  it("hands back a ticket when the wait runs out, nudges its sender when the answer lands, and wait collects it", async () => {
    const sender = await open(m.local, "crush")
    const target = await open(m.remote, "omp")
    await agentUp(m.local, sender.id)
    const r = await sendAcross(sender.id, target.label, "index the repo", { timeout: 1 })
    expect(r.json()).toMatchObject({ target: target.label, status: "pending", answer: "" })
    const nudge = await waitForRecord<AgentEvent>(messages(m.local, sender.id), (e) => e.event === "submit" && e.text!.startsWith("[lich]"))
    expect(nudge.text).toBe(
      `[lich] The task you sent "${target.label}" has its result ready. To collect everything at\nonce, run:\n  "$LICH_BIN" wait`
    )
    const c = await m.local.lich(["wait"], { LICH_SESSION_ID: sender.id })
    expect(c.code).toBe(0)
    expect(c.stdout).toBe(`Answer from "${target.label}" (ticket ${String(r.json().ticket)}):\necho: index the repo\n`)
  })

  it("keeps a private result to its ticket: no nudge, not collected without it", async () => {
    const sender = await open(m.local, "crush")
    const target = await open(m.remote, "omp")
    const r = await sendAcross(sender.id, target.label, "secret step", { timeout: 1, private: true })
    const ticket = String(r.json().ticket)
    expect(JSON.parse((await m.local.lich(["wait", "--no-wait", "--json"], { LICH_SESSION_ID: sender.id })).stdout)).toEqual({
      results: [],
      open: []
    })
    expect(await m.local.lich(["wait", ticket], { LICH_SESSION_ID: sender.id })).toMatchObject({ code: 0, stdout: "echo: secret step\n" })
  })

  it("says a far refusal is the host's", async () => {
    const r = await sendAcross("", "nobody-here", "hi")
    expect(r.status).toBe(404)
    expect(String(r.json().error)).toMatch(/^on host "devbox": no live session named "nobody-here"/)
  })

  it("loses neither the far session nor the answer when its ssh is killed mid-errand", async () => {
    const target = await open(m.remote, "crush")
    await agentUp(m.remote, target.id)
    const r = await sendAcross("", target.label, "answer while the link is down", { timeout: 1 })
    expect(r.json().status).toBe("pending")
    const typed = await waitForRecord<AgentEvent>(messages(m.remote, target.id), (e) => e.event === "submit")
    const farTicket = /reply ([0-9a-f]{8}) /.exec(typed.text!)![1]!
    const from = events.seen().length
    process.kill(forwardPid(m.local, "devbox")!, "SIGKILL")
    const down = await statusAfter(from, "disconnected")
    const replied = await m.remote.lich(["reply", farTicket, "answered in the dark"], { LICH_SESSION_ID: target.id })
    expect(replied).toMatchObject({ code: 0, stdout: "Answer sent.\n" })
    await statusAfter(down, "connected")
    expect(await m.local.lich(["wait", String(r.json().ticket)])).toMatchObject({ code: 0, stdout: "answered in the dark\n" })
    const far = JSON.parse((await m.remote.lich(["sessions", "--json"])).stdout) as Array<{ id: string }>
    expect(far.map((p) => p.id)).toContain(target.id)
  })
})

describe("the command line's --host", () => {
  it("sends to a session on the host and exits as a local send does", async () => {
    const sender = await open(m.local, "crush")
    const target = await open(m.remote, "codex")
    const r = await m.local.lich(["send", "--host", "devbox", target.label, "count the files"], { LICH_SESSION_ID: sender.id })
    expect(r).toMatchObject({ code: 0, stderr: "", stdout: "echo: count the files\n" })
  })

  it("waits with --host on a ticket of the host's own, handed out there", async () => {
    const target = await open(m.remote, "omp")
    const far = await m.remote.lich(["send", target.label, "slow one", "--timeout", "1", "--json"])
    expect(far.code).toBe(2)
    const ticket = String(JSON.parse(far.stdout).ticket)
    const r = await m.local.lich(["wait", ticket, "--host", "devbox", "--json"])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ ticket, target: target.label, status: "answered", answer: "echo: slow one" })
  })

  it("opens a session on the host with its task handed over in the same command", async () => {
    const r = await m.local.lich([
      "open",
      "--host",
      "devbox",
      "--project",
      m.remote.project("cli"),
      "--kind",
      "codex",
      "--prompt",
      "hi there"
    ])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/\necho: hi there\n$/)
    const listed = JSON.parse((await m.local.lich(["sessions", "--host", "devbox", "--json"])).stdout) as Array<{ projectPath: string }>
    expect(listed.map((p) => p.projectPath)).toContain(m.remote.project("cli"))
  })

  it("refuses a ticketless wait with --host, and an unknown host, each in one line", async () => {
    const w = await m.local.lich(["wait", "--host", "devbox"])
    expect(w.code).toBe(1)
    expect(w.stderr).toMatch(/^lich: --host waits on one ticket: lich wait <ticket> --host devbox; [^\n]*\n$/)
    const s = await m.local.lich(["sessions", "--host", "elsewhere"])
    expect(s).toMatchObject({ code: 1, stdout: "" })
    expect(s.stderr).toMatch(/^lich: no host named "elsewhere"\. Hosts: devbox\n$/)
  })
})
