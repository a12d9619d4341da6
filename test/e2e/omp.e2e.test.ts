/**
 * The real oh-my-pi 18.2.3 (pinned, from npm, with bun 1.4.5 for its shebang) as lich sessions,
 * after `lich plugin install omp`, against our mock OpenAI API, offline: the first task typed only
 * once lich's tools are mounted, a relay answered over lich's MCP tool (an xd:// device, as oh-my-pi
 * mounts it by default) and over the shell, state from lich's extension (start with the full id,
 * busy then done, title, waiting on the shell's approval with its reason), the cost oh-my-pi computed recorded as reported, and the conversation
 * resumed after the backend restarts.
 */
import { spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { lichBin, post, waitForOutput } from "../harness.js"
import type { LichEvent } from "./events.js"
import { type OmpRig, startOmpRig } from "./ompRig.js"
import { ticketIn } from "./openaiRig.js"
import { attachTerminal } from "./terminal.js"

/** lich's tool, called as oh-my-pi's default presentation has the model call a device: a write to it. */
const device = (ticket: string, answer: string) => ({
  call: {
    name: "write",
    args: { i: "Replying to lich", path: "xd://mcp__lich_reply_to_session", content: JSON.stringify({ ticket, answer }) }
  }
})

const rules = [
  { when: /FIRST-TASK/, steps: (t: string) => [device(ticketIn(t), "first answer"), { text: "ok" }] },
  { when: /RELAY-TOOL/, steps: (t: string) => [device(ticketIn(t), "tool answer"), { text: "ok" }] },
  {
    when: /RELAY-SHELL/,
    steps: (t: string) => [
      { call: { name: "bash", args: { i: "Replying to lich", command: `"$LICH_BIN" reply ${ticketIn(t)} "shell answer"` } } },
      { text: "ok" }
    ]
  },
  { when: /AFTER-RESTART/, steps: (t: string) => [device(ticketIn(t), "resumed answer"), { text: "ok" }] }
] as const

let rig: OmpRig
let id = ""
let second: ReturnType<typeof spawn> | undefined
const suiteStart = Date.now()

beforeAll(async () => {
  rig = await startOmpRig(rules)
}, 600_000)

afterAll(async () => {
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await rig?.stop()
  console.log(`omp e2e: ${((Date.now() - suiteStart) / 1000).toFixed(1)} s`)
})

const mine =
  (tag: string, more: (e: LichEvent) => boolean = () => true) =>
  (e: LichEvent) =>
    e._tag === tag && e.id === id && more(e)
const mainRequest = (l: { title: boolean; user: string }, word: string) => !l.title && l.user.includes(word)
const systemOf = (body: Record<string, unknown>) =>
  JSON.stringify((body.messages as ReadonlyArray<{ role: string; content: unknown }>).filter((m) => m.role === "system"))

describe("an oh-my-pi session lich started with its plugin installed", () => {
  it("gets its first task only once lich's tools are mounted, and answers it over lich's MCP tool", async () => {
    const t0 = Date.now()
    const s = await rig.open(rig.b.project("omp"))
    id = s.id
    const first = rig.mock.next((l) => mainRequest(l, "FIRST-TASK"))
    const r = await rig.b.lich(["send", "--timeout", "90", id, "FIRST-TASK: right after open"])
    expect(r).toMatchObject({ code: 0, stdout: "first answer\n" })
    expect(systemOf((await first).body)).toContain("xd://mcp__lich_reply_to_session")
    console.log(`omp open → first answer: ${Date.now() - t0} ms`)
  }, 120_000)

  it("tells lich its whole session id, and reports busy then done with its title", async () => {
    const agent = await rig.events.find(mine("session-agent"))
    expect(agent.agent).toBe("omp")
    await rig.events.find(mine("session-status", (e) => e.state === "busy"))
    await rig.events.find(mine("session-status", (e) => e.state === "done"))
    expect((await rig.events.find(mine("session-title"))).label).toBe("Mock task title")
  })

  it("answers over lich's tool again, and over the shell once its approval is given in the terminal, waiting meanwhile with its reason", async () => {
    const t0 = Date.now()
    expect(await rig.b.lich(["send", "--timeout", "60", id, "RELAY-TOOL: use the tool"])).toMatchObject({
      code: 0,
      stdout: "tool answer\n"
    })
    const t1 = Date.now()
    const term = await attachTerminal(rig.b, id)
    // In order: the approval's waiting, then busy again once it is given.
    let asked = false
    const waiting = rig.events.find(
      mine("session-status", (e) => e.state === "waiting" && /^permission to run bash/.test(String(e.reason)))
    )
    const resumed = rig.events.find(
      mine("session-status", (e) => {
        if (e.state === "waiting") asked = true
        return asked && e.state === "busy"
      })
    )
    const sent = rig.b.lich(["send", "--timeout", "90", id, "RELAY-SHELL: use the shell"])
    await waiting
    await term.until(/Allow tool: bash/)
    term.type("\r")
    await resumed
    expect(await sent).toMatchObject({ code: 0, stdout: "shell answer\n" })
    term.close()
    console.log(`omp tool relay: ${t1 - t0} ms, shell relay with its approval: ${Date.now() - t1} ms`)
  }, 120_000)

  it("records the cost oh-my-pi computed as reported", async () => {
    const cost = JSON.parse((await rig.b.lich(["cost", "--provider", "omp", "--json"])).stdout) as Record<string, unknown>
    expect(cost).toMatchObject({ sessions: 1, unpriced: 0, source: "reported", reported: 1 })
    expect(cost.costUsd as number).toBeGreaterThan(0)
  })

  it("resumes the same conversation after the backend restarts", async () => {
    expect((await rig.b.lich(["quit"])).stdout).toBe("lich has quit.\n")
    second = spawn(lichBin, ["--no-window"], { env: rig.b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    const started = await post(rig.b, "/rpc/spawn.Start", { from: "", target: id })
    expect(JSON.parse(started.text)).toMatchObject({ id, started: true, startError: "" })
    const asked = rig.mock.next((l) => mainRequest(l, "AFTER-RESTART"))
    expect(await rig.b.lich(["send", "--timeout", "90", id, "AFTER-RESTART: still there?"])).toMatchObject({
      code: 0,
      stdout: "resumed answer\n"
    })
    // The resumed conversation carries the turns before the restart.
    expect(JSON.stringify((await asked).body.messages)).toContain("FIRST-TASK")
  }, 120_000)
})
