/**
 * The mod channel against a real backend, with this test playing the lich-plugin mod over HTTP: it
 * long-polls `GET /mod/commands` and acknowledges with `POST /mod/acks`, exactly as the mod inside a
 * Claude Code session does (the real mod and the real Claude Code are proved in test/e2e/). The
 * session behind it is the scripted fake agent started as kind claude.
 */
import * as http from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Backend, agent, startBackend, tokenOf, waitForRecord, type AgentEvent } from "./harness.js"

let b: Backend
let project: string

interface Command {
  readonly id: string
  readonly kind: string
  readonly [k: string]: unknown
}

/** A long poll as the mod makes it; `abort` drops the connection as a reloaded mod would. */
const poll = (sessionId: string, plugin = "0.15.0") => {
  let req: http.ClientRequest | undefined
  const reply = new Promise<{ status: number; commands: ReadonlyArray<Command>; text: string }>((resolve, reject) => {
    req = http.request(
      { host: "127.0.0.1", port: b.port, method: "GET", path: `/mod/commands?session_id=${sessionId}&token=${tokenOf(b)}`, agent: false, headers: { "x-lich-plugin": plugin } },
      (res) => {
        let text = ""
        res.on("data", (d) => (text += d))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, commands: res.statusCode === 200 ? JSON.parse(text) : [] }))
      }
    )
    req.on("error", reject)
    req.end()
  })
  return { reply, abort: () => req?.destroy() }
}

const ack = (sessionId: string, body: Record<string, unknown>) =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: b.port, method: "POST", path: `/mod/acks?token=${tokenOf(b)}`, agent: false, headers: { "content-type": "application/json" } },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      }
    )
    req.on("error", reject)
    req.end(JSON.stringify({ session_id: sessionId, ...body }))
  })

/** A mod between two polls: it polled a moment ago (so it counts as attached) and nothing is parked now. */
const betweenPolls = async (s: { id: string; label: string }) => {
  const p = poll(s.id)
  const control = b.lich(["control", s.label, "effort"])
  const got = await p.reply
  await ack(s.id, { id: got.commands[0]!.id, kind: "effort", ok: true })
  expect((await control).code).toBe(0)
}

const openClaude = async () => {
  const r = await b.lich(["open", "--project", project, "--kind", "claude", "--json"])
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout) as { id: string; label: string; name: string }
}

beforeAll(async () => {
  b = await startBackend({ LICH_CLAUDE_BIN: agent("hooked-replier") })
  project = b.project("modded")
})
afterAll(async () => {
  await b?.stop()
})

describe("lich control through a polling mod", () => {
  it("hands the prompt to the mod's poll and exits 0 once the mod confirms its turn started", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = b.lich(["control", s.label, "prompt", "run", "the", "tests", "again"])
    const got = await p.reply
    expect(got.status).toBe(200)
    expect(got.commands).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{8}$/), kind: "prompt", text: "run the tests again" }])
    expect(await ack(s.id, { id: got.commands[0]!.id, kind: "prompt", ok: true })).toBe(204)
    expect(await control).toEqual({ code: 0, stdout: `"${s.label}" started a turn on the prompt.\n`, stderr: "" })
  })

  it("prints the contract's JSON, value absent for an abort, and reports what the mod refused with exit 1", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = b.lich(["control", s.id, "abort", "--json"])
    const got = await p.reply
    expect(got.commands).toEqual([{ id: expect.any(String), kind: "abort" }])
    await ack(s.id, { id: got.commands[0]!.id, kind: "abort", ok: true })
    const r = await control
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ id: s.id, project: "modded", label: s.label, action: "abort", command_id: got.commands[0]!.id, state: "done" })

    const again = poll(s.id)
    const refused = b.lich(["control", s.label, "abort"])
    const next = await again.reply
    await ack(s.id, { id: next.commands[0]!.id, kind: "abort", ok: false, error: "no turn is running" })
    expect(await refused).toEqual({ code: 1, stdout: "", stderr: `lich: "${s.label}" could not run it: no turn is running\n` })
  })

  it("passes model, effort and a slash command as the mod needs them, and says what each did", async () => {
    const s = await openClaude()
    const cases: Array<[ReadonlyArray<string>, Record<string, unknown>, string]> = [
      [["model", "opus"], { kind: "model", model: "opus" }, `"${s.label}" uses model "opus" from its next request on.`],
      [["model"], { kind: "model" }, `"${s.label}" is back on its own model from its next request on.`],
      [["effort", "HIGH"], { kind: "effort", effort: "high" }, `"${s.label}" runs at effort "high" from its next request on.`],
      [["command", "/compact", "keep", "the", "plan"], { kind: "command", name: "compact", args: "keep the plan" }, `"${s.label}" ran /compact.`]
    ]
    for (const [words, command, line] of cases) {
      const p = poll(s.id)
      const control = b.lich(["control", s.label, ...words])
      const got = await p.reply
      expect(got.commands).toEqual([{ id: expect.any(String), ...command }])
      await ack(s.id, { id: got.commands[0]!.id, kind: command.kind, ok: true })
      expect(await control).toEqual({ code: 0, stdout: `${line}\n`, stderr: "" })
    }
  })

  it("refuses, before anything is queued, what no session should be sent", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const refusals: Array<[ReadonlyArray<string>, RegExp]> = [
      [["command", "model", "opus"], /^lich: \/model is refused: run this way, Claude Code saves \/model as your default/],
      [["command", "/effort"], /^lich: \/effort is refused/],
      [["effort", "ludicrous"], /^lich: unknown effort "ludicrous" — one of low, medium, high, xhigh, max/],
      [["reboot"], /^lich: unknown action "reboot" — one of prompt, abort, model, effort, command/],
      [["prompt"], /^lich: prompt needs the text to send/],
      [["abort", "now"], /^lich: abort takes no value/]
    ]
    for (const [words, line] of refusals) {
      const r = await b.lich(["control", s.label, ...words])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(line)
      expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1)
    }
    // The mod's poll saw none of them.
    p.abort()
    await expect(p.reply).rejects.toThrow()
  })

  it("refuses the caller itself, another CLI's session, and a Claude Code session whose mod is not polling", async () => {
    const s = await openClaude()
    const self = poll(s.id)
    const mine = await b.lich(["control", s.label, "abort"], { LICH_SESSION_ID: s.id })
    expect(mine).toEqual({ code: 1, stdout: "", stderr: `lich: "${s.label}" is this session, and a session cannot control itself\n` })
    self.abort()
    await expect(self.reply).rejects.toThrow()

    const shell = JSON.parse((await b.lich(["open", "--project", project, "--kind", "shell", "--json"])).stdout)
    const other = await b.lich(["ask", shell.label, "what", "now?"])
    expect(other.code).toBe(1)
    expect(other.stderr).toBe(`lich: "${shell.label}" runs Shell, which has nothing inside it lich could hand a command to: only a Claude Code session with lich's plugin mod polling takes these\n`)

    const quiet = await openClaude()
    const r = await b.lich(["control", quiet.label, "prompt", "hello"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(new RegExp(`^lich: "${quiet.label}" cannot take commands: lich's plugin mod is not polling in it\\. It needs Claude Code 2\\.1\\.280 or later`))
  })

  it("exits 2 with the command's id when the mod took it and has not confirmed it within 10 s", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const started = Date.now()
    const control = b.lich(["control", s.label, "prompt", "later", "--json"])
    const got = await p.reply
    const r = await control
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)
    expect(r.code).toBe(2)
    expect(JSON.parse(r.stdout)).toMatchObject({ label: s.label, action: "prompt", value: "later", command_id: got.commands[0]!.id, state: "delivered" })
  }, 40_000)

  it("withdraws a command no poll took within 10 s and exits 1: nothing ran", async () => {
    const s = await openClaude()
    await betweenPolls(s)
    const r = await b.lich(["control", s.label, "model", "sonnet"])
    expect(r).toEqual({
      code: 1,
      stdout: "",
      stderr: `lich: "${s.label}" never took the command within 10 s — its mod stopped polling, so it was withdrawn. Nothing ran; it is safe to send again\n`
    })
    const later = await poll(s.id).reply
    expect(later.commands).toEqual([])
  }, 60_000)

  it("exits 3 when the session ends before it confirms", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const control = b.lich(["control", s.label, "prompt", "go", "--json"])
    await p.reply
    expect((await b.lich(["close", s.id])).code).toBe(0)
    const r = await control
    expect(r.code).toBe(3)
    expect(JSON.parse(r.stdout)).toMatchObject({ state: "ended" })
  })
})

describe("lich ask through a polling mod", () => {
  it("prints the answer the mod's side question came back with", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const asked = b.lich(["ask", s.label, "what", "are", "you", "working", "on?"])
    const got = await p.reply
    expect(got.commands).toEqual([{ id: expect.any(String), kind: "ask", question: "what are you working on?" }])
    await ack(s.id, { id: got.commands[0]!.id, kind: "ask", ok: true, answer: "Fixing the flaky login test." })
    expect(await asked).toEqual({ code: 0, stdout: "Fixing the flaky login test.\n", stderr: "" })

    const again = poll(s.id)
    const json = b.lich(["ask", "--json", s.name, "and now?"])
    const next = await again.reply
    await ack(s.id, { id: next.commands[0]!.id, kind: "ask", ok: true, answer: "Done." })
    expect(JSON.parse((await json).stdout)).toEqual({ id: s.id, project: "modded", label: s.label, answer: "Done." })
  })

  it("fails with the reason in words when there is nothing to answer from", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const asked = b.lich(["ask", s.label, "status?"])
    const got = await p.reply
    await ack(s.id, { id: got.commands[0]!.id, kind: "ask", ok: false, error: "nothing-to-fork" })
    expect(await asked).toEqual({ code: 1, stdout: "", stderr: `lich: "${s.label}" could not answer: it has no conversation yet (it is new, or was just cleared)\n` })
  })
})

describe("delivery through a polling mod", () => {
  it("hands a relayed task to the mod instead of typing it, and the reply comes home", async () => {
    const s = await openClaude()
    const p = poll(s.id)
    const send = b.lich(["send", s.label, "summarise the diff", "--json"])
    const got = await p.reply
    expect(got.commands).toHaveLength(1)
    const task = got.commands[0]!
    expect(task.kind).toBe("prompt")
    expect(task.text).toMatch(/^\[lich\] Message relayed by the lich command line, not from your own prompt\.\n\nsummarise the diff\n/)
    const ticket = /reply ([0-9a-f]{8}) /.exec(String(task.text))![1]!
    await ack(s.id, { id: task.id, kind: "prompt", ok: true })
    // The mod's status view shows the errand as owed by this session.
    const status = await new Promise<string>((resolve) =>
      http.get(`http://127.0.0.1:${b.port}/mod/status?session_id=${s.id}&token=${tokenOf(b)}`, (res) => {
        let t = ""
        res.on("data", (d) => (t += d))
        res.on("end", () => resolve(t))
      })
    )
    expect(JSON.parse(status)).toEqual({ owed: [{ ticket, from: "", asked: "summarise the diff" }], open: [], ready: [] })
    expect((await b.lich(["reply", ticket, "three files changed"])).code).toBe(0)
    const r = await send
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ ticket, target: s.label, status: "answered", answer: "three files changed" })
  })

  it("types a task no poll collected within 10 s, as at any other prompt", async () => {
    const s = await openClaude()
    await betweenPolls(s)
    const log = `${b.env.FAKE_AGENT_LOG}/${s.id}.messages.jsonl`
    const started = Date.now()
    const r = await b.lich(["send", s.label, "typed after all"])
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000)
    expect(r).toMatchObject({ code: 0, stdout: "echo: typed after all\n" })
    expect(await waitForRecord<AgentEvent>(log, (e) => e.event === "submit")).toMatchObject({ text: expect.stringContaining("typed after all") })
  }, 60_000)
})

describe("the mod routes", () => {
  it("answer 404 for a session lich is not running, 400 without a session id, 405 for the wrong method", async () => {
    expect((await poll("0123456789abcdef0123456789abcdef").reply).status).toBe(404)
    const noId = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${b.port}/mod/commands?token=${tokenOf(b)}`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
    )
    expect(noId).toBe(400)
    const post = await new Promise<number>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port: b.port, method: "POST", path: `/mod/commands?token=${tokenOf(b)}` }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.end("{}")
    })
    expect(post).toBe(405)
  })

  it("refuse a poll without the token", async () => {
    const status = await new Promise<number>((resolve) =>
      http.get(`http://127.0.0.1:${b.port}/mod/commands?session_id=x&token=nope`, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
    )
    expect(status).toBe(401)
  })
})
