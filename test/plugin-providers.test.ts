/**
 * The five harnesses lich reaches through its plugin, after `lich plugin install`, each played by a
 * stand-in (test/fixtures/standins) that reads only the files the install wrote, in the harness's
 * documented format, and fires the hooks or extension events that harness documents with their
 * payloads. Per provider: what a session reports (and, for Crush and Cursor, what it cannot), that a
 * relayed task offers lich's tool and is answered over MCP, the reported cost of oh-my-pi and Crush,
 * and a resume with the harness's own flag and id after lich restarts.
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import * as path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type EventFeed, type LichEvent, subscribeEvents } from "./e2e/events.js"
import { type AgentRecord, type Backend, lichBin, post, root, startBackend, waitForJson, waitForOutput } from "./harness.js"

const standin = (name: string) => path.join(root, "test", "fixtures", "standins", name)
const KINDS = ["omp", "crush", "cursor", "kiro", "antigravity"] as const
type Kind = (typeof KINDS)[number]

let b: Backend
let events: EventFeed
let project: string
let second: ReturnType<typeof spawn> | undefined
const opened = new Map<Kind, { id: string; label: string }>()

beforeAll(async () => {
  b = await startBackend({
    LICH_OMP_BIN: standin("omp"),
    LICH_CRUSH_BIN: standin("crush"),
    LICH_CURSOR_BIN: standin("cursor-agent"),
    LICH_KIRO_BIN: standin("kiro-cli"),
    LICH_ANTIGRAVITY_BIN: standin("agy"),
    // oh-my-pi's stand-in asks for approval before each tool, as `--approval-mode always-ask` does.
    STANDIN_ASK: "1",
    STANDIN_ASK_MS: "400"
  })
  events = await subscribeEvents(b)
  project = b.project("plugins")
  for (const kind of KINDS) {
    const r = await b.lich(["plugin", "install", kind])
    expect(r.stderr).toBe("")
  }
})
afterAll(async () => {
  events?.ws.close()
  if (second && second.exitCode === null) {
    second.kill("SIGTERM")
    await new Promise((r) => second!.on("exit", r))
  }
  await b?.stop()
})

const of =
  (id: string, tag: string, more: (e: LichEvent) => boolean = () => true) =>
  (e: LichEvent) =>
    e._tag === tag && e.id === id && more(e)

const open = async (kind: Kind) => {
  const r = await b.lich(["open", "--project", project, "--kind", kind, "--json"])
  expect(r.stderr).toBe("")
  const s = JSON.parse(r.stdout) as { id: string; label: string }
  opened.set(kind, s)
  return s
}

const sendTask = async (label: string, task: string) => {
  const r = await b.lich(["send", label, task])
  expect(r).toMatchObject({ code: 0, stdout: `done over mcp: ${task}\n` })
}

describe("after lich plugin install", () => {
  it("oh-my-pi: start with its full id, busy, waiting on an approval with its reason, the tool, touched, done, title, reported cost", async () => {
    const s = await open("omp")
    const agent = await events.find(of(s.id, "session-agent"))
    expect(agent.agent).toBe("omp")
    await sendTask(s.label, "write the proof file")
    await events.find(of(s.id, "session-status", (e) => e.state === "waiting" && e.reason === "permission to run write"))
    await events.find(of(s.id, "session-status", (e) => e.state === "busy" && e.tool === "mcp__lich_reply_to_session"))
    await events.find(of(s.id, "session-touched"))
    await events.find(of(s.id, "session-status", (e) => e.state === "done"))
    expect((await events.find(of(s.id, "session-title"))).label).toBe("Mock title")
    const cost = JSON.parse((await b.lich(["cost", "--provider", "omp", "--json"])).stdout) as Record<string, unknown>
    expect(cost).toMatchObject({ sessions: 1, unpriced: 0, source: "reported", reported: 1 })
    expect(cost.costUsd as number).toBeCloseTo(0.0033, 9)
  })

  it("Crush: start and touched from its PreToolUse hooks, no turn state, reported cost from crush.db", async () => {
    const s = await open("crush")
    await sendTask(s.label, "fix the crush bug")
    expect((await events.find(of(s.id, "session-agent"))).agent).toBe("crush")
    await events.find(of(s.id, "session-touched"))
    expect(events.seen(of(s.id, "session-status"))).toBe(false)
    const row = JSON.parse((await b.lich(["sessions", "--json"])).stdout).find((r: { id: string }) => r.id === s.id)
    expect(row.state).toBe("")
    const cost = JSON.parse((await b.lich(["cost", "--provider", "crush", "--json"])).stdout) as Record<string, unknown>
    expect(cost).toMatchObject({ sessions: 1, unpriced: 0, source: "reported" })
    expect(cost.costUsd as number).toBeCloseTo(0.0125, 9)
  })

  it("Cursor CLI: start with its chat id and touched from its own hooks file, lich's tools from ~/.cursor/mcp.json, no turn state", async () => {
    const s = await open("cursor")
    expect((await events.find(of(s.id, "session-agent"))).agent).toBe("cursor")
    await sendTask(s.label, "tidy the cursor docs")
    await events.find(of(s.id, "session-touched"))
    expect(events.seen(of(s.id, "session-status"))).toBe(false)
  })

  it("Kiro CLI: spawned with --agent lich; start, busy, the tool, touched and done from its agent's hooks", async () => {
    const s = await open("kiro")
    expect((await events.find(of(s.id, "session-agent"))).agent).toBe("kiro")
    const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
    expect(rec.argv.slice(0, 3)).toEqual(["chat", "--agent", "lich"])
    await sendTask(s.label, "port the kiro module")
    await events.find(of(s.id, "session-status", (e) => e.state === "busy" && e.tool === "@lich/reply_to_session"))
    await events.find(of(s.id, "session-touched"))
    await events.find(of(s.id, "session-status", (e) => e.state === "done"))
  })

  it("Antigravity: lich's server added through agy mcp add; start, busy, the tool, touched, done and the title from its plugin's hooks", async () => {
    const s = await open("antigravity")
    await sendTask(s.label, "review the agy change")
    expect((await events.find(of(s.id, "session-agent"))).agent).toBe("antigravity")
    await events.find(of(s.id, "session-status", (e) => e.state === "busy" && e.tool === "write_to_file" && e.detail === "proof.txt"))
    await events.find(of(s.id, "session-touched"))
    await events.find(of(s.id, "session-status", (e) => e.state === "done"))
    expect((await events.find(of(s.id, "session-title"))).label).toBe("review the agy change")
  })

  it("resumes every one of them with its own flag and the id it reported, after lich restarts", async () => {
    const resumeWord: Record<Kind, string> = {
      omp: "-r",
      crush: "--session",
      cursor: "--resume",
      kiro: "--resume-id",
      antigravity: "--conversation"
    }
    const record = (kind: Kind) => path.join(b.env.FAKE_AGENT_LOG!, `${opened.get(kind)!.id}.json`)
    for (const kind of KINDS) await events.find(of(opened.get(kind)!.id, "session-agent"))
    expect((await b.lich(["quit"])).stdout).toBe("lich has quit.\n")
    for (const kind of KINDS) fs.rmSync(record(kind))
    second = spawn(lichBin, ["--no-window"], { env: b.env, stdio: ["ignore", "pipe", "pipe"] })
    await waitForOutput(second, /Window: http/)
    for (const kind of KINDS) {
      const s = opened.get(kind)!
      const started = await post(b, "/rpc/spawn.Start", { from: "", target: s.id })
      expect(JSON.parse(started.text)).toMatchObject({ id: s.id, started: true, startError: "" })
      const rec = await waitForJson<AgentRecord>(record(kind))
      const at = rec.argv.indexOf(resumeWord[kind])
      expect(at, `${kind} argv ${rec.argv.join(" ")}`).toBeGreaterThanOrEqual(0)
      expect(rec.argv[at + 1]).toMatch(kind === "crush" ? /^crush-\d+$/ : /^[0-9a-f-]{36}$/)
    }
  })

  it("after lich plugin remove, a new Kiro session runs the user's own agent and is not offered lich's tool", async () => {
    expect((await b.lich(["plugin", "remove", "kiro"])).stdout).toBe("Removed lich's plugin for Kiro CLI.\n")
    const s = await b
      .lich(["open", "--project", project, "--kind", "kiro", "--json"])
      .then((r) => JSON.parse(r.stdout) as { id: string; label: string })
    const rec = await waitForJson<AgentRecord>(path.join(b.env.FAKE_AGENT_LOG!, `${s.id}.json`))
    expect(rec.argv).toEqual(["chat"])
    const r = await b.lich(["send", s.label, "plain task"])
    expect(r.stdout).toBe("done over the shell: plain task\n")
  })
})
